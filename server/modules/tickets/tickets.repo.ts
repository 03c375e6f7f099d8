import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { ticketEvents, tickets } from '../../db/schema';

export type TicketRow = typeof tickets.$inferSelect;
export type TicketEventInsert = typeof ticketEvents.$inferInsert;

/** A ticket back on sale carries nothing of its previous buyer. */
export const BUYER_FIELDS_CLEARED = {
  buyerName: null,
  buyerPhone: null,
  buyerAddress: null,
  buyerCedula: null,
  buyerEmail: null,
  paymentMethod: null,
  paymentProof: null,
  purchasedAt: null,
  reservedUntil: null,
  totalPaidCents: 0,
  remainingCents: 0,
} as const;

export const ticketsRepo = {
  /** All numbers of a raffle in one set-based statement (100,000 rows in well under a second). */
  async generate(db: Executor, raffleId: string, from: number, to: number, digitCount: number) {
    await db.execute(sql`
      insert into tickets (raffle_id, number, ticket_number, status)
      select ${raffleId}::uuid, n, lpad(n::text, ${digitCount}::int, '0'), 'disponible'
      from generate_series(${from}::int, ${to}::int - 1) as n`);
  },

  /** PGlite never auto-analyzes; without fresh statistics the planner picks a slow plan. */
  async analyze(db: Executor) {
    await db.execute(sql`analyze tickets`);
  },

  async deleteFrom(db: Executor, raffleId: string, fromNumber: number) {
    await db.execute(sql`delete from tickets where raffle_id = ${raffleId} and number >= ${fromNumber}`);
  },

  async renumber(db: Executor, raffleId: string, digitCount: number) {
    await db.execute(
      sql`update tickets set ticket_number = lpad(number::text, ${digitCount}::int, '0') where raffle_id = ${raffleId}`,
    );
  },

  async countNotAvailable(db: Executor, raffleId: string): Promise<number> {
    const rows = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from tickets where raffle_id = ${raffleId} and status <> 'disponible'`,
    );
    return Number(rows[0]?.n ?? 0);
  },

  /** Ticket counts per status plus money collected and pending, for several raffles at once. */
  async stats(db: Executor, raffleIds: string[]) {
    if (raffleIds.length === 0) return [];
    const rows = await queryRows<{
      raffle_id: string;
      status: string;
      n: number;
      paid: string;
      remaining: string;
    }>(
      db,
      sql`
      select raffle_id, status, count(*)::int as n,
             coalesce(sum(total_paid_cents), 0)::text as paid, coalesce(sum(remaining_cents), 0)::text as remaining
      from tickets where raffle_id in (${sql.join(
        raffleIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      group by raffle_id, status`,
    );
    return rows.map((r) => ({ ...r, n: Number(r.n), paid: Number(r.paid), remaining: Number(r.remaining) }));
  },

  /** The public board: one character per number, ordered by number, built in the database. */
  async board(db: Executor, raffleId: string): Promise<{ statuses: string; version: number }> {
    const rows = await queryRows<{ statuses: string | null; version: string | null }>(
      db,
      sql`
      select string_agg(case status when 'disponible' then 'd' when 'apartado' then 'a' when 'abonado' then 'b'
                                    when 'pagado' then 'p' when 'cancelado' then 'c' else 'o' end, '' order by number) as statuses,
             max(version)::text as version
      from tickets where raffle_id = ${raffleId}`,
    );
    const row = rows[0];
    return { statuses: row?.statuses ?? '', version: Number(row?.version ?? 0) };
  },

  /**
   * The heart of "a number is sold once": only rows still 'disponible' are updated. Concurrent
   * buyers of one number queue on its row lock and the losers re-check the WHERE and miss.
   */
  async reserve(
    db: Executor,
    raffleId: string,
    numbers: number[],
    values: {
      buyerName: string;
      buyerPhone: string;
      buyerAddress: string;
      buyerCedula: string;
      buyerEmail: string | null;
      paymentMethod: string;
      paymentProof: string | null;
      priceCents: number;
      reservationHours: number;
    },
  ): Promise<TicketRow[]> {
    return db
      .update(tickets)
      .set({
        status: 'apartado',
        buyerName: values.buyerName,
        buyerPhone: values.buyerPhone,
        buyerAddress: values.buyerAddress,
        buyerCedula: values.buyerCedula,
        buyerEmail: values.buyerEmail,
        paymentMethod: values.paymentMethod,
        paymentProof: values.paymentProof,
        purchasedAt: sql`now()`,
        reservedUntil: sql`now() + make_interval(hours => ${values.reservationHours}::int)`,
        totalPaidCents: 0,
        remainingCents: values.priceCents,
        version: sql`nextval('ticket_version_seq')`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(tickets.raffleId, raffleId),
          inArray(tickets.number, numbers),
          eq(tickets.status, 'disponible'),
        ),
      )
      .returning();
  },

  /**
   * Expired reservations with nothing paid go back to 'disponible', unless their buyer sent a
   * payment that covers the first amount due (price or one cuota) and is still within its review
   * window: a token payment cannot hold numbers, and no payment holds them forever.
   */
  async releaseExpired(db: Executor, limit: number, reviewHours: number): Promise<TicketRow[]> {
    const rows = await queryRows<{ id: string }>(
      db,
      sql`
      select t.id from tickets t
      join raffles r on r.id = t.raffle_id
      where t.status = 'apartado' and t.reserved_until < now() and t.total_paid_cents = 0
        and not exists (
          select 1 from payments p
          where p.ticket_id = t.id and p.status = 'pending'
            and p.payer_cedula is not distinct from t.buyer_cedula
            and p.created_at > now() - make_interval(hours => ${reviewHours}::int)
            and p.amount_cents >= case when r.payment_type = 'cuotas' and r.installments > 1
                                       then ceil(r.price_cents::numeric / r.installments)
                                       else r.price_cents end)
      order by t.reserved_until limit ${limit} for update of t skip locked`,
    );
    const ids = rows.map((r) => r.id);
    if (ids.length === 0) return [];
    return db
      .update(tickets)
      .set({
        ...BUYER_FIELDS_CLEARED,
        status: 'disponible',
        version: sql`nextval('ticket_version_seq')`,
        updatedAt: sql`now()`,
      })
      .where(inArray(tickets.id, ids))
      .returning();
  },

  /** Available numbers picked at random on the server ("Maquinita de la suerte"). */
  async randomAvailable(db: Executor, raffleId: string, count: number, exclude: number[]): Promise<number[]> {
    const excluded = exclude.length > 0 ? exclude : [-1];
    const rows = await queryRows<{ number: number }>(
      db,
      sql`
      select number from tickets
      where raffle_id = ${raffleId} and status = 'disponible'
        and number not in (${sql.join(
          excluded.map((n) => sql`${n}::int`),
          sql`, `,
        )})
      order by random() limit ${count}`,
    );
    return rows.map((r) => Number(r.number)).sort((a, b) => a - b);
  },

  /** What a closed raffle commits to: every ticket that is neither available nor cancelled. */
  soldTickets(db: Executor, raffleId: string) {
    return db
      .select({
        id: tickets.id,
        ticketNumber: tickets.ticketNumber,
        status: tickets.status,
        buyerCedula: tickets.buyerCedula,
      })
      .from(tickets)
      .where(and(eq(tickets.raffleId, raffleId), notInArray(tickets.status, ['disponible', 'cancelado'])))
      .orderBy(asc(tickets.number));
  },

  async findByNumber(db: Executor, raffleId: string, number: number): Promise<TicketRow | null> {
    const [row] = await db
      .select()
      .from(tickets)
      .where(and(eq(tickets.raffleId, raffleId), eq(tickets.number, number)));
    return row ?? null;
  },

  findByNumbers(db: Executor, raffleId: string, numbers: number[]) {
    return db
      .select({ number: tickets.number, status: tickets.status })
      .from(tickets)
      .where(and(eq(tickets.raffleId, raffleId), inArray(tickets.number, numbers)))
      .orderBy(asc(tickets.number));
  },

  async insertEvents(db: Executor, events: TicketEventInsert[]) {
    if (events.length > 0) await db.insert(ticketEvents).values(events);
  },

  async tryJobLock(db: Executor, key: number): Promise<boolean> {
    const rows = await queryRows<{ locked: boolean }>(
      db,
      sql`select pg_try_advisory_xact_lock(${key}::bigint) as locked`,
    );
    return Boolean(rows[0]?.locked);
  },

  /** NOTIFY inside the writing transaction: delivered on commit, to every app instance. */
  async notify(db: Executor, payload: unknown) {
    await db.execute(sql`select pg_notify('ticket_changes', ${JSON.stringify(payload)})`);
  },
};
