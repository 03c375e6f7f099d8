import { isApiError } from '@/lib/api-error';
import {
  type AccountFieldPath,
  accountFieldPath,
  formFieldOf,
  type RaffleFormInput,
} from './raffle-form-schema';

export type RaffleServerErrors = {
  /** A form field, or one field of a payment account (`payment_accounts.1.phone`). */
  fields: { field: keyof RaffleFormInput | AccountFieldPath; message: string }[];
  /** What the form cannot pin on a field (403, 404, network…): shown above the form and in the toast. */
  general: string | null;
};

const CODE_FIELDS: Record<string, keyof RaffleFormInput> = {
  TOTAL_NUMBERS_LOCKED: 'total_numbers',
  DRAW_SOURCE_LOCKED: 'draw_source',
  INVALID_TRANSITION: 'status',
  // Issue 19: with sales the closing date only moves later.
  CLOSING_DATE_LOCKED: 'closing_date',
};

/** The first term a 409 TERMS_LOCKED names (`terms`), as a form field. */
function lockedTermField(details: Record<string, unknown>): keyof RaffleFormInput {
  const [term] = Array.isArray(details.terms) ? details.terms : [];
  return (typeof term === 'string' && formFieldOf(term)) || 'total_numbers';
}

/** Spreads an API error over the raffle form: 422 `fields`, 409 locks and refused status changes. */
export function raffleServerErrors(error: unknown, fallback: string): RaffleServerErrors {
  if (!isApiError(error)) return { fields: [], general: fallback };
  const codeField = error.code === 'TERMS_LOCKED' ? lockedTermField(error.details) : CODE_FIELDS[error.code];
  if (codeField) return { fields: [{ field: codeField, message: error.message }], general: error.message };

  const fields: RaffleServerErrors['fields'] = [];
  for (const problem of error.fields) {
    const field = accountFieldPath(problem.path) ?? formFieldOf(problem.path.split('.')[0] ?? '');
    if (field) fields.push({ field, message: problem.message });
  }
  return { fields, general: fields.length > 0 ? null : error.message || fallback };
}
