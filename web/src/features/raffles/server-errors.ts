import { isApiError } from '@/lib/api-error';
import { formFieldOf, type RaffleFormInput } from './raffle-form-schema';

export type RaffleServerErrors = {
  fields: { field: keyof RaffleFormInput; message: string }[];
  /** What the form cannot pin on a field (403, 404, network…): shown above the form and in the toast. */
  general: string | null;
};

const CODE_FIELDS: Record<string, keyof RaffleFormInput> = {
  TOTAL_NUMBERS_LOCKED: 'total_numbers',
  DRAW_SOURCE_LOCKED: 'draw_source',
  INVALID_TRANSITION: 'status',
};

/** Spreads an API error over the raffle form: 422 `fields`, 409 locks and refused status changes. */
export function raffleServerErrors(error: unknown, fallback: string): RaffleServerErrors {
  if (!isApiError(error)) return { fields: [], general: fallback };
  const codeField = CODE_FIELDS[error.code];
  if (codeField) return { fields: [{ field: codeField, message: error.message }], general: error.message };

  const fields: RaffleServerErrors['fields'] = [];
  for (const problem of error.fields) {
    const field = formFieldOf(problem.path.split('.')[0] ?? '');
    if (field) fields.push({ field, message: problem.message });
  }
  return { fields, general: fields.length > 0 ? null : error.message || fallback };
}
