import { allocateCash } from '../../../domain/cash-held';
import { earningFor, reversalFor, saleCommission } from '../../../domain/commission-rules';
import { vesCentsAt } from '../../../domain/money';
import type { Executor } from '../../db/client';
import { cashHeldRepo } from './cash-held.repo';
import { commissionsRepo, type LedgerInsert } from './commissions.repo';

/**
 * The commission ledger's automatic entries (decision 037), written by the money ledger
 * (payments/money-ledger.ts) inside the transaction that approves a payment or records a refund,
 * so money and commission commit together or not at all. Called after the money entry, when the
 * database has already recomputed each sale's paid and owed (migration 0010).
 */

type Context = {
  /** Bs per USD of the day (rates service), kept with each entry; null when none is known. */
  rate: number | null;
  actorId: string | null;
};

const rateText = (rate: number | null) => (rate === null ? null : String(rate));

/**
 * An approved payment earns each credited sale's seller their commission under the terms in effect
 * now (snapshotted on the entry); a percent on the sale's running total, so rounding never drifts.
 * Idempotent: the unique index (payment, ticket, seller) keeps a second call, or a racing instance,
 * from crediting twice.
 */
export async function earnForPayment(tx: Executor, paymentId: string, context: Context) {
  // Money a vendedor recorded by hand is cash they hold (decision 062): its commission is held.
  await cashHeldRepo.holdIfRecordedBySeller(tx, paymentId);
  const parts = await commissionsRepo.creditedParts(tx, paymentId);
  const entries: LedgerInsert[] = [];
  for (const part of parts) {
    const terms = await commissionsRepo.currentTerms(tx, part.raffleId, part.sellerId);
    if (!terms) continue;
    const standing = saleCommission(
      (await commissionsRepo.entriesOfTicket(tx, part.ticketId)).filter((e) => e.sellerId === part.sellerId),
    );
    const amount = earningFor(terms, {
      amountCents: part.amountCents,
      paidAfterCents: part.paidCents,
      fullyPaid: part.remainingCents === 0,
      perNumberStanding: standing.perNumberNet > 0,
    });
    if (amount <= 0) continue;
    entries.push({
      sellerId: part.sellerId,
      raffleId: part.raffleId,
      kind: 'earned',
      amountCents: amount,
      amountVesCents: vesCentsAt(amount, context.rate),
      rateToUsd: rateText(context.rate),
      paymentId,
      ticketId: part.ticketId,
      percentBp: terms.percentBp,
      perNumberCents: terms.percentBp === null ? terms.perNumberCents : null,
      createdBy: context.actorId,
    });
  }
  return commissionsRepo.append(tx, entries);
}

/**
 * A refund takes back, for each seller with commission standing on the sale, at the highest percent
 * the sale earned at what the refund removes from the sale's running total (capped at what stands),
 * and the per-number amount when the sale is no longer fully paid. One entry per refund, sale and
 * seller (unique index). Answers how much of the refund came out of cash a vendedor held.
 */
export async function reverseForRefund(
  tx: Executor,
  refund: { id: string; ticketId: string; amountCents: number },
  context: Context & { fromSellerCash: boolean },
) {
  const fromSellerCashCents = await takeFromHeldCash(tx, refund, context);
  await reverseCommissions(tx, refund, context);
  return { fromSellerCashCents };
}

async function reverseCommissions(
  tx: Executor,
  refund: { id: string; ticketId: string; amountCents: number },
  context: Context,
) {
  // One after another: a transaction's connection takes one statement at a time.
  const ticket = await commissionsRepo.ticket(tx, refund.ticketId);
  const all = await commissionsRepo.entriesOfTicket(tx, refund.ticketId);
  if (!ticket || all.length === 0) return [];
  const sellers = [...new Set(all.map((e) => e.sellerId))];
  const entries: LedgerInsert[] = [];
  for (const sellerId of sellers) {
    const standing = saleCommission(all.filter((e) => e.sellerId === sellerId));
    const back = reversalFor(standing, {
      amountCents: refund.amountCents,
      paidAfterCents: ticket.paidCents,
      fullyPaidAfter: ticket.remainingCents === 0,
    });
    const amount = back.percentCents + back.perNumberCents;
    if (amount <= 0) continue;
    entries.push({
      sellerId,
      raffleId: ticket.raffleId,
      kind: 'reversed',
      amountCents: amount,
      amountVesCents: vesCentsAt(amount, context.rate),
      rateToUsd: rateText(context.rate),
      refundId: refund.id,
      ticketId: refund.ticketId,
      percentBp: back.percentCents > 0 ? standing.highestBp : null,
      perNumberCents: back.perNumberCents > 0 ? back.perNumberCents : null,
      createdBy: context.actorId,
    });
  }
  return commissionsRepo.append(tx, entries);
}

/**
 * A refund given back out of the cash a vendedor holds for the sale lowers what they must hand over,
 * newest payment first (decision 062); what exceeds it came from the business's money. It is out of
 * that cash when the vendedor holding it records the refund, or when an admin says so
 * (`from_seller_cash`). Otherwise the business paid it back and the vendedor still owes the cash:
 * an admin refunding a buyer by transfer must not clear cash a seller kept, and a raffle owner (a
 * vendedor) saying so of an assigned seller's cash must not clear that seller's debt on their word.
 */
async function takeFromHeldCash(
  tx: Executor,
  refund: { id: string; ticketId: string; amountCents: number },
  by: { actorId: string | null; fromSellerCash: boolean },
): Promise<number> {
  const adminSays = by.fromSellerCash && by.actorId !== null && (await cashHeldRepo.isAdmin(tx, by.actorId));
  const open = (await cashHeldRepo.openOfTicket(tx, refund.ticketId)).filter(
    (receipt) => adminSays || receipt.holderId === by.actorId,
  );
  const parts = allocateCash(refund.amountCents, open);
  if (parts.length === 0) return 0;
  await cashHeldRepo.insertSettlements(
    tx,
    parts.map((p) => ({
      paymentId: p.receipt.paymentId,
      kind: 'refunded' as const,
      amountCents: p.amountCents,
      refundId: refund.id,
    })),
  );
  return parts.reduce((sum, p) => sum + p.amountCents, 0);
}
