import type { PaymentMethod } from '@domain/reservations';

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

export function readOrderVisit(code: string): OrderVisit | null {
  try {
    const raw = sessionStorage.getItem(key(code));
    const value = raw ? (JSON.parse(raw) as OrderVisit) : null;
    return value && typeof value.cedula === 'string' ? value : null;
  } catch {
    return null;
  }
}

export function saveOrderVisit(code: string, visit: OrderVisit) {
  try {
    sessionStorage.setItem(key(code), JSON.stringify(visit));
  } catch {
    // Private mode or full storage: the page still works until a reload, which asks again.
  }
}

export function forgetOrderVisit(code: string) {
  try {
    sessionStorage.removeItem(key(code));
  } catch {
    // Nothing stored.
  }
}
