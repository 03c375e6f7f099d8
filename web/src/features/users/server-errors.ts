import { isApiError } from '@/lib/api-error';

export type ServerFormErrors = { password?: string[]; email?: string; phone?: string; other?: string };

/** Spreads an API error over the form: weak-password reasons, duplicates, field problems. */
export function serverFormErrors(error: unknown, fallback: string): ServerFormErrors {
  if (!isApiError(error)) return { other: fallback };
  if (error.status === 422 && error.reasons.length > 0) return { password: error.reasons };
  if (error.status === 409) {
    return error.code === 'PHONE_TAKEN' ? { phone: error.message } : { email: error.message };
  }
  const result: ServerFormErrors = {};
  for (const field of error.fields) {
    if (field.path === 'password') result.password = [field.message];
    else if (field.path === 'email' || field.path === 'phone') result[field.path] = field.message;
  }
  return Object.keys(result).length > 0 ? result : { other: error.message };
}
