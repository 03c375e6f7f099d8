import type { ReservationInput } from '@domain/reservations';
import type { OrderVisit } from './order-visit';

/**
 * A reservation sent whose answer never came (decision 057): its body, with the `request_id` that
 * lets the server answer the order it may have made, and who opens that order. Kept for this tab
 * (sessionStorage), so a reload after a lost answer can still confirm it instead of the buyer
 * finding "their" numbers taken. A day old, it is no longer worth offering.
 */
export type UnconfirmedReservation = {
  body: ReservationInput & { request_id: string };
  visit: OrderVisit;
  savedAt: number;
};

const KEEP_MS = 24 * 3600_000;
const key = (raffleId: string) => `rifas:sin-confirmar:${raffleId}`;

export function readUnconfirmed(raffleId: string, now = Date.now()): UnconfirmedReservation | null {
  try {
    const raw = sessionStorage.getItem(key(raffleId));
    const value = raw ? (JSON.parse(raw) as UnconfirmedReservation) : null;
    const usable =
      value &&
      typeof value.body?.request_id === 'string' &&
      Array.isArray(value.body.numbers) &&
      typeof value.visit?.cedula === 'string' &&
      now - value.savedAt < KEEP_MS;
    return usable ? value : null;
  } catch {
    return null;
  }
}

export function rememberUnconfirmed(raffleId: string, value: Omit<UnconfirmedReservation, 'savedAt'>) {
  try {
    sessionStorage.setItem(key(raffleId), JSON.stringify({ ...value, savedAt: Date.now() }));
  } catch {
    // Private mode or full storage: the sheet's own message still asks for the same tap.
  }
}

export function forgetUnconfirmed(raffleId: string) {
  try {
    sessionStorage.removeItem(key(raffleId));
  } catch {
    // Nothing stored.
  }
}
