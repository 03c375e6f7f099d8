import { and, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { payments, tickets } from '../../db/schema';

export type PaymentRow = typeof payments.$inferSelect;

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

  list(db: Executor, filters: { status?: string }) {
    return db
      .select({
        payment: payments,
        ticket: {
          id: tickets.id,
          number: tickets.number,
          raffle_id: tickets.raffleId,
          buyer_name: tickets.buyerName,
          buyer_email: tickets.buyerEmail,
          buyer_phone: tickets.buyerPhone,
        },
      })
      .from(payments)
      .innerJoin(tickets, eq(tickets.id, payments.ticketId))
      .where(filters.status ? eq(payments.status, filters.status) : undefined)
      .orderBy(desc(payments.createdAt), desc(payments.id));
  },

  async review(
    db: Executor,
    id: string,
    values: { status: string; notes: string; reviewedBy: string; applied: boolean },
  ): Promise<PaymentRow> {
    const [row] = await db
      .update(payments)
      .set({
        status: values.status,
        notes: values.notes,
        reviewedBy: values.reviewedBy,
        reviewedAt: sql`now()`,
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
      })
      .from(payments)
      .where(inArray(payments.ticketId, ticketIds))
      .orderBy(desc(payments.paymentDate), payments.id);
  },
};
