import { and, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { referenceKey } from '../../../domain/references';
import type { Executor } from '../../db/client';
import { holdEndsSql, instantsBySale } from '../../db/review-hold';
import { orders, profiles, raffles, tickets } from '../../db/schema';
import { paymentParts, payments, refunds } from '../../db/schema-money';

export type PaymentRow = typeof payments.$inferSelect;
export type StaffPaymentRow = Awaited<ReturnType<typeof paymentsRepo.list>>[number];

export const paymentsRepo = {
  async insert(db: Executor, values: typeof payments.$inferInsert): Promise<PaymentRow> {
    const [row] = await db.insert(payments).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  /**
   * The earliest payment with the same reference (its key, under any method: one transfer reported
   * as `pago_movil` and again as `transfer`) or the same proof file: a fraud hint for the reviewer
   * (its id, and its raffle: who may be told of it), never a refusal (decision 066). The buyer's
   * own payments count: since one report pays a whole order (decision 019), the same receipt twice
   * is two claims on one transfer, for the reviewer to compare. Only the buyer's own rejected report
   * is no hint: sending it again is how a buyer answers a rejection.
   */
  async findDuplicate(
    db: Executor,
    by: { reference?: string | null; proofSha256?: string | null; buyerCedula: string | null },
  ) {
    const matches: SQL[] = [];
    const key = referenceKey(by.reference);
    if (key) matches.push(eq(payments.referenceKey, key));
    if (by.proofSha256) matches.push(eq(payments.proofSha256, by.proofSha256));
    if (matches.length === 0) return null;
    const [row] = await db
      .select({ id: payments.id, raffleId: tickets.raffleId })
      .from(payments)
      .innerJoin(tickets, eq(tickets.id, payments.ticketId))
      .where(
        and(
          or(...matches),
          sql`(${payments.status} <> 'rejected' or ${tickets.buyerCedula} is distinct from ${by.buyerCedula})`,
        ),
      )
      .orderBy(payments.createdAt)
      .limit(1);
    return row ?? null;
  },

  async findByRequestId(db: Executor, requestId: string) {
    const [row] = await db.select().from(payments).where(eq(payments.requestId, requestId));
    return row ?? null;
  },

  async findById(db: Executor, id: string, options: { lock?: boolean } = {}) {
    const query = db.select().from(payments).where(eq(payments.id, id));
    const [row] = await (options.lock ? query.for('update') : query);
    return row ?? null;
  },

  listByTicket: (db: Executor, ticketId: string) =>
    db
      .select()
      .from(payments)
      .where(eq(payments.ticketId, ticketId))
      .orderBy(desc(payments.paymentDate), desc(payments.id)),

  /** Payments with their ticket and raffle, newest first, for the reviewer. */
  list(db: Executor, filters: { status?: string }) {
    return db
      .select({
        payment: payments,
        ticket: tickets,
        raffle: {
          name: raffles.name,
          paymentType: raffles.paymentType,
          installments: raffles.installments,
        },
      })
      .from(payments)
      .innerJoin(tickets, eq(tickets.id, payments.ticketId))
      .innerJoin(raffles, eq(raffles.id, tickets.raffleId))
      .where(
        and(eq(raffles.isSandbox, false), filters.status ? eq(payments.status, filters.status) : undefined),
      )
      .orderBy(desc(payments.createdAt), desc(payments.id));
  },

  async countByStatus(db: Executor) {
    const rows = await db
      .select({ status: payments.status, n: sql<number>`count(*)::int` })
      .from(payments)
      .innerJoin(tickets, eq(tickets.id, payments.ticketId))
      .innerJoin(raffles, eq(raffles.id, tickets.raffleId))
      .where(eq(raffles.isSandbox, false))
      .groupBy(payments.status);
    return rows.map((r) => ({ status: r.status, n: Number(r.n) }));
  },

  async review(
    db: Executor,
    id: string,
    values: {
      status: string;
      notes: string;
      reviewedBy: string;
      applied: boolean;
      rejectionReason: string | null;
    },
  ): Promise<PaymentRow> {
    const [row] = await db
      .update(payments)
      .set({
        status: values.status,
        notes: values.notes,
        reviewedBy: values.reviewedBy,
        reviewedAt: sql`now()`,
        rejectionReason: values.rejectionReason,
        ...(values.applied && { appliedAt: sql`now()` }),
      })
      .where(eq(payments.id, id))
      .returning();
    if (!row) throw new Error('update returned no row');
    return row;
  },

  /** What payments gave several tickets (tracking shows their statuses): one row per part. */
  async forTickets(db: Executor, ticketIds: string[]) {
    if (ticketIds.length === 0) return [];
    return db
      .select({
        ticketId: paymentParts.ticketId,
        status: payments.status,
        amountCents: paymentParts.amountCents,
        paymentDate: payments.paymentDate,
        rejectionReason: payments.rejectionReason,
        payerCedula: payments.payerCedula,
      })
      .from(paymentParts)
      .innerJoin(payments, eq(payments.id, paymentParts.paymentId))
      .where(inArray(paymentParts.ticketId, ticketIds))
      .orderBy(desc(payments.paymentDate), payments.id);
  },
};

/** The ledger's other entries: where each payment's money went, and refunds (migration 0010). */
export const ledgerRepo = {
  async insertParts(db: Executor, paymentId: string, parts: { ticketId: string; amountCents: number }[]) {
    if (parts.length === 0) return;
    await db.insert(paymentParts).values(parts.map((p) => ({ paymentId, ...p })));
  },

  /** The parts of these payments, with their ticket's number and money, in number order. */
  partsOf(db: Executor, paymentIds: string[]) {
    if (paymentIds.length === 0) return Promise.resolve([]);
    return db
      .select({
        paymentId: paymentParts.paymentId,
        ticketId: paymentParts.ticketId,
        amountCents: paymentParts.amountCents,
        number: tickets.number,
        ticketNumber: tickets.ticketNumber,
        status: tickets.status,
        remainingCents: tickets.remainingCents,
        totalPaidCents: tickets.totalPaidCents,
        buyerCedula: tickets.buyerCedula,
        endedAt: tickets.endedAt,
      })
      .from(paymentParts)
      .innerJoin(tickets, eq(tickets.id, paymentParts.ticketId))
      .where(inArray(paymentParts.paymentId, paymentIds))
      .orderBy(tickets.number);
  },

  /**
   * When the review window of each of these sales ends (server/db/review-hold.ts: from the first
   * covering payment still pending), past or ahead; sales with none are left out.
   */
  reviewWindowEnds: (db: Executor, ticketIds: string[], reviewHours: number) =>
    instantsBySale(db, ticketIds, (sale) => holdEndsSql(sale, reviewHours)),

  async insertRefund(db: Executor, values: typeof refunds.$inferInsert) {
    const [row] = await db.insert(refunds).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  refundsOf: (db: Executor, ticketId: string) =>
    db.select().from(refunds).where(eq(refunds.ticketId, ticketId)).orderBy(desc(refunds.createdAt)),

  /** The payments that gave this ticket money (its parts), newest first. */
  paymentsOfTicket: (db: Executor, ticketId: string) =>
    db
      .select({ payment: payments, partCents: paymentParts.amountCents })
      .from(paymentParts)
      .innerJoin(payments, eq(payments.id, paymentParts.paymentId))
      .where(eq(paymentParts.ticketId, ticketId))
      .orderBy(desc(payments.paymentDate), desc(payments.id)),

  /** The live payment (not rejected) holding this bank reference, with the number it paid. */
  async findByReference(db: Executor, method: string, referenceKey: string) {
    const [row] = await db
      .select({
        id: payments.id,
        createdAt: payments.createdAt,
        number: tickets.ticketNumber,
        raffle: raffles.name,
        raffleId: raffles.id,
        orderId: payments.orderId,
      })
      .from(payments)
      .innerJoin(tickets, eq(tickets.id, payments.ticketId))
      .innerJoin(raffles, eq(raffles.id, tickets.raffleId))
      .where(
        and(
          eq(payments.paymentMethod, method),
          eq(payments.referenceKey, referenceKey),
          sql`${payments.status} <> 'rejected'`,
        ),
      )
      .limit(1);
    return row ?? null;
  },

  async orderByCode(db: Executor, code: string) {
    const [row] = await db
      .select({ order: orders, raffle: raffles })
      .from(orders)
      .innerJoin(raffles, eq(raffles.id, orders.raffleId))
      .where(eq(orders.code, code));
    return row ?? null;
  },

  /** The credited seller's name of each of these orders that has one (decision 036). */
  async orderSellers(db: Executor, orderIds: string[]) {
    if (orderIds.length === 0) return new Map<string, string>();
    const rows = await db
      .select({ id: orders.id, name: profiles.fullName })
      .from(orders)
      .innerJoin(profiles, eq(profiles.id, orders.sellerId))
      .where(inArray(orders.id, orderIds));
    return new Map(rows.map((r) => [r.id, r.name]));
  },

  async orderCodes(db: Executor, orderIds: string[]) {
    if (orderIds.length === 0) return new Map<string, string>();
    const rows = await db
      .select({ id: orders.id, code: orders.code })
      .from(orders)
      .where(inArray(orders.id, orderIds));
    return new Map(rows.map((r) => [r.id, r.code]));
  },

  /** The order's sales (live ones, locked when asked), in number order. */
  async orderTickets(db: Executor, orderId: string, options: { lock?: boolean; liveOnly?: boolean } = {}) {
    const query = db
      .select()
      .from(tickets)
      .where(and(eq(tickets.orderId, orderId), options.liveOnly ? isNull(tickets.endedAt) : undefined))
      .orderBy(tickets.id);
    const rows = await (options.lock ? query.for('update') : query);
    return rows.sort((a, b) => a.number - b.number);
  },

  paymentsOfOrder: (db: Executor, orderId: string) =>
    db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.createdAt)),

  async newOrder(db: Executor, raffleId: string, buyerCedula: string | null, sellerId: string | null = null) {
    const [row] = await db
      .insert(orders)
      .values({ code: sql`new_order_code()`, raffleId, buyerCedula, sellerId })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  },
};

/** What decides a number's first amount due: the raffle's payment terms. */
export async function raffleTerms(db: Executor, raffleId: string) {
  const [row] = await db
    .select({
      id: raffles.id,
      name: raffles.name,
      paymentType: raffles.paymentType,
      installments: raffles.installments,
    })
    .from(raffles)
    .where(eq(raffles.id, raffleId));
  return row ?? null;
}
