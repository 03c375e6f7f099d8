import type { ReservationInput } from '@domain/reservations';
import { forgetTab, isRecord, keepTab, readTab, TAB_DAY_MS } from '@/lib/tab-storage';
import { isOrderVisit, type OrderVisit } from './order-visit';

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

const key = (raffleId: string) => `rifas:sin-confirmar:${raffleId}`;

function isUnconfirmed(value: unknown): value is UnconfirmedReservation {
  return (
    isRecord(value) &&
    isRecord(value.body) &&
    typeof value.body.request_id === 'string' &&
    Array.isArray(value.body.numbers) &&
    isOrderVisit(value.visit)
  );
}

export function readUnconfirmed(raffleId: string, now = Date.now()): UnconfirmedReservation | null {
  return readTab(key(raffleId), (stored) => (isUnconfirmed(stored) ? stored : null), {
    maxAgeMs: TAB_DAY_MS,
    now,
  });
}

/** Unavailable storage keeps nothing: the sheet's own message still asks for the same tap. */
export function rememberUnconfirmed(raffleId: string, value: Omit<UnconfirmedReservation, 'savedAt'>) {
  keepTab(key(raffleId), value, { stamped: true });
}

export function forgetUnconfirmed(raffleId: string) {
  forgetTab(key(raffleId));
}
