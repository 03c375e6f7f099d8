import type { StaffPayment } from '@domain/payments';

/** The payments a reviewer decides with one click: one proof file, one buyer, one raffle. */
export type PaymentGroup = {
  /** Stable React key and anchor base: the first payment's id. */
  id: string;
  payments: StaffPayment[];
};

/**
 * Groups a list (newest first) into cards. Payments share a card when they share `group_key` (the
 * same proof file from the same buyer) and raffle; a payment without a proof stands alone. A proof
 * sent twice for the same number makes a second card, so one click never pays a number twice.
 */
export function groupPayments(payments: StaffPayment[]): PaymentGroup[] {
  const groups: PaymentGroup[] = [];
  const open = new Map<string, PaymentGroup[]>();
  for (const payment of payments) {
    if (!payment.group_key) {
      groups.push({ id: payment.id, payments: [payment] });
      continue;
    }
    const key = `${payment.group_key}|${payment.ticket.raffle_id}`;
    const candidates = open.get(key) ?? [];
    const group = candidates.find((g) => !g.payments.some((p) => p.ticket_id === payment.ticket_id));
    if (group) {
      group.payments.push(payment);
      continue;
    }
    const created = { id: payment.id, payments: [payment] };
    groups.push(created);
    open.set(key, [...candidates, created]);
  }
  for (const group of groups) group.payments.sort((a, b) => a.ticket.number - b.ticket.number);
  return groups;
}

export type GroupAmount = {
  usdCents: number;
  /** Bolívar cents at each payment's own rate snapshot; null when a payment has no rate. */
  bsCents: number | null;
  /** The rate when every payment of the group has the same one (what the buyer saw), else null. */
  rate: number | null;
};

/** What the buyer says they paid for the whole group, in USD and in Bs at the rates of the day they paid. */
export function groupAmount(payments: StaffPayment[]): GroupAmount {
  let usdCents = 0;
  let bsCents: number | null = 0;
  const rates = new Set<number | null>();
  for (const payment of payments) {
    usdCents += payment.amount_cents;
    rates.add(payment.rate_to_usd);
    bsCents =
      bsCents === null || payment.rate_to_usd === null
        ? null
        : bsCents + Math.round(payment.amount_cents * payment.rate_to_usd);
  }
  const [only] = rates;
  return { usdCents, bsCents, rate: rates.size === 1 ? (only ?? null) : null };
}

/** Earlier payments this group duplicates (same reference or proof as another buyer's), deduplicated. */
export const duplicateTargets = (payments: StaffPayment[]): string[] => [
  ...new Set(payments.flatMap((p) => (p.duplicate_of ? [p.duplicate_of] : []))),
];
