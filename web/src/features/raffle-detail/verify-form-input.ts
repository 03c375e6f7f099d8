import type { Receipt } from '@domain/verification';
import { verificationTexts } from './verification-texts';
import type { NumberQuery } from './verify-number';

const t = verificationTexts.form;

export type VerifyFormValues = { raffle: string; number: string; code: string; cedula: string };
export type LoadedReceipt = { name: string; receipt: Receipt | null };
export type VerifyRequest = { raffleId: string; query: NumberQuery | null; receipt: LoadedReceipt | null };
type Errors = Partial<Record<keyof VerifyFormValues | 'form', string>>;

/** A raffle's id from its link (`…/raffle/<id>`, `…?rifa=<id>`) or the id itself. */
export function raffleIdFrom(input: string): string {
  const text = input.trim();
  const path = /\/raffle\/([^/?#\s]+)/.exec(text);
  if (path) return decodeURIComponent(path[1]);
  const query = /[?&]rifa=([^&#\s]+)/.exec(text);
  return query ? decodeURIComponent(query[1]) : text;
}

/** What the buyer types for the code: spaces and dashes are for reading, not part of it. */
export const codeFrom = (input: string) => input.replace(/[\s-]/g, '').toUpperCase();

/**
 * The form as a request, or what to fix. Number, code and cedula go together; a receipt alone
 * is enough (it carries its number and line).
 */
export function readVerifyForm(
  values: VerifyFormValues,
  receipt: LoadedReceipt | null,
): { request: VerifyRequest } | { errors: Errors } {
  const errors: Errors = {};
  const raffleId = raffleIdFrom(values.raffle);
  if (!raffleId) errors.raffle = t.needRaffle;
  const number = values.number.trim();
  const code = codeFrom(values.code);
  const cedula = values.cedula.trim();
  const typed = number !== '' || code !== '' || (cedula !== '' && !/^[VvEe]-?$/.test(cedula));
  if (typed || !receipt) {
    if (!/^\d{1,7}$/.test(number)) errors.number = t.needNumber;
    if (!code) errors.code = t.needCode;
    if (!cedula) errors.cedula = t.needCedula;
  }
  if (Object.keys(errors).length > 0) return { errors };
  return {
    request: {
      raffleId,
      query: typed ? { number: Number(number), code, cedula } : null,
      receipt,
    },
  };
}
