/**
 * How much a commission is, as pure arithmetic on integer cents (docs/decisions/037). Shared by the
 * server's ledger writer and its tests, so the expected figure of a property test is this rule, not
 * a second copy of it.
 */

export type Terms = { percentBp: number | null; perNumberCents: number | null };

/**
 * A percent commission on an amount: rounded down to the cent (a seller is never paid a fraction
 * the business did not collect). Applied to a sale's running total, never to each movement alone.
 */
export const percentOf = (amountCents: number, bp: number) => Math.floor((amountCents * bp) / 10_000);

/**
 * The percent commission of a sale's money moving between two running totals of what it has paid
 * (before and after a payment, or after and before a refund): the difference of the rounded totals,
 * not the rounded movement. Summed over any payments and refunds at one rate it telescopes to
 * `percentOf(net paid)`, so cents refunded one at a time (each worth < 1 cent of commission) and
 * paid back together can no longer earn again what was never taken back (decision 037).
 */
export const percentBetween = (lowCents: number, highCents: number, bp: number) =>
  percentOf(highCents, bp) - percentOf(lowCents, bp);

/**
 * What approving `amountCents` of a sale, which then has paid `paidAfterCents` in all, earns under
 * `terms`. Percent: the percent of the sale's running total the part adds. Per number: the fixed
 * amount once, when this approval leaves the sale fully paid and no per-number earning of that sale
 * still stands, never more than the sale has paid (a seller is never paid more than the number
 * brought in, whatever was typed in the terms: decision 060).
 */
export function earningFor(
  terms: Terms,
  part: { amountCents: number; paidAfterCents: number; fullyPaid: boolean; perNumberStanding: boolean },
): number {
  if (terms.percentBp !== null)
    return percentBetween(part.paidAfterCents - part.amountCents, part.paidAfterCents, terms.percentBp);
  if (terms.perNumberCents !== null && part.fullyPaid && !part.perNumberStanding)
    return Math.min(terms.perNumberCents, part.paidAfterCents);
  return 0;
}

/** A seller's percent and per-number commission on one sale, from its entries (oldest first). */
export type SaleCommission = {
  /**
   * Percent commission earned and not reversed yet, and the highest percent any earning of the sale
   * was at: a refund takes back, and cash still held holds, at that percent (capped at what stands),
   * so lowering a seller's terms never frees what was earned at the higher one (decision 062).
   */
  percentNet: number;
  highestBp: number | null;
  /** Per-number commission earned and not reversed yet, and the amount of the newest one. */
  perNumberNet: number;
  lastPerNumber: number | null;
};

export function saleCommission(
  entries: { kind: string; amountCents: number; percentBp: number | null; perNumberCents: number | null }[],
): SaleCommission {
  const out: SaleCommission = { percentNet: 0, highestBp: null, perNumberNet: 0, lastPerNumber: null };
  for (const e of entries) {
    const sign = e.kind === 'earned' ? 1 : e.kind === 'reversed' ? -1 : 0;
    if (e.percentBp !== null && e.perNumberCents !== null) {
      // One refund undoing both kinds (terms changed kind between payments of the sale): the entry
      // is unique per refund, sale and seller, so it carries both; `per_number_cents` is that part.
      out.perNumberNet += sign * e.perNumberCents;
      out.percentNet += sign * (e.amountCents - e.perNumberCents);
    } else if (e.percentBp !== null) out.percentNet += sign * e.amountCents;
    else if (e.perNumberCents !== null) out.perNumberNet += sign * e.amountCents;
    if (e.kind !== 'earned') continue;
    if (e.percentBp !== null) out.highestBp = Math.max(out.highestBp ?? 0, e.percentBp);
    if (e.perNumberCents !== null) out.lastPerNumber = e.perNumberCents;
  }
  return out;
}

/**
 * What refunding `amountCents` of a sale, which then has paid `paidAfterCents` in all, takes back:
 * at the highest percent the sale earned at, what the refund removes from the sale's running total,
 * never more than the percent commission still standing on the sale; and the per-number amount when
 * the sale is no longer fully paid and one still stands. At the newest percent instead, a seller
 * whose terms were lowered kept, after refunding everything, what the old percent had earned.
 */
export function reversalFor(
  sale: SaleCommission,
  refund: { amountCents: number; paidAfterCents: number; fullyPaidAfter: boolean },
): { percentCents: number; perNumberCents: number } {
  const taken =
    sale.highestBp === null
      ? 0
      : percentBetween(refund.paidAfterCents, refund.paidAfterCents + refund.amountCents, sale.highestBp);
  const percentCents = Math.max(0, Math.min(taken, sale.percentNet));
  const perNumberCents =
    !refund.fullyPaidAfter && sale.perNumberNet > 0
      ? Math.min(sale.lastPerNumber ?? 0, sale.perNumberNet)
      : 0;
  return { percentCents, perNumberCents };
}

/**
 * The commission cash still held by a vendedor brings a sale (decision 062): what refunding that
 * cash would take back (`reversalFor`, at the highest percent the sale earned at, never more than stands).
 * Handing the cash over or refunding it lowers it exactly as the commission it was holding is
 * released or reversed, so released + held is always the sale's standing commission.
 */
export function heldCommissionFor(
  sale: SaleCommission,
  cash: { heldCents: number; paidCents: number },
): number {
  const held = Math.min(cash.heldCents, cash.paidCents);
  if (held <= 0) return 0;
  const back = reversalFor(sale, {
    amountCents: held,
    paidAfterCents: cash.paidCents - held,
    fullyPaidAfter: false,
  });
  return back.percentCents + back.perNumberCents;
}
