import { and, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { payments, raffles, tickets } from '../../db/schema';

export type PaymentRow = typeof payments.$inferSelect;
export type StaffPaymentRow = Awaited<ReturnType<typeof paymentsRepo.list>>[number];

export const paymentsRepo = {
  async insert(db: Executor, values: typeof payments.$inferInsert): Promise<PaymentRow> {
    const [row] = await db.insert(payments).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  /**
   * An earlier payment with the same bank reference or the same proof file, for a ticket of
   * another buyer: a fraud hint. One buyer paying several numbers with one transfer is not.
   */
  async findDuplicate(
    db: Executor,
    by: { reference?: string | null; proofSha256?: string | null; buyerCedula: string | null },
  ) {
    const matches: SQL[] = [];
    if (by.reference) matches.push(eq(sql`lower(${payments.reference})`, by.reference.toLowerCase()));
    if (by.proofSha256) matches.push(eq(payments.proofSha256, by.proofSha256));
    if (matches.length === 0) return null;
    const [row] = await db
      .select({ id: payments.id })
      .from(payments)
      .innerJoin(tickets, eq(tickets.id, payments.ticketId))
      .where(and(or(...matches), sql`${tickets.buyerCedula} is distinct from ${by.buyerCedula}`))
      .orderBy(payments.createdAt)
      .limit(1);
    return row?.id ?? null;
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

  /** The payments of several tickets (tracking shows their statuses). */
  async forTickets(db: Executor, ticketIds: string[]) {
    if (ticketIds.length === 0) return [];
    return db
      .select({
        ticketId: payments.ticketId,
        status: payments.status,
        amountCents: payments.amountCents,
        paymentDate: payments.paymentDate,
        rejectionReason: payments.rejectionReason,
        payerCedula: payments.payerCedula,
      })
      .from(payments)
      .where(inArray(payments.ticketId, ticketIds))
      .orderBy(desc(payments.paymentDate), payments.id);
  },
};
