import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board, ReservationResult } from '../../../domain/reservations';
import { boardChar } from '../../../domain/tickets';
import { queryRows } from '../../db/client';
import { buyer, makeRaffle } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
});
afterAll(() => t?.close());

const TOTAL = 500;

type Op =
  | { kind: 'reserve'; numbers: number[] }
  | { kind: 'release'; pick: number }
  | { kind: 'pay'; pick: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .uniqueArray(fc.integer({ min: 0, max: TOTAL - 1 }), { minLength: 1, maxLength: 5 })
      .map((numbers) => ({ kind: 'reserve' as const, numbers })),
  },
  { weight: 1, arbitrary: fc.nat().map((pick) => ({ kind: 'release' as const, pick })) },
  { weight: 1, arbitrary: fc.nat().map((pick) => ({ kind: 'pay' as const, pick })) },
);

/** The board a fresh read of the live sales gives (every number without one is 'd'). */
async function boardFromDatabase(raffleId: string) {
  const rows = await queryRows<{ number: number; status: string }>(
    t.db,
    sql`select number, status from tickets where raffle_id = ${raffleId} and ended_at is null`,
  );
  const statuses = Buffer.alloc(TOTAL, 'd');
  for (const row of rows) statuses[Number(row.number)] = boardChar(row.status).charCodeAt(0);
  return statuses.toString('latin1');
}

describe('the board served from memory (decision 032)', () => {
  it('equals a fresh read of the database after random reservations, releases and payments, in every encoding', async () => {
    let buyers = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 25 }), async (ops) => {
        const raffle = await makeRaffle(t, { total_numbers: TOTAL, digit_count: 3 });
        const path = `/api/raffles/${raffle.id}/board`;
        await t.api('GET', path); // the board is in memory before the changes, which it follows
        // Reservations not yet paid: a paid sale is released only after a refund (not tried here).
        const held: string[] = [];
        for (const step of ops) {
          if (step.kind === 'reserve') {
            const res = await t.api<ReservationResult>('POST', `/api/raffles/${raffle.id}/reservations`, {
              body: { numbers: step.numbers, buyer: buyer({ cedula: `V-${20_000_000 + buyers++}` }) },
            });
            expect([201, 409]).toContain(res.status);
            if (res.status === 201) held.push(...res.body.tickets.map((ticket) => ticket.id as string));
          } else if (held.length > 0) {
            const [id] = held.splice(step.pick % held.length, 1);
            const status = step.kind === 'release' ? 'disponible' : 'pagado';
            const res = await t.api('PATCH', `/api/tickets/${id}`, { token: admin, body: { status } });
            expect(res.status).toBe(200);
          }
        }
        const expected = await boardFromDatabase(raffle.id);
        for (const encoding of ['br', 'gzip', 'identity']) {
          const res = await t.api<Board>('GET', path, { headers: { 'accept-encoding': encoding } });
          expect(res.headers.get('content-encoding') ?? 'identity').toBe(encoding);
          expect(res.body.statuses).toBe(expected);
        }
      }),
      { numRuns: 6 },
    );
  });
});
