// PostgreSQL only (vitest.config.ts runs *.pg.test.ts when TEST_DATABASE_URL is set): a change of
// the raffle and a sale on two sessions, each stopped halfway by a gate (gated-statements.ts) so the
// other runs in the worst order every time. The changes that need "nothing sold yet" (back to
// borrador, new sale terms, deleting the raffle) lock the raffle FOR UPDATE; sales hold it FOR KEY
// SHARE, which FOR UPDATE waits for and FOR NO KEY UPDATE (a plain UPDATE's lock) does not.
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { buyer, makeRaffle } from '../../test/factories';
import { answeredOrWaitsOnARow, gateOn } from '../../test/gated-statements';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
let pool: pg.Pool;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
  pool = (t.db as unknown as { $client: pg.Pool }).$client;
});
afterAll(() => t?.close());

type Answer = { status: number; body: unknown };
type Call = (raffleId: string) => Promise<Answer>;

const reservation: Call = (id) =>
  t.api('POST', `/api/raffles/${id}/reservations`, { body: { numbers: [70], buyer: buyer() } });
const handSale: Call = (id) =>
  t.api('PATCH', `/api/raffles/${id}/numbers/70`, {
    token: admin,
    body: { status: 'apartado', buyer_name: 'Venta a mano' },
  });
const backToDraft: Call = (id) =>
  t.api('PATCH', `/api/raffles/${id}`, { token: admin, body: { status: 'borrador' } });
/** Terms a sale is made under (TERMS_LOCKED once one is): 70 is no longer a number of the raffle. */
const newTerms: Call = (id) =>
  t.api('PATCH', `/api/raffles/${id}`, { token: admin, body: { total_numbers: 50, digit_count: 3 } });
const deletion: Call = (id) => t.api('DELETE', `/api/raffles/${id}`, { token: admin });

/** Where the raffle's change stops: after its row changed, before its commit. */
const changeGates: Record<string, [string, string]> = {
  backToDraft: ['after update', `old.status <> new.status`],
  newTerms: ['after update', `old.total_numbers <> new.total_numbers`],
  deletion: ['before delete', `true`],
};
const changes = { backToDraft, newTerms, deletion };
/** Each sale path, with how it refuses a draft, a number the raffle no longer has, a deleted raffle. */
const sales = {
  reservation: {
    call: reservation,
    onDraft: 'RAFFLE_NOT_FOUND',
    outOfRange: 'NUMBERS_OUT_OF_RANGE',
    deleted: 'RAFFLE_NOT_FOUND',
  },
  'hand sale': {
    call: handSale,
    onDraft: 'RAFFLE_NOT_OPEN',
    outOfRange: 'TICKET_NOT_FOUND',
    deleted: 'TICKET_NOT_FOUND',
  },
};

/** The sale runs up to its commit (its number written), then the change comes. */
async function saleInFlight(sale: Call, change: Call) {
  const raffle = await makeRaffle(t);
  const gate = await gateOn(pool, 'tickets', 'after insert');
  let answers: [Answer, Answer];
  try {
    const selling = sale(raffle.id);
    await gate.reached();
    const changing = change(raffle.id);
    await answeredOrWaitsOnARow(changing, pool);
    await gate.open();
    answers = await Promise.all([selling, changing]);
  } finally {
    await gate.open().catch(() => {});
  }
  return { raffleId: raffle.id, sale: answers[0], change: answers[1] };
}

/** The change runs up to its commit (the raffle's row changed), then the sale comes. */
async function changeInFlight(change: keyof typeof changes, sale: Call) {
  const raffle = await makeRaffle(t);
  const [timing, when] = changeGates[change] as [string, string];
  const gate = await gateOn(pool, 'raffles', timing, when);
  let answers: [Answer, Answer];
  try {
    const changing = changes[change](raffle.id);
    await gate.reached();
    const selling = sale(raffle.id);
    await answeredOrWaitsOnARow(selling, pool);
    await gate.open();
    answers = await Promise.all([selling, changing]);
  } finally {
    await gate.open().catch(() => {});
  }
  return { raffleId: raffle.id, sale: answers[0], change: answers[1] };
}

/** The raffle as stored (null once deleted) and its live sales, as the raffle now numbers them. */
async function stored(raffleId: string) {
  const [raffle] = await queryRows<{ status: string; total_numbers: number; digit_count: number }>(
    t.db,
    sql`select status, total_numbers, digit_count from raffles where id = ${raffleId}`,
  );
  const live = await queryRows<{ number: number; ticket_number: string }>(
    t.db,
    sql`select number, ticket_number from tickets where raffle_id = ${raffleId} and ended_at is null`,
  );
  return { raffle: raffle ?? null, live };
}

const sold = (answer: Answer) => answer.status === 200 || answer.status === 201;
const code = (answer: Answer) => (answer.body as { error?: { code?: string } }).error?.code;

describe.each(Object.entries(sales))('a %s against changes that need nothing sold', (_name, paths) => {
  const sale = paths.call;
  it('back to borrador while the sale is in flight: refused, the raffle stays activa with its sale', async () => {
    const run = await saleInFlight(sale, backToDraft);
    expect(sold(run.sale)).toBe(true);
    expect(run.change.status).toBe(409);
    expect(code(run.change)).toBe('INVALID_TRANSITION');
    const { raffle, live } = await stored(run.raffleId);
    expect(raffle?.status).toBe('activa');
    expect(live).toHaveLength(1);
  });

  it('a sale while going back to borrador is in flight: refused, the draft has no sale', async () => {
    const run = await changeInFlight('backToDraft', sale);
    expect(run.change.status).toBe(200);
    expect(code(run.sale)).toBe(paths.onDraft);
    const { raffle, live } = await stored(run.raffleId);
    expect(raffle?.status).toBe('borrador');
    expect(live).toEqual([]);
  });

  it('new terms while the sale is in flight: refused, the sale keeps the terms it was made under', async () => {
    const run = await saleInFlight(sale, newTerms);
    expect(sold(run.sale)).toBe(true);
    expect(run.change.status).toBe(409);
    expect(code(run.change)).toBe('TERMS_LOCKED');
    const { raffle, live } = await stored(run.raffleId);
    expect(raffle).toMatchObject({ total_numbers: 100, digit_count: 2 });
    expect(live).toEqual([{ number: 70, ticket_number: '70' }]);
  });

  it('a sale while new terms are in flight: refused, 70 is no longer a number of the raffle', async () => {
    const run = await changeInFlight('newTerms', sale);
    expect(run.change.status).toBe(200);
    expect(code(run.sale)).toBe(paths.outOfRange);
    expect((await stored(run.raffleId)).live).toEqual([]);
  });

  it('deleting the raffle while the sale is in flight: refused, the sale stays', async () => {
    const run = await saleInFlight(sale, deletion);
    expect(sold(run.sale)).toBe(true);
    expect(run.change.status).toBe(409);
    expect(code(run.change)).toBe('RAFFLE_HAS_SALES');
    expect((await stored(run.raffleId)).live).toHaveLength(1);
  });

  it('a sale while the raffle is being deleted: refused as a raffle that does not exist', async () => {
    const run = await changeInFlight('deletion', sale);
    expect(run.change.status).toBe(204);
    expect(run.sale.status).toBe(404);
    expect(code(run.sale)).toBe(paths.deleted);
    expect((await stored(run.raffleId)).raffle).toBeNull();
  });
});
