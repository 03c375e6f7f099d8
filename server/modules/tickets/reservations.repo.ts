import { sql } from 'drizzle-orm';
import { type Executor, preparedRows, queryRows } from '../../db/client';
import type { TicketRow } from '../../db/rows';
import { fromRaw, type RawTicket } from './sale-rows';
import { intArray, textArray } from './tickets.repo';

// The one statement that sells numbers online (`reserve_sales`) and what a request sent again finds
// of itself (decision 057).

/** See reservationsRepo.reserveMany. Arrays of one entry per request; numbers as int[] literals. */
const RESERVE_MANY_SQL = `
  select s.grp, s.refusal, s.refused, s.digits, s.order_code, (s.sale).* from reserve_sales($1::uuid[], $2::boolean[], $3::int[], $4::text[], $5::text[],
    $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::uuid[], $13::text[], $14::text[], $15::uuid[]) as s`;

/** Why `reserve_sales` sold a request nothing (codes in migration 0008); `numbers` names the culprits. */
export type ReservationRefusal = {
  code:
    | 'RAFFLE_NOT_FOUND'
    | 'RAFFLE_CLOSED'
    | 'RAFFLE_NOT_OPEN'
    | 'NUMBERS_OUT_OF_RANGE'
    | 'BUYER_LIMIT'
    | 'TICKETS_UNAVAILABLE'
    /** The raffle's price or packages are not those the request was priced with (migration 0022). */
    | 'PRICES_CHANGED';
  /** The numbers at fault; for BUYER_LIMIT, the cap and what the buyer holds. */
  numbers: number[];
  /** The raffle's digit count, to name the numbers as the buyer sees them. */
  digits: number;
};

/** Per request: the sales it made (all its numbers), or why it made none. */
export type ReservationOutcome = { sales: TicketRow[]; orderCode: string } | { refusal: ReservationRefusal };

type RefusalColumns = { refusal: string | null; refused: unknown; digits: number | null };

/** An int[] column: node-postgres parses it, PGlite too; a text literal `{1,2}` is read as well. */
const parseIntArray = (value: unknown): number[] =>
  Array.isArray(value)
    ? value.map(Number)
    : typeof value === 'string' && value.length > 2
      ? value.slice(1, -1).split(',').map(Number)
      : [];

/** One buyer's request, as the reservation batcher hands it to `reserveMany`. */
export type SaleRequest = {
  raffleId: string;
  numbers: number[];
  values: ReservationValues;
  sandbox: boolean;
  /**
   * The seller a referral link named (decision 036): credited on the order only if they own the
   * raffle or are assigned to it, which `reserve_sales` checks (migration 0019).
   */
  sellerId?: string | null;
  /**
   * Each number's price (in the order of the sorted numbers) and the terms they were computed with
   * (the raffle's price and packages, as JSON): `reserve_sales` sells only if the raffle still has
   * those terms (migration 0022). Absent: the raffle's price, while it has no packages.
   */
  pricing?: SalePricing | null;
  /** The key the buyer's browser chose for this request, kept on its order (decision 057). */
  requestId?: string | null;
};

export type SalePricing = { terms: string; prices: number[] };

export type ReservationValues = {
  buyerName: string;
  buyerPhone: string;
  buyerAddress: string;
  buyerCedula: string;
  buyerEmail: string | null;
  paymentMethod: string;
  paymentProof: string | null;
};

export const reservationsRepo = {
  /**
   * The heart of "a number is sold once": the `reserve_sales` function (migrations 0007, 0008,
   * decision 016), the one statement that sells numbers online and the one place that holds the
   * reservation rules. It writes one or many buyers' requests in one statement and one commit;
   * each request sells all its numbers or none, and one that sold nothing comes back with the
   * reason (the raffle is not on sale, a number is out of range or someone holds it). The live
   * change is announced after the commit (decision 011). Answers one outcome per request, in order.
   */
  async reserveMany(db: Executor, requests: SaleRequest[]): Promise<ReservationOutcome[]> {
    const sorted = requests.map((r) => [...r.numbers].sort((a, b) => a - b));
    const column = (pick: (r: SaleRequest) => string | boolean | null) => textArray(requests.map(pick));
    const rows = await preparedRows<RawTicket & RefusalColumns & { grp: number; order_code: string | null }>(
      db,
      'tickets_reserve_many_v6',
      RESERVE_MANY_SQL,
      [
        column((r) => r.raffleId),
        column((r) => r.sandbox),
        intArray(sorted.map((numbers) => numbers[numbers.length - 1] ?? 0)),
        textArray(sorted.map(intArray)),
        column((r) => r.values.buyerName),
        column((r) => r.values.buyerPhone),
        column((r) => r.values.buyerAddress),
        column((r) => r.values.buyerCedula),
        column((r) => r.values.buyerEmail),
        column((r) => r.values.paymentMethod),
        column((r) => r.values.paymentProof),
        column((r) => r.sellerId ?? null),
        column((r) => r.pricing?.terms ?? null),
        column((r) => (r.pricing ? intArray(r.pricing.prices) : null)),
        column((r) => r.requestId ?? null),
      ],
    );
    const outcomes: ReservationOutcome[] = requests.map(() => ({ sales: [], orderCode: '' }));
    for (const row of rows) {
      const i = Number(row.grp) - 1;
      const outcome = outcomes[i];
      if (!outcome) continue;
      if (row.refusal) {
        outcomes[i] = {
          refusal: {
            code: row.refusal as ReservationRefusal['code'],
            numbers: parseIntArray(row.refused),
            digits: Number(row.digits ?? 0),
          },
        };
      } else if ('sales' in outcome) {
        outcome.sales.push(fromRaw(row));
        outcome.orderCode = String(row.order_code);
      }
    }
    return outcomes;
  },

  /**
   * The order an earlier sending of this very request made (decision 057): the live sales of these
   * numbers, when every one of them belongs to one order kept with this request key and cédula.
   * Read through the numbers' unique index, so `orders.request_id` needs none. Null otherwise.
   */
  async sentBefore(
    db: Executor,
    request: { raffleId: string; requestId: string; cedula: string; numbers: number[] },
  ): Promise<{ sales: TicketRow[]; orderCode: string } | null> {
    const rows = await queryRows<RawTicket & { order_code: string }>(
      db,
      sql`select o.code as order_code, t.* from tickets t join orders o on o.id = t.order_id
          where t.raffle_id = ${request.raffleId} and t.ended_at is null
            and t.number = any(${intArray(request.numbers)}::int[])
            and o.request_id = ${request.requestId} and o.buyer_cedula = ${request.cedula}
          order by t.number`,
    );
    const sales = rows.map(fromRaw);
    const oneOrder = new Set(sales.map((s) => s.orderId)).size === 1;
    if (!oneOrder || sales.length !== new Set(request.numbers).size) return null;
    return { sales, orderCode: String(rows[0]?.order_code) };
  },
};
