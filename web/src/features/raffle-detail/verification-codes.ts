import { paths } from '@/config/paths';

/** A sale's verification code as an answer may carry it (reservation, order, tracking). */
export type WithVerificationCode = { number: number; verification_code?: string | null };

/** Number -> code, for the order page to keep beside the cedula (the reservation answer has them). */
export function codesByNumber(tickets: readonly WithVerificationCode[]): Record<string, string> {
  const codes: Record<string, string> = {};
  for (const ticket of tickets) if (ticket.verification_code) codes[ticket.number] = ticket.verification_code;
  return codes;
}

/** The absolute `/verificar` address that checks one number: what the ticket's QR encodes. */
export function verifyUrl(origin: string, raffleId: string, number: number, code: string): string {
  return `${origin}${paths.verify.getHref({ raffleId, number, code })}`;
}
