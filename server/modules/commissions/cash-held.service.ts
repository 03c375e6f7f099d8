import {
  allocateCash,
  type CashHandover,
  type CashHandoverResult,
  type cashHandoverInput,
  cashMessages,
  type SellerCash,
} from '../../../domain/cash-held';
import { heldCommissionFor, saleCommission } from '../../../domain/commission-rules';
import { vesCentsAt } from '../../../domain/money';
import type { z } from '../../../domain/zod';
import type { Db, Executor } from '../../db/client';
import type { AuthContext } from '../../lib/auth-context';
import { ConflictError, uniqueViolation } from '../../lib/errors';
import { cashHeldRepo } from './cash-held.repo';

/**
 * Commission held for cash a vendedor has not handed over (decision 062), per seller: on each sale
 * with cash held, what refunding that cash would take back of the seller's commission there.
 */
export async function heldCommissionBySeller(db: Executor, sellerId?: string): Promise<Map<string, number>> {
  const rows = await cashHeldRepo.heldSales(db, sellerId);
  const sales = new Map<string, typeof rows>();
  for (const row of rows) {
    const key = `${row.sellerId}:${row.ticketId}`;
    const list = sales.get(key);
    if (list) list.push(row);
    else sales.set(key, [row]);
  }
  const out = new Map<string, number>();
  for (const entries of sales.values()) {
    const first = entries[0];
    if (!first) continue;
    const held = heldCommissionFor(saleCommission(entries), {
      heldCents: first.heldCents,
      paidCents: first.paidCents,
    });
    out.set(first.sellerId, (out.get(first.sellerId) ?? 0) + held);
  }
  return out;
}

type HandoverRow = Awaited<ReturnType<typeof cashHeldRepo.handovers>>[number];
const toHandover = (h: HandoverRow): CashHandover => ({
  id: h.id,
  amount_cents: h.amountCents,
  amount_ves_cents: h.amountVesCents,
  note: h.note,
  payments: h.payments,
  created_by_name: h.createdByName,
  created_at: h.createdAt,
});

/**
 * What a seller holds and the commission waiting for it; the caller checks who may see it. Read one
 * query after another: a hand-over answers with it inside its transaction, whose one connection
 * takes a statement at a time (pg deprecates queueing several on it).
 */
export async function sellerCash(db: Executor, sellerId: string): Promise<SellerCash> {
  const receipts = await cashHeldRepo.openOfHolder(db, sellerId);
  const handovers = await cashHeldRepo.handovers(db, { holderId: sellerId });
  const refunds = await cashHeldRepo.refundsOfHolder(db, sellerId);
  const held = await heldCommissionBySeller(db, sellerId);
  const ves = receipts.map((r) => vesCentsAt(r.heldCents, r.rate));
  return {
    seller_id: sellerId,
    held_cents: receipts.reduce((s, r) => s + r.heldCents, 0),
    held_ves_cents: ves.some((v) => v === null) ? null : ves.reduce<number>((s, v) => s + (v ?? 0), 0),
    payments: receipts.length,
    held_commission_cents: held.get(sellerId) ?? 0,
    receipts: receipts.map((r, i) => ({
      payment_id: r.paymentId,
      raffle_id: r.raffleId,
      raffle_name: r.raffleName,
      ticket_number: r.ticketNumber,
      method: r.method,
      amount_cents: r.amountCents,
      held_cents: r.heldCents,
      held_ves_cents: ves[i] ?? null,
      created_at: r.createdAt,
    })),
    handovers: handovers.map(toHandover),
    refunds: refunds.map((r) => ({
      refund_id: r.refundId,
      raffle_id: r.raffleId,
      raffle_name: r.raffleName,
      ticket_number: r.ticketNumber,
      amount_cents: r.amountCents,
      amount_ves_cents: r.amountVesCents,
      refund_amount_cents: r.refundAmountCents,
      reason: r.reason,
      created_by_name: r.createdByName,
      created_at: r.createdAt,
    })),
  };
}

/**
 * "Registrar entrega de efectivo": an admin records cash a vendedor handed over, applied to their
 * oldest payments first; never more than they hold (409). The seller's row is locked (as a payout
 * does) so two hand-overs queue; the same `request_id` again answers the first one.
 */
export async function recordHandover(
  db: Db,
  actor: AuthContext,
  sellerId: string,
  input: z.output<typeof cashHandoverInput>,
  lockSeller: (tx: Executor) => Promise<unknown>,
): Promise<CashHandoverResult> {
  return db.transaction(async (tx) => {
    await lockSeller(tx);
    const [earlier] = await cashHeldRepo.handovers(tx, { requestId: input.request_id }, 1);
    if (earlier) {
      if (earlier.holderId !== sellerId || earlier.amountCents !== input.amount_cents)
        throw new ConflictError(cashMessages.requestReused, 'HANDOVER_REQUEST_REUSED');
      return { handover: toHandover(earlier), cash: await sellerCash(tx, sellerId) };
    }
    const open = await cashHeldRepo.openOfHolder(tx, sellerId, { lock: true });
    const heldCents = open.reduce((s, r) => s + r.heldCents, 0);
    if (input.amount_cents > heldCents)
      throw new ConflictError(cashMessages.exceedsHeld(heldCents), 'HANDOVER_EXCEEDS_HELD', {
        held_cents: heldCents,
      });
    const parts = allocateCash(input.amount_cents, open);
    const ves = parts.map((p) => vesCentsAt(p.amountCents, p.receipt.rate));
    const id = await cashHeldRepo
      .insertHandover(tx, {
        holderId: sellerId,
        amountCents: input.amount_cents,
        amountVesCents: ves.some((v) => v === null) ? null : ves.reduce<number>((s, v) => s + (v ?? 0), 0),
        note: input.note ?? null,
        requestId: input.request_id,
        createdBy: actor.userId,
      })
      .catch((error: unknown) => {
        // The same key sent at the same moment for another seller (whose row this one did not lock)
        // took the key first: the same refusal as when it had committed before this one read.
        if (uniqueViolation(error) === 'cash_handovers_request_id_key')
          throw new ConflictError(cashMessages.requestReused, 'HANDOVER_REQUEST_REUSED');
        throw error;
      });
    await cashHeldRepo.insertSettlements(
      tx,
      parts.map((p) => ({
        paymentId: p.receipt.paymentId,
        kind: 'handed_over' as const,
        amountCents: p.amountCents,
        handoverId: id,
      })),
    );
    const [made] = await cashHeldRepo.handovers(tx, { requestId: input.request_id }, 1);
    if (!made) throw new Error('cash hand-over not found after insert');
    return { handover: toHandover(made), cash: await sellerCash(tx, sellerId) };
  });
}
