// SQL workloads run straight on the database, without the app: the references the app is measured
// against. The same code runs in the bench process on PostgreSQL (through a pg.Pool) and inside the
// PGlite server process (through PGlite's one connection, see server-entry.ts), so both databases
// run the same statements.
import { randomUUID } from 'node:crypto';
import type { Db } from '../server/db/client';
import { createReservationBatcher } from '../server/modules/tickets/reservation-batcher';
import { now, runPool } from './stats';

export type Query = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/** The price per number of the bench's raffles: a reservation sends it as the total it was shown. */
export const BENCH_PRICE_CENTS = 100;

/** The buyer fields every bench sale carries (the same values the HTTP buyers send). */
export function buyer(i: number) {
  return {
    name: `Comprador Bench ${i}`,
    phone: '0414-1234567',
    address: 'Av. Bolívar, San Cristóbal',
    cedula: `V-${10_000_000 + i}`,
  };
}

/** One sale row, the row shape a reservation inserts (buyer fields, padded number, version). */
const INSERT_SALE = (table: string) => `
  insert into ${table} (raffle_id, number, ticket_number, status, buyer_name, buyer_phone, buyer_address,
                        buyer_cedula, buyer_email, payment_method, payment_proof, purchased_at, reserved_until,
                        total_paid_cents, remaining_cents, version)
  values ($1, $2::int, lpad($2::int::text, $7::int, '0'), 'apartado', $3, $4, $5, $6, null, 'transfer', null, now(),
          now() + interval '24 hours', 0, 100, nextval('ticket_version_seq'))`;

/** Bench raffles of reservations have 100,000 numbers: 5 digits. */
const saleParams = (raffleId: string, number: number, i: number) => {
  const b = buyer(i);
  return [raffleId, number, b.name.toLowerCase(), b.phone, b.address, b.cedula, 5];
};

/**
 * The database's own conditional single-row write ceiling: `count` one-row inserts of a sale into
 * `tickets` (same row shape, same unique index on live raffle + number), distinct numbers from
 * `from`, on `concurrency` concurrent clients.
 */
export async function ceiling(
  query: Query,
  args: { raffleId: string; from: number; count: number; concurrency: number; timeLimitMs: number },
) {
  const deadline = now() + args.timeLimitMs;
  const run = await runPool(
    args.count,
    args.concurrency,
    (i) => query(INSERT_SALE('tickets'), saleParams(args.raffleId, args.from + i, args.from + i)),
    deadline,
  );
  return { ms: run.ms, done: run.done, latencies: run.latencies };
}

/** A PostgreSQL array literal of texts: every element quoted (names and addresses carry commas). */
const textArray = (xs: string[]) => `{${xs.map((x) => `"${x.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

/**
 * The database's own batched write ceiling: the same sale rows as `ceiling`, `rowsPerTransaction`
 * of them per statement (one INSERT of an unnest, its own transaction: one commit, one round trip),
 * `concurrency` statements at once, `count` rows in all.
 */
export async function batchedCeiling(
  query: Query,
  args: {
    raffleId: string;
    from: number;
    count: number;
    rowsPerTransaction: number;
    concurrency: number;
    timeLimitMs: number;
  },
) {
  const statements = Math.ceil(args.count / args.rowsPerTransaction);
  const run = await runPool(
    statements,
    args.concurrency,
    async (k) => {
      const first = args.from + k * args.rowsPerTransaction;
      const numbers = Array.from(
        { length: Math.min(args.rowsPerTransaction, args.from + args.count - first) },
        (_, i) => first + i,
      );
      const buyers = numbers.map((n) => buyer(n));
      await query(
        `insert into tickets (raffle_id, number, ticket_number, status, buyer_name, buyer_phone, buyer_address,
                              buyer_cedula, buyer_email, payment_method, payment_proof, purchased_at,
                              reserved_until, total_paid_cents, remaining_cents, version)
         select $1, u.n, lpad(u.n::text, 5, '0'), 'apartado', u.name, u.phone, u.address, u.cedula, null,
                'transfer', null, now(), now() + interval '24 hours', 0, 100, nextval('ticket_version_seq')
         from unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[]) as u(n, name, phone, address, cedula)`,
        [
          args.raffleId,
          `{${numbers.join(',')}}`,
          textArray(buyers.map((b) => b.name.toLowerCase())),
          textArray(buyers.map((b) => b.phone)),
          textArray(buyers.map((b) => b.address)),
          textArray(buyers.map((b) => b.cedula)),
        ],
      );
      return numbers.length;
    },
    now() + args.timeLimitMs,
  );
  const rows = run.results.reduce((sum: number, n) => sum + (n ?? 0), 0);
  return { ms: run.ms, done: rows, statements: run.done, latencies: run.latencies };
}

/**
 * The app's own reservation path (the batcher of decision 016 over `reserve_sales`: raffle key-share
 * read, sale insert, history row; buyers that wait together written together), straight on the
 * database without HTTP: where the time of a reservation goes, between the plain INSERT and the
 * HTTP request.
 */
export async function reservationStatement(
  db: Db,
  args: { raffleId: string; from: number; count: number; concurrency: number; timeLimitMs: number },
) {
  const deadline = now() + args.timeLimitMs;
  const batcher = createReservationBatcher({ db });
  const run = await runPool(
    args.count,
    args.concurrency,
    async (i) => {
      const b = buyer(args.from + i);
      const values = {
        buyerName: b.name.toLowerCase(),
        buyerPhone: b.phone,
        buyerAddress: b.address,
        buyerCedula: b.cedula,
        buyerEmail: null,
        paymentMethod: 'transfer',
        paymentProof: null,
      };
      const outcome = await batcher.reserve({
        raffleId: args.raffleId,
        numbers: [args.from + i],
        values,
        sandbox: false,
      });
      if (!('sales' in outcome) || outcome.sales.length !== 1)
        throw new Error('the reservation statement sold nothing');
    },
    deadline,
  );
  return { ms: run.ms, done: run.done, latencies: run.latencies };
}

/** The naive flow's table: the shape of `tickets` without its unique guarantee (a plain index to read by). */
export async function createNaiveTable(query: Query) {
  await query('drop table if exists bench_naive_tickets');
  await query('create table bench_naive_tickets (like tickets including defaults)');
  await query('create index on bench_naive_tickets (raffle_id, number)');
}

export async function dropNaiveTable(query: Query) {
  await query('drop table if exists bench_naive_tickets');
}

/**
 * SPEC section 7's reservation: look the number up, and write the sale if nobody holds it: two
 * round trips and no guarantee. `attempts[i]` is the number buyer i wants. Returns how many
 * buyers were told "yours" and the time taken.
 */
export async function naive(
  query: Query,
  args: { raffleId?: string; attempts: number[]; concurrency: number; timeLimitMs: number },
) {
  const raffleId = args.raffleId ?? randomUUID();
  const deadline = now() + args.timeLimitMs;
  const run = await runPool(
    args.attempts.length,
    args.concurrency,
    async (i) => {
      const number = args.attempts[i] as number;
      const held = await query(
        'select 1 from bench_naive_tickets where raffle_id = $1 and number = $2 and ended_at is null',
        [raffleId, number],
      );
      if (held.rows.length > 0) return false;
      await query(INSERT_SALE('bench_naive_tickets'), saleParams(raffleId, number, i));
      return true;
    },
    deadline,
  );
  const told = run.results.filter(Boolean).length;
  const doubles = await doubleSold(query, 'bench_naive_tickets', raffleId);
  return { raffleId, ms: run.ms, done: run.done, told, latencies: run.latencies, ...doubles };
}

/** Numbers with more than one live sale (a double sale), and the extra sales they carry. */
export async function doubleSold(query: Query, table: 'tickets' | 'bench_naive_tickets', raffleId?: string) {
  const { rows } = await query(
    `select count(*)::int as numbers, coalesce(sum(n - 1), 0)::int as extra from (
       select count(*) as n from ${table} where ended_at is null ${raffleId ? 'and raffle_id = $1' : ''}
       group by raffle_id, number having count(*) > 1) d`,
    raffleId ? [raffleId] : [],
  );
  return { doubleSoldNumbers: Number(rows[0]?.numbers ?? 0), extraSales: Number(rows[0]?.extra ?? 0) };
}

/**
 * The old way to create a raffle (SPEC 7): a row per number, 0 to total-1, status disponible, sent in
 * batches of `batch` rows, one statement per batch, into a scratch table of the old shape (the
 * columns, defaults and indexes of `tickets`), dropped afterwards. Stops at `timeLimitMs`; the caller
 * extrapolates to `total` when it did not finish.
 */
export async function oldCreate(query: Query, args: { total: number; batch: number; timeLimitMs: number }) {
  await query('drop table if exists bench_old_tickets');
  await query('create table bench_old_tickets (like tickets including defaults including indexes)');
  const raffleId = randomUUID();
  const digits = String(args.total - 1).length;
  const start = now();
  const deadline = start + args.timeLimitMs;
  let rows = 0;
  let statements = 0;
  try {
    while (rows < args.total && now() < deadline) {
      const numbers = Array.from({ length: Math.min(args.batch, args.total - rows) }, (_, i) => rows + i);
      await query(
        `insert into bench_old_tickets (raffle_id, number, ticket_number, status)
         select $1, n, t, 'disponible' from unnest($2::int[], $3::text[]) as u(n, t)`,
        [
          raffleId,
          `{${numbers.join(',')}}`,
          `{${numbers.map((n) => String(n).padStart(digits, '0')).join(',')}}`,
        ],
      );
      rows += numbers.length;
      statements++;
      // Batches came one request at a time: let other work (the app's requests) in between.
      await new Promise((resolve) => setImmediate(resolve));
    }
    return { rows, statements, ms: now() - start, finished: rows >= args.total };
  } finally {
    await query('drop table if exists bench_old_tickets');
  }
}
