import { isBuyersOwnPayment } from '../../../domain/payments';
import { amountDueCents } from '../../../domain/raffle-figures';
import { maskBuyerName, type TrackedPayment, type TrackedTicket } from '../../../domain/tracking';
import type { Db } from '../../db/client';
import type { ReceiptSigner } from '../receipts/receipt-signer';
import { trackingRepo } from './tracking.repo';

export type TrackingService = ReturnType<typeof createTrackingService>;

type PaymentSummary = {
  ticketId: string;
  status: string;
  amountCents: number;
  paymentDate: Date;
  rejectionReason: string | null;
  payerCedula: string | null;
};

export function createTrackingService(deps: {
  db: Db;
  /** Payments service: the payments of these tickets, newest first. */
  paymentsForTickets: (ticketIds: string[]) => Promise<PaymentSummary[]>;
  /** Instant wins: the prize each of these sales won. */
  instantWinPrizes: (ticketIds: string[]) => Promise<Map<string, string>>;
  receipts: ReceiptSigner;
  /** PAYMENT_REVIEW_HOURS: how long a pending payment keeps its numbers from expiring. */
  paymentReviewHours: number;
}) {
  const { db } = deps;

  return {
    /**
     * Every ticket of the buyer with this (normalized) cedula whose phone ends in these four digits.
     * No match gives an empty list, whichever half was wrong.
     */
    async findTickets(input: { cedula: string; phone_last4: string }): Promise<TrackedTicket[]> {
      const rows = await trackingRepo.findBuyerTickets(
        db,
        input.cedula,
        input.phone_last4,
        deps.paymentReviewHours,
      );
      const paymentsByTicket = new Map<string, TrackedPayment[]>();
      const ids = rows.map((r) => r.id);
      const [paid, prizes] = await Promise.all([deps.paymentsForTickets(ids), deps.instantWinPrizes(ids)]);
      for (const p of paid) {
        // A re-sold number keeps its row: a previous buyer's payments are not this buyer's business.
        if (!isBuyersOwnPayment(p.payerCedula, input.cedula)) continue;
        const list = paymentsByTicket.get(p.ticketId) ?? [];
        list.push({
          status: p.status,
          amount_cents: p.amountCents,
          payment_date: p.paymentDate.toISOString(),
          rejection_reason: p.status === 'rejected' ? p.rejectionReason : null,
        });
        paymentsByTicket.set(p.ticketId, list);
      }
      return rows.map((row) => {
        const priced = {
          price_cents: row.priceCents,
          payment_type: row.paymentType === 'cuotas' ? ('cuotas' as const) : ('pago_unico' as const),
          installments: row.installments,
        };
        const payments = paymentsByTicket.get(row.id) ?? [];
        return {
          raffle_id: row.raffleId,
          raffle_name: row.raffleName,
          order_code: row.orderCode,
          number: row.number,
          ticket_number: row.ticketNumber,
          status: row.status,
          total_paid_cents: row.totalPaidCents,
          remaining_cents: row.remainingCents,
          reserved_until: row.reservedUntil?.toISOString() ?? null,
          review_hold_until: row.reviewHoldUntil?.toISOString() ?? null,
          sales_closed: row.salesClosed,
          purchased_at: row.purchasedAt?.toISOString() ?? null,
          payments,
          buyer_name_masked: maskBuyerName(row.buyerName),
          ...priced,
          amount_due_cents: amountDueCents(priced, row.remainingCents),
          has_pending_payment: payments.some((p) => p.status === 'pending'),
          verification_code: row.verificationCode,
          receipt: deps.receipts.receiptFor(row),
          instant_win_prize: prizes.get(row.id) ?? null,
        };
      });
    },
  };
}
