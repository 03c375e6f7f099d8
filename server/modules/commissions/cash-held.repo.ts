import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';

/**
 * Cash held by vendedores (migration 0033, decision 062): receipts (a payment a vendedor recorded
 * by hand), hand-overs an admin recorded, and settlements (what took cash off a receipt: a refund
 * of its sale or a hand-over). Append-only; what is held is a sum.
 */

/** Sums come back as text (bigint) on PostgreSQL and as numbers on PGlite. */
const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const iso = (v: unknown) => new Date(v as string | Date).toISOString();

/** Each receipt with what is still held of it (amount − settled). */
const openReceiptsSql = (where: SQL) => sql`
  select r.payment_id, r.holder_id, r.ticket_id, r.raffle_id, r.amount_cents, r.rate_to_usd, r.created_at,
         r.amount_cents - coalesce((select sum(s.amount_cents) from cash_settlements s
                                     where s.payment_id = r.payment_id), 0) as held_cents
    from cash_receipts r
   where ${where}`;

export type OpenReceipt = {
  paymentId: string;
  /** The vendedor who recorded it and holds the cash. */
  holderId: string;
  ticketId: string;
  amountCents: number;
  heldCents: number;
  rate: number | null;
  createdAt: string;
};

const toOpen = (r: Record<string, unknown>): OpenReceipt => ({
  paymentId: String(r.payment_id),
  holderId: String(r.holder_id),
  ticketId: String(r.ticket_id),
  amountCents: num(r.amount_cents),
  heldCents: num(r.held_cents),
  rate: numOrNull(r.rate_to_usd),
  createdAt: iso(r.created_at),
});

export type SettlementInsert = {
  paymentId: string;
  kind: 'refunded' | 'handed_over';
  amountCents: number;
  refundId?: string;
  handoverId?: string;
};

export const cashHeldRepo = {
  /**
   * A payment approved as staff recorded it by hand becomes cash held by its recorder when the
   * recorder is a vendedor (their role now, when the money is recorded); an admin's word is the
   * business's own. A buyer's report of cash (`efectivo`) an admin approved is cash held by the
   * vendedor the sale is credited to: the buyer paid that seller, not the business, and without it a
   * vendedor typed their own cash as the buyer's report to skip the hold (decision 062, 2026-12-06).
   * One statement, a no-op for every other payment.
   */
  async holdIfRecordedBySeller(tx: Executor, paymentId: string) {
    await tx.execute(sql`
      insert into cash_receipts (payment_id, holder_id, ticket_id, raffle_id, amount_cents, rate_to_usd)
      select p.id, h.holder_id, p.ticket_id, t.raffle_id, p.amount_cents, p.rate_to_usd
        from payments p
        join tickets t on t.id = p.ticket_id
        left join orders o on o.id = t.order_id
        cross join lateral (
          select case when p.recorded_by_staff then p.reviewed_by
                      when p.payment_method = 'efectivo' then o.seller_id end as holder_id
        ) h
        join user_roles ur on ur.user_id = h.holder_id and ur.role = 'vendedor'
       where p.id = ${paymentId} and p.status = 'approved' and p.amount_cents > 0
      on conflict (payment_id) do nothing`);
  },

  /** Whether a user is an admin now (`user_roles`, read in the transaction, as for holding). */
  async isAdmin(tx: Executor, userId: string) {
    const rows = await queryRows(
      tx,
      sql`select 1 from user_roles where user_id = ${userId} and role = 'admin'`,
    );
    return rows.length > 0;
  },

  /**
   * A sale's receipts with cash still held, newest first, locked: a refund takes from them, and a
   * hand-over of the same receipts waits (both lock receipt rows). The people the refund then writes
   * for (the receipts' holders, the sellers with commission on the sale) are share-locked first, in
   * id order: a hand-over locks its seller's row and then their receipts, so a refund that locked the
   * receipts first and then waited for that row (its reversal's foreign key) deadlocked with it.
   */
  async openOfTicket(tx: Executor, ticketId: string): Promise<OpenReceipt[]> {
    await tx.execute(sql`
      select id from profiles
       where id in (select holder_id from cash_receipts where ticket_id = ${ticketId}
                    union select seller_id from seller_ledger where ticket_id = ${ticketId})
       order by id for key share`);
    await tx.execute(
      sql`select payment_id from cash_receipts where ticket_id = ${ticketId} order by payment_id for update`,
    );
    const rows = await queryRows<Record<string, unknown>>(
      tx,
      sql`select * from (${openReceiptsSql(sql`r.ticket_id = ${ticketId}`)}) x
           where x.held_cents > 0 order by x.created_at desc, x.payment_id desc`,
    );
    return rows.map(toOpen);
  },

  /** A seller's receipts with cash still held, oldest first, with their raffle, number and method. */
  async openOfHolder(db: Executor, holderId: string, options: { lock?: boolean } = {}) {
    if (options.lock)
      await db.execute(
        sql`select payment_id from cash_receipts where holder_id = ${holderId} order by payment_id for update`,
      );
    const rows = await queryRows<Record<string, unknown>>(
      db,
      sql`select x.*, rf.name as raffle_name, t.ticket_number, p.payment_method
            from (${openReceiptsSql(sql`r.holder_id = ${holderId}`)}) x
            join raffles rf on rf.id = x.raffle_id
            join tickets t on t.id = x.ticket_id
            join payments p on p.id = x.payment_id
           where x.held_cents > 0
           order by x.created_at, x.payment_id`,
    );
    return rows.map((r) => ({
      ...toOpen(r),
      raffleId: String(r.raffle_id),
      raffleName: String(r.raffle_name),
      ticketNumber: String(r.ticket_number),
      method: r.payment_method === null ? null : String(r.payment_method),
    }));
  },

  async insertSettlements(tx: Executor, rows: SettlementInsert[]) {
    for (const r of rows)
      await tx.execute(sql`
        insert into cash_settlements (payment_id, kind, amount_cents, refund_id, handover_id)
        values (${r.paymentId}, ${r.kind}, ${r.amountCents}, ${r.refundId ?? null}, ${r.handoverId ?? null})
        on conflict do nothing`);
  },

  async insertHandover(
    tx: Executor,
    values: {
      holderId: string;
      amountCents: number;
      amountVesCents: number | null;
      note: string | null;
      requestId: string;
      createdBy: string;
    },
  ) {
    const [row] = await queryRows<{ id: string }>(
      tx,
      sql`insert into cash_handovers (holder_id, amount_cents, amount_ves_cents, note, request_id, created_by)
          values (${values.holderId}, ${values.amountCents}, ${values.amountVesCents}, ${values.note},
                  ${values.requestId}, ${values.createdBy})
          returning id`,
    );
    if (!row) throw new Error('cash hand-over insert returned nothing');
    return row.id;
  },

  /** Hand-overs of a seller (or the one a request made), newest first, with who recorded each. */
  async handovers(db: Executor, where: { holderId: string } | { requestId: string }, limit = 50) {
    const filter =
      'holderId' in where ? sql`h.holder_id = ${where.holderId}` : sql`h.request_id = ${where.requestId}`;
    const rows = await queryRows<Record<string, unknown>>(
      db,
      sql`select h.id, h.holder_id, h.amount_cents, h.amount_ves_cents, h.note, h.created_at,
                 p.full_name as created_by_name,
                 (select count(*) from cash_settlements s where s.handover_id = h.id) as payments
            from cash_handovers h left join profiles p on p.id = h.created_by
           where ${filter}
           order by h.created_at desc, h.id desc limit ${limit}`,
    );
    return rows.map((r) => ({
      id: String(r.id),
      holderId: String(r.holder_id),
      amountCents: num(r.amount_cents),
      amountVesCents: numOrNull(r.amount_ves_cents),
      note: r.note === null ? null : String(r.note),
      payments: num(r.payments),
      createdByName: r.created_by_name === null ? null : String(r.created_by_name),
      createdAt: iso(r.created_at),
    }));
  },

  /**
   * Refunds that took cash off a seller's receipts, newest first, one line each (a refund may take
   * from several of the seller's payments on the sale), with what it took (in Bs at each payment's
   * rate, rounded per payment as `heldBySeller` and a hand-over do; null if one had no rate), the
   * whole refund and who recorded it (the staff's name; null when their profile is gone or unnamed).
   */
  async refundsOfHolder(db: Executor, holderId: string, limit = 50) {
    const rows = await queryRows<Record<string, unknown>>(
      db,
      sql`select s.refund_id, c.raffle_id, rf.name as raffle_name, t.ticket_number,
                 sum(s.amount_cents) as amount_cents,
                 case when bool_and(c.rate_to_usd is not null)
                      then sum(round(s.amount_cents * c.rate_to_usd)) end as amount_ves_cents,
                 r.amount_cents as refund_amount_cents, r.reason, r.created_at,
                 nullif(p.full_name, '') as created_by_name
            from cash_settlements s
            join cash_receipts c on c.payment_id = s.payment_id
            join refunds r on r.id = s.refund_id
            join raffles rf on rf.id = c.raffle_id
            join tickets t on t.id = c.ticket_id
            left join profiles p on p.id = r.actor_id
           where s.kind = 'refunded' and c.holder_id = ${holderId}
           group by s.refund_id, c.raffle_id, rf.name, t.ticket_number, r.amount_cents, r.reason, r.created_at,
                    p.full_name
           order by r.created_at desc, s.refund_id desc limit ${limit}`,
    );
    return rows.map((r) => ({
      refundId: String(r.refund_id),
      raffleId: String(r.raffle_id),
      raffleName: String(r.raffle_name),
      ticketNumber: String(r.ticket_number),
      amountCents: num(r.amount_cents),
      amountVesCents: numOrNull(r.amount_ves_cents),
      refundAmountCents: num(r.refund_amount_cents),
      reason: String(r.reason),
      createdByName: r.created_by_name === null ? null : String(r.created_by_name),
      createdAt: iso(r.created_at),
    }));
  },

  /**
   * The ledger entries (earned, reversed) of every sale with cash still held, by any vendedor, with
   * the cash held on it and what it has paid: what the held commission is computed from. Only the
   * sales of `sellerId`'s entries when given.
   */
  async heldSales(db: Executor, sellerId?: string) {
    const rows = await queryRows<Record<string, unknown>>(
      db,
      sql`with held as (
            select x.ticket_id, sum(x.held_cents) as held_cents
              from (${openReceiptsSql(sql`true`)}) x
             group by x.ticket_id having sum(x.held_cents) > 0)
          select l.seller_id, l.ticket_id, l.kind, l.amount_cents, l.percent_bp, l.per_number_cents,
                 h.held_cents, t.total_paid_cents
            from held h
            join tickets t on t.id = h.ticket_id
            join seller_ledger l on l.ticket_id = h.ticket_id and l.kind <> 'paid_out'
           ${sellerId ? sql`where l.seller_id = ${sellerId}` : sql``}
           order by l.id`,
    );
    return rows.map((r) => ({
      sellerId: String(r.seller_id),
      ticketId: String(r.ticket_id),
      kind: String(r.kind),
      amountCents: num(r.amount_cents),
      percentBp: numOrNull(r.percent_bp),
      perNumberCents: numOrNull(r.per_number_cents),
      heldCents: num(r.held_cents),
      paidCents: num(r.total_paid_cents),
    }));
  },

  /** Cash each vendedor holds: USD, Bs at each payment's rate (null if one had none), payments. */
  async heldBySeller(db: Executor) {
    const rows = await queryRows<Record<string, unknown>>(
      db,
      sql`select x.holder_id, sum(x.held_cents) as held_cents, count(*) as payments,
                 case when bool_and(x.rate_to_usd is not null)
                      then sum(round(x.held_cents * x.rate_to_usd)) end as held_ves_cents
            from (${openReceiptsSql(sql`true`)}) x
           where x.held_cents > 0
           group by x.holder_id`,
    );
    return new Map(
      rows.map((r) => [
        String(r.holder_id),
        {
          heldCents: num(r.held_cents),
          heldVesCents: numOrNull(r.held_ves_cents),
          payments: num(r.payments),
        },
      ]),
    );
  },
};
