import type { PaymentMethod } from '@domain/reservations';
import { forgetTab, isRecord, keepTab, readTab } from '@/lib/tab-storage';

/**
 * What the order page knows about its buyer beyond the order itself: the cedula that opens it, and
 * the name and method chosen at checkout. Kept for this tab only (sessionStorage, never the
 * address), so a reload keeps the page and a shared link asks for the cedula.
 */
export type OrderVisit = {
  cedula: string;
  buyerName?: string;
  paymentMethod?: PaymentMethod;
  fresh?: boolean;
};

const key = (code: string) => `rifas:pedido:${code}`;

export function isOrderVisit(value: unknown): value is OrderVisit {
  return isRecord(value) && typeof value.cedula === 'string';
}

export function readOrderVisit(code: string): OrderVisit | null {
  return readTab(key(code), (stored) => (isOrderVisit(stored) ? stored : null));
}

/** Unavailable storage keeps nothing: the page still works until a reload, which asks again. */
export function saveOrderVisit(code: string, visit: OrderVisit) {
  keepTab(key(code), visit);
}

export function forgetOrderVisit(code: string) {
  forgetTab(key(code));
}
