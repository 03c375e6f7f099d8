/** A sale of an order as its deadline matters: its hold, and until when a payment under review keeps it. */
type Held = { reserved_until: string | null; review_hold_until?: string | null };

export type OrderDeadline = { kind: 'pay' | 'review'; at: string };

const earliest = (instants: string[]) =>
  instants.reduce((a, b) => (new Date(b).getTime() < new Date(a).getTime() ? b : a));

/**
 * When an order's numbers could be lost: the earliest hold of those no payment under review keeps
 * (`pay`: the buyer must still pay by then); when a payment under review keeps every one that has a
 * hold, until when it keeps them (`review`: nothing to pay by a deadline). Null when none is held.
 */
export function orderDeadline(tickets: readonly Held[]): OrderDeadline | null {
  const toPay = tickets.flatMap((t) => (t.reserved_until && !t.review_hold_until ? [t.reserved_until] : []));
  if (toPay.length > 0) return { kind: 'pay', at: earliest(toPay) };
  const kept = tickets.flatMap((t) => (t.review_hold_until ? [t.review_hold_until] : []));
  return kept.length > 0 ? { kind: 'review', at: earliest(kept) } : null;
}
