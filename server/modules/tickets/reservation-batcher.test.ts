import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../db/client';
import { makeRaffle } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createReservationBatcher } from './reservation-batcher';
import {
  type ReservationOutcome,
  type ReservationValues,
  reservationsRepo,
  type SaleRequest,
} from './reservations.repo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());
afterEach(() => vi.restoreAllMocks());

const values = (name: string, email: string | null = null): ReservationValues => ({
  buyerName: name,
  buyerPhone: '0414-1234567',
  buyerAddress: 'Av. Bolívar, San Cristóbal',
  buyerCedula: `V-${name.length}`,
  buyerEmail: email,
  paymentMethod: 'transfer',
  paymentProof: null,
});
const request = (raffleId: string, numbers: number[], name = 'comprador'): SaleRequest => ({
  raffleId,
  numbers,
  values: values(name),
  sandbox: false,
});
const numbersOf = (sales: { number: number }[]) => sales.map((s) => s.number);
/** The numbers a request got, or the refusal it got instead. */
const view = (outcome: ReservationOutcome) =>
  'sales' in outcome ? numbersOf(outcome.sales) : outcome.refusal;
const salesOf = (outcome: ReservationOutcome | undefined) =>
  outcome && 'sales' in outcome ? outcome.sales : [];

async function liveSales(raffleId: string) {
  return queryRows<{ number: number; buyer_name: string }>(
    t.db,
    sql`select number, buyer_name from tickets where raffle_id = ${raffleId} and ended_at is null order by number`,
  );
}
async function events(raffleId: string) {
  const rows = await queryRows<{ number: number }>(
    t.db,
    sql`select number from ticket_events where raffle_id = ${raffleId} order by number`,
  );
  return rows.map((r) => Number(r.number));
}

describe('reserveMany: several buyers in one statement', () => {
  it('sells each request all or nothing, skips refused ones, and keeps the others of the statement', async () => {
    const raffle = await makeRaffle(t, { total_numbers: 100 });
    const other = await makeRaffle(t, { total_numbers: 10 });
    expect(
      salesOf((await reservationsRepo.reserveMany(t.db, [request(raffle.id, [50], 'ya vendido')]))[0]),
    ).toHaveLength(1);

    const outcomes = await reservationsRepo.reserveMany(t.db, [
      request(raffle.id, [3, 1], 'uno'), // sold, numbers in order
      request(raffle.id, [3], 'dos'), // 3 went to the request before it, in this same statement
      request(raffle.id, [4, 50], 'tres'), // 50 was sold before: 4 must not stay sold
      request(raffle.id, [5, 100], 'cuatro'), // 100 is out of range
      { ...request(raffle.id, [6], 'cinco'), sandbox: true }, // not the test bench's raffle
      request(other.id, [4], 'seis'), // another raffle, same statement
    ]);

    // Each refused request says why, naming the numbers at fault.
    expect(outcomes.map(view)).toEqual([
      [1, 3],
      { code: 'TICKETS_UNAVAILABLE', numbers: [3], digits: 2 },
      { code: 'TICKETS_UNAVAILABLE', numbers: [50], digits: 2 },
      { code: 'NUMBERS_OUT_OF_RANGE', numbers: [100], digits: 2 },
      { code: 'RAFFLE_NOT_FOUND', numbers: [], digits: 2 },
      [4],
    ]);
    expect(salesOf(outcomes[0]).every((s) => s.buyerName === 'uno' && s.status === 'apartado')).toBe(true);
    expect((await liveSales(raffle.id)).map((r) => [Number(r.number), r.buyer_name])).toEqual([
      [1, 'uno'],
      [3, 'uno'],
      [50, 'ya vendido'],
    ]);
    // History only for the sales that stayed.
    expect(await events(raffle.id)).toEqual([1, 3, 50]);
    expect(await events(other.id)).toEqual([4]);
  });

  it('carries any text the buyer typed, quotes, backslashes, braces and the word NULL included', async () => {
    const raffle = await makeRaffle(t);
    const names = ['o"brien, {a} \\ b', 'NULL', '', 'ñandú 🎟️'];
    const outcomes = await reservationsRepo.reserveMany(
      t.db,
      names.map((name, i) => ({
        ...request(raffle.id, [i], name),
        values: values(name, i === 0 ? 'a"b@example.com' : null),
      })),
    );
    expect(outcomes.map((o) => salesOf(o)[0]?.buyerName)).toEqual(names);
    expect(outcomes.map((o) => salesOf(o)[0]?.buyerEmail)).toEqual(['a"b@example.com', null, null, null]);
  });
});

describe('the reservation batcher', () => {
  it('writes the requests that wait meanwhile in one statement, each answered with its own sales', async () => {
    const raffle = await makeRaffle(t);
    const writes = vi.spyOn(reservationsRepo, 'reserveMany');
    const batcher = createReservationBatcher({ db: t.db, inFlight: 1 });
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => batcher.reserve(request(raffle.id, [i % 20], `comprador ${i}`))),
    );
    // The first goes alone at once; the 29 that arrived while it was written go together.
    expect(writes.mock.calls.map(([, requests]) => requests.length)).toEqual([1, 29]);
    expect(answers.map((a) => numbersOf(salesOf(a)))).toEqual(
      Array.from({ length: 30 }, (_, i) => (i < 20 ? [i] : [])),
    );
    expect(answers.slice(20).every((a) => 'refusal' in a && a.refusal.code === 'TICKETS_UNAVAILABLE')).toBe(
      true,
    );
    expect(answers.slice(0, 20).every((a, i) => salesOf(a)[0]?.buyerName === `comprador ${i}`)).toBe(true);
  });

  it('writes a request asked alone in a statement of its own, in its turn', async () => {
    const raffle = await makeRaffle(t);
    const writes = vi.spyOn(reservationsRepo, 'reserveMany');
    const batcher = createReservationBatcher({ db: t.db, inFlight: 1 });
    const answers = await Promise.all([
      batcher.reserve(request(raffle.id, [0], 'primero')),
      batcher.reserve(request(raffle.id, [1], 'dos')),
      batcher.reserve(request(raffle.id, [2], 'tres')),
      batcher.reserve(request(raffle.id, [3], 'solo'), { alone: true }),
      batcher.reserve(request(raffle.id, [4], 'cinco')),
    ]);
    expect(writes.mock.calls.map(([, requests]) => requests.map((r) => r.values.buyerName))).toEqual([
      ['primero'],
      ['dos', 'tres'],
      ['solo'],
      ['cinco'],
    ]);
    expect(answers.map((a) => numbersOf(salesOf(a)))).toEqual([[0], [1], [2], [3], [4]]);
  });

  it('never deadlocks two batches, whatever order their buyers ask for crossing numbers in', async () => {
    const raffle = await makeRaffle(t, { total_numbers: 60 });
    const writes = vi.spyOn(reservationsRepo, 'reserveMany');
    const batcher = createReservationBatcher({ db: t.db, inFlight: 2, maxBatch: 10 });
    // 200 buyers of 3 numbers each, picked from 60 in crossing orders (ascending, descending, mixed).
    const picks = Array.from({ length: 200 }, (_, i) => {
      const a = (i * 7) % 60;
      const b = (i * 13 + 29) % 60;
      const c = (i * 31 + 11) % 60;
      return [...new Set(i % 2 ? [a, b, c] : [c, b, a])];
    });
    const answers = await Promise.all(
      picks.map((numbers, i) => batcher.reserve(request(raffle.id, numbers, `c${i}`))),
    );
    // A deadlock would have sent its batch again, one request at a time: 200 statements or more.
    expect(writes.mock.calls.length).toBeLessThan(200);
    for (const [i, answer] of answers.entries())
      expect([0, picks[i]?.length]).toContain(salesOf(answer).length);
    const sold = answers.flatMap(salesOf).map((s) => s.number);
    expect(new Set(sold).size).toBe(sold.length);
    expect((await liveSales(raffle.id)).map((r) => Number(r.number)).sort((x, y) => x - y)).toEqual(
      [...sold].sort((x, y) => x - y),
    );
  });

  it('after a deadlock writes each request alone, and hands any other failure to every caller', async () => {
    const raffle = await makeRaffle(t);
    const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    const reserveMany = reservationsRepo.reserveMany.bind(reservationsRepo);
    // A batch of several requests deadlocks; a request alone goes through.
    const many = vi.spyOn(reservationsRepo, 'reserveMany').mockImplementation(async (db, requests) => {
      if (requests.length > 1) throw new Error('wrapped', { cause: deadlock });
      return reserveMany(db, requests);
    });
    const batcher = createReservationBatcher({ db: t.db, inFlight: 1 });
    const answers = await Promise.all([
      batcher.reserve(request(raffle.id, [1])), // goes at once, alone
      batcher.reserve(request(raffle.id, [2])), // these two wait, go together and deadlock
      batcher.reserve(request(raffle.id, [3])),
    ]);
    expect(many.mock.calls.map(([, requests]) => requests.map((r) => r.numbers))).toEqual([
      [[1]],
      [[2], [3]],
      [[2]],
      [[3]],
    ]);
    expect(answers.map(view)).toEqual([[1], [2], [3]]);

    // A lost connection may have committed: no second try that would tell a buyer their own number is taken.
    many.mockClear();
    many.mockRejectedValue(new Error('Connection terminated'));
    const failed = await Promise.allSettled([batcher.reserve(request(raffle.id, [4]))]);
    expect(failed[0]).toMatchObject({ status: 'rejected', reason: { message: 'Connection terminated' } });
    expect(many).toHaveBeenCalledTimes(1);
  });
});
