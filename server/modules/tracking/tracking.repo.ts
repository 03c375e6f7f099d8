import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { reviewHoldUntilSql, toInstant } from '../../db/review-hold';
import { salesClosedSql } from '../../db/sales-closed';
import { orders, raffles, tickets } from '../../db/schema';

export type TrackedTicketRow = {
  id: string;
  raffleId: string;
  raffleName: string;
  number: number;
  ticketNumber: string;
  status: string;
  buyerName: string | null;
  totalPaidCents: number;
  remainingCents: number;
  reservedUntil: Date | null;
  purchasedAt: Date | null;
  priceCents: number;
  paymentType: string;
  installments: number | null;
  orderCode: string | null;
  verificationCode: string;
  buyerCedula: string | null;
  /** Until when a payment under review keeps the number (db/review-hold.ts), or null. */
  reviewHoldUntil: Date | null;
  /** The raffle's sold list is frozen: closed, drawn, or past its closing date. */
  salesClosed: boolean;
};

export const trackingRepo = {
  /**
   * Tickets of one buyer: the cedula (indexed, stored normalized) and the last four digits of the
   * phone must both match. Newest raffle first, then by number.
   */
  findBuyerTickets(
    db: Executor,
    cedula: string,
    phoneLast4: string,
    reviewHours: number,
  ): Promise<TrackedTicketRow[]> {
    return db
      .select({
        id: tickets.id,
        raffleId: tickets.raffleId,
        raffleName: raffles.name,
        number: tickets.number,
        ticketNumber: tickets.ticketNumber,
        status: tickets.status,
        buyerName: tickets.buyerName,
        totalPaidCents: tickets.totalPaidCents,
        remainingCents: tickets.remainingCents,
        reservedUntil: tickets.reservedUntil,
        purchasedAt: tickets.purchasedAt,
        // The price the sale was made at (a later raffle price applies to new sales only).
        priceCents: tickets.priceCents,
        paymentType: raffles.paymentType,
        installments: raffles.installments,
        orderCode: orders.code,
        verificationCode: tickets.verificationCode,
        buyerCedula: tickets.buyerCedula,
        reviewHoldUntil: sql<Date | null>`${reviewHoldUntilSql('tickets', reviewHours)}`.mapWith(toInstant),
        // salesClosed (domain/raffle-lifecycle.ts), at the database's now(): from the closing date on.
        salesClosed: sql<boolean>`${salesClosedSql('raffles')}`,
      })
      .from(tickets)
      .innerJoin(raffles, eq(raffles.id, tickets.raffleId))
      .leftJoin(orders, eq(orders.id, tickets.orderId))
      .where(
        and(
          eq(tickets.buyerCedula, cedula),
          ne(tickets.status, 'disponible'),
          eq(raffles.isSandbox, false),
          eq(
            sql`right(regexp_replace(coalesce(${tickets.buyerPhone}, ''), '[^0-9]', '', 'g'), 4)`,
            phoneLast4,
          ),
        ),
      )
      .orderBy(desc(raffles.createdAt), asc(raffles.id), asc(tickets.number));
  },
};
