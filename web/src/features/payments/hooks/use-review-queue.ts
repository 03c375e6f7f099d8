import type { StaffPayment } from '@domain/payments';
import { useCallback, useMemo, useState } from 'react';

export type Decided = 'approved' | 'rejected';
export type QueueItem = { payment: StaffPayment; decided?: Decided };
/** A payment decided here, where it was: after which card (null: first) and at which position. */
type Kept = { payment: StaffPayment; decided: Decided; after: string | null; at: number };

/**
 * Where each payment decided in this visit was shown, so it stays there, showing its decision: a queue
 * that dropped it would slide another buyer's card under the thumb that just tapped «Aprobar» (on a
 * phone Chrome keeps the card below in place and brings the one above down), and a second tap would
 * approve a payment nobody looked at. Each goes back after the card it followed (new payments come in
 * at the top, so a position alone would drift), or at its position when that card is gone too.
 */
export function keepDecided(payments: readonly StaffPayment[], kept: readonly Kept[]): QueueItem[] {
  const decidedIds = new Set(kept.map((k) => k.payment.id));
  const items: QueueItem[] = payments.filter((p) => !decidedIds.has(p.id)).map((payment) => ({ payment }));
  for (const { payment, decided, after, at } of [...kept].sort((a, b) => a.at - b.at)) {
    const follows = after === null ? -1 : items.findIndex((item) => item.payment.id === after);
    const index = after === null ? 0 : follows >= 0 ? follows + 1 : Math.min(at, items.length);
    items.splice(index, 0, { payment, decided });
  }
  return items;
}

/**
 * How an approved payment's numbers stand once its parts are in (what the server did, so the card
 * kept in place does not say «Falta» for money just approved): paid in full, or part-paid.
 */
export function afterApproval(payment: StaffPayment): StaffPayment {
  const settle = (amount: number, owed: number) => {
    const remaining = Math.max(0, owed - amount);
    return { remaining_cents: remaining, status: remaining === 0 ? 'pagado' : 'abonado' };
  };
  // A payment of one sale may come without parts (PaymentParts then shows its ticket).
  if (payment.parts.length === 0)
    return {
      ...payment,
      ticket: { ...payment.ticket, ...settle(payment.amount_cents, payment.ticket.remaining_cents) },
    };
  return {
    ...payment,
    parts: payment.parts.map((part) => ({ ...part, ...settle(part.amount_cents, part.remaining_cents) })),
  };
}

/** The list a reviewer works through on one tab: the server's, with this visit's decisions kept in place. */
export function useReviewQueue(status: string, payments: readonly StaffPayment[] | undefined) {
  const [kept, setKept] = useState<{ status: string; items: Kept[] }>({ status, items: [] });
  const current = kept.status === status ? kept.items : [];
  const items = useMemo(() => keepDecided(payments ?? [], current), [payments, current]);

  const markDecided = useCallback(
    (payment: StaffPayment, decided: Decided) => {
      const at = items.findIndex((item) => item.payment.id === payment.id);
      if (at < 0) return;
      const after = items[at - 1]?.payment.id ?? null;
      setKept((previous) => ({
        status,
        items: [
          ...(previous.status === status ? previous.items : []),
          { payment: decided === 'approved' ? afterApproval(payment) : payment, decided, after, at },
        ],
      }));
    },
    [items, status],
  );

  return { items, markDecided, decidedCount: current.length };
}
