import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../domain/api';
import type { DrawResult } from '../../../domain/draw';
import { instantWinCommitmentText, type StaffInstantWins } from '../../../domain/instant-wins';
import type { StaffPayment } from '../../../domain/payments';
import { type PublicRaffle, type Raffle, termsLockedMessage } from '../../../domain/raffles';
import type { ReservationResult } from '../../../domain/reservations';
import type { TrackedTicket } from '../../../domain/tracking';
import { buyer, makeRaffle, makeUser, raffleInput } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

// Issue 23, decision 041: instant-win numbers committed before the first sale, won on full payment.

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
});
afterAll(() => t?.close());

const wins = [
  { number: 42, prize: 'Una gorra' },
  { number: 7, prize: 'Recarga de $5: ¡sí!' },
];
const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

const patch = <T = Raffle>(id: string, body: object) =>
  t.api<T>('PATCH', `/api/raffles/${id}`, { token: admin, body });
const reserveRes = (raffleId: string, numbers: number[], who = buyer()) =>
  t.api<ReservationResult>('POST', `/api/raffles/${raffleId}/reservations`, {
    body: { numbers, buyer: who },
  });
async function reserve(raffleId: string, numbers: number[], who = buyer()) {
  const res = await reserveRes(raffleId, numbers, who);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}
/** The buyer reports a payment and staff approve it (the payments screen's path). */
async function payAndApprove(ticketId: string, amountCents: number, cedula = 'V-12345678') {
  const sent = await t.api<{ payment: { id: string } }>('POST', '/api/payments', {
    body: { ticket_id: ticketId, amount_cents: amountCents, cedula },
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  const approved = await t.api('PATCH', `/api/payments/${sent.body.payment.id}`, {
    token: admin,
    body: { status: 'approved' },
  });
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  return sent.body.payment.id;
}
const track = async (cedula = 'V-12345678', phone_last4 = '4567') =>
  (await t.api<{ tickets: TrackedTicket[] }>('POST', '/api/tracking', { body: { cedula, phone_last4 } })).body
    .tickets;
const staffList = (id: string, token = admin) =>
  t.api<StaffInstantWins>('GET', `/api/raffles/${id}/instant-wins`, { token });

/** Everything a public caller can read about a raffle, as one text to search for the secret. */
async function publicAnswers(id: string) {
  const answers = await Promise.all([
    t.api('GET', `/api/raffles/${id}`),
    t.api('GET', '/api/raffles'),
    t.api('GET', `/api/raffles/${id}/draw`),
    t.api('GET', `/api/raffles/${id}/board`),
  ]);
  for (const a of answers) expect(a.status).toBe(200);
  return answers.map((a) => JSON.stringify(a.body)).join('\n');
}

describe('the commitment before the first sale', () => {
  it('is public and stable; the numbers and prizes are in no public answer, and only editors see them', async () => {
    const raffle = await makeRaffle(t, { instant_wins: wins });
    expect(raffle.instant_win_commitment).toMatch(/^[0-9a-f]{64}$/);
    const pub = await t.api<PublicRaffle>('GET', `/api/raffles/${raffle.id}`);
    expect(pub.body.instant_win_commitment).toBe(raffle.instant_win_commitment);
    expect(pub.body).not.toHaveProperty('instant_wins');
    // The same list sent back (the edit form sends every field) keeps the commitment.
    const same = await patch(raffle.id, { instant_wins: [...wins].reverse(), name: 'Moto Bera (editada)' });
    expect(same.status).toBe(200);
    expect(same.body.instant_win_commitment).toBe(raffle.instant_win_commitment);
    expect((await t.api<PublicRaffle>('GET', `/api/raffles/${raffle.id}`)).body.instant_win_commitment).toBe(
      raffle.instant_win_commitment,
    );
    const seen = await publicAnswers(raffle.id);
    expect(seen).not.toContain('Una gorra');
    expect(seen).not.toContain('Recarga');
    const draw = await t.api<DrawResult>('GET', `/api/raffles/${raffle.id}/draw`);
    expect(draw.body).toMatchObject({
      instant_win_commitment: raffle.instant_win_commitment,
      instant_wins: null,
      instant_win_salt: null,
    });
    // The staff list: the raffle's editors only.
    const list = await staffList(raffle.id);
    expect(list.status).toBe(200);
    expect(list.body.instant_wins.map((w) => [w.number, w.prize, w.ticket_number])).toEqual([
      [7, 'Recarga de $5: ¡sí!', null],
      [42, 'Una gorra', null],
    ]);
    expect((await t.api('GET', `/api/raffles/${raffle.id}/instant-wins`)).status).toBe(401);
    const other = await makeUser(t, { role: 'vendedor' });
    expect((await staffList(raffle.id, other.token)).status).toBe(403);
  });

  it('a raffle without instant wins has no commitment; a changed list gets a new salt and commitment', async () => {
    const raffle = await makeRaffle(t);
    expect(raffle.instant_win_commitment).toBeNull();
    const added = await patch(raffle.id, { instant_wins: wins });
    const first = added.body.instant_win_commitment;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    const changed = await patch(raffle.id, { instant_wins: [{ number: 42, prize: 'Dos gorras' }] });
    expect(changed.body.instant_win_commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(changed.body.instant_win_commitment).not.toBe(first);
    expect((await patch(raffle.id, { instant_wins: [] })).body.instant_win_commitment).toBeNull();
    expect((await staffList(raffle.id)).body.instant_wins).toEqual([]);
  });

  it('refuses more than 20, a repeated number and one outside the raffle (422, in Spanish)', async () => {
    const create = (instant_wins: object[], overrides: object = {}) =>
      t.api<ApiError>('POST', '/api/raffles', {
        token: admin,
        body: raffleInput({ instant_wins, ...overrides }),
      });
    const many = await create(Array.from({ length: 21 }, (_, n) => ({ number: n, prize: 'Gorra' })));
    expect(many.status).toBe(422);
    expect(JSON.stringify(many.body)).toContain('Puedes elegir hasta 20 números premiados');
    const twice = await create([
      { number: 5, prize: 'Gorra' },
      { number: 5, prize: 'Franela' },
    ]);
    expect(twice.status).toBe(422);
    expect(JSON.stringify(twice.body)).toContain('El número 5 está repetido en los números premiados');
    const outside = await create([{ number: 100, prize: 'Gorra' }]);
    expect(outside.status).toBe(422);
    expect(outside.body.error.message).toBe(
      'El número premiado 100 no existe en esta rifa (sus números van del 0 al 99)',
    );
    const empty = await create([{ number: 3, prize: '   ' }]);
    expect(empty.status).toBe(422);
    const twoLines = await create([{ number: 3, prize: 'Gorra\n4:Moto' }]);
    expect(twoLines.status).toBe(422);
    // Shrinking the raffle below an instant-win number is refused the same way.
    const raffle = await makeRaffle(t, { instant_wins: [{ number: 90, prize: 'Gorra' }] });
    const shrink = await patch<ApiError>(raffle.id, { total_numbers: 50 });
    expect(shrink.status).toBe(422);
    expect(shrink.body.error.message).toMatch(/número premiado 90 no existe/);
  });

  it('is locked at the first sale like the other terms', async () => {
    const raffle = await makeRaffle(t, { instant_wins: wins });
    await reserve(raffle.id, [1]);
    const locked = await patch<ApiError>(raffle.id, { instant_wins: [{ number: 3, prize: 'Gorra' }] });
    expect(locked.status).toBe(409);
    expect(locked.body.error).toMatchObject({
      code: 'TERMS_LOCKED',
      message: termsLockedMessage(['instant_wins']),
    });
    expect((await patch<ApiError>(raffle.id, { instant_wins: [] })).status).toBe(409);
    // The same list sent back is no change.
    expect((await patch(raffle.id, { instant_wins: wins, name: 'Otra' })).status).toBe(200);
  });
});

/** The parts of a reservation answer that say anything about the numbers beyond which they are. */
function comparable(result: ReservationResult) {
  return JSON.stringify(result, (key, value) => {
    if (['id', 'code', 'verification_code', 'number', 'ticket_number', 'order_code'].includes(key))
      return typeof value;
    if (typeof value === 'string' && /^\d{4}-\d\d-\d\dT/.test(value)) return 'instant';
    return value;
  });
}

describe('a reservation', () => {
  it('answers the same for an instant-win number and any other', async () => {
    const raffle = await makeRaffle(t, { instant_wins: wins });
    const winning = await reserveRes(raffle.id, [42]);
    const plain = await reserveRes(raffle.id, [43]);
    expect(winning.status).toBe(201);
    expect(plain.status).toBe(201);
    expect(comparable(winning.body)).toBe(comparable(plain.body));
    const headers = (h: Headers) => [...h.keys()].filter((k) => !['date', 'etag'].includes(k)).sort();
    expect(headers(winning.headers)).toEqual(headers(plain.headers));
    // Nothing is won by reserving: tracking says nothing yet.
    const mine = (await track()).filter((x) => x.raffle_id === raffle.id);
    expect(mine.map((x) => x.instant_win_prize)).toEqual([null, null]);
  });
});

describe('the award', () => {
  it('is made when the sale is fully paid: "¡Ganaste!" in tracking and a badge on the payment', async () => {
    const raffle = await makeRaffle(t, { price_cents: 500, instant_wins: wins });
    const { tickets } = await reserve(raffle.id, [42, 43]);
    const [won, plain] = tickets;
    if (!won || !plain) throw new Error('no sales');
    const paymentId = await payAndApprove(won.id, 500);
    await payAndApprove(plain.id, 500);
    const mine = (await track()).filter((x) => x.raffle_id === raffle.id);
    expect(mine.map((x) => [x.number, x.status, x.instant_win_prize])).toEqual([
      [42, 'pagado', 'Una gorra'],
      [43, 'pagado', null],
    ]);
    const payments = (await t.api<StaffPayment[]>('GET', '/api/payments?status=approved', { token: admin }))
      .body;
    const card = payments.find((p) => p.id === paymentId);
    expect(card?.parts.map((p) => p.instant_win_prize)).toEqual(['Una gorra']);
    const list = (await staffList(raffle.id)).body.instant_wins;
    expect(list.find((w) => w.number === 42)).toMatchObject({ ticket_number: '42' });
    expect(list.find((w) => w.number === 7)).toMatchObject({ ticket_number: null, awarded_at: null });
  });

  it('in cuotas, only at the last installment', async () => {
    const raffle = await makeRaffle(t, {
      price_cents: 1_000,
      payment_type: 'cuotas',
      installments: 2,
      instant_wins: [{ number: 7, prize: 'Una franela' }],
    });
    const [sale] = (await reserve(raffle.id, [7])).tickets;
    if (!sale) throw new Error('no sale');
    await payAndApprove(sale.id, 500);
    const first = (await track()).find((x) => x.raffle_id === raffle.id);
    expect(first).toMatchObject({ status: 'abonado', instant_win_prize: null });
    await payAndApprove(sale.id, 500);
    const last = (await track()).find((x) => x.raffle_id === raffle.id);
    expect(last).toMatchObject({ status: 'pagado', instant_win_prize: 'Una franela' });
  });

  it('money staff receive by hand wins it too; a refund takes it back, and paying again gives it back', async () => {
    const raffle = await makeRaffle(t, { price_cents: 500, instant_wins: [{ number: 9, prize: 'Gorra' }] });
    const [sale] = (await reserve(raffle.id, [9])).tickets;
    if (!sale) throw new Error('no sale');
    const paid = await t.api('PATCH', `/api/tickets/${sale.id}`, {
      token: admin,
      body: { status: 'pagado' },
    });
    expect(paid.status).toBe(200);
    const prize = async () => (await track()).find((x) => x.raffle_id === raffle.id)?.instant_win_prize;
    expect(await prize()).toBe('Gorra');
    const refunded = await t.api('POST', `/api/tickets/${sale.id}/refunds`, {
      token: admin,
      body: { amount_cents: 200, reason: 'Pago duplicado' },
    });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(201);
    expect(await prize()).toBeNull();
    const again = await t.api('POST', `/api/tickets/${sale.id}/payments`, {
      token: admin,
      body: { amount_cents: 200, payment_method: 'efectivo' },
    });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(await prize()).toBe('Gorra');
  });

  it('paid at a package’s share it is won; the rest of the package released, it owes more and loses it', async () => {
    // An adversarial review (2026-11-30): pay one number of "5 por $20" ($4 of $10), let the rest go.
    const raffle = await makeRaffle(t, {
      price_cents: 1_000,
      packages: [{ numbers: 5, price_cents: 2_000 }],
      instant_wins: [{ number: 12, prize: 'Gorra' }],
    });
    const { tickets } = await reserve(raffle.id, [10, 11, 12, 13, 14]);
    const won = tickets.find((x) => x.number === 12);
    if (!won) throw new Error('no sale');
    await payAndApprove(won.id, 400);
    const mine = async () => (await track()).find((x) => x.raffle_id === raffle.id && x.number === 12);
    expect(await mine()).toMatchObject({ status: 'pagado', instant_win_prize: 'Gorra' });
    const released = await t.api('POST', `/api/raffles/${raffle.id}/tickets/release`, {
      token: admin,
      body: { numbers: [10, 11, 13, 14] },
    });
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    expect(await mine()).toMatchObject({ status: 'abonado', instant_win_prize: null });
    const list = (await staffList(raffle.id)).body.instant_wins;
    expect(list).toEqual([
      {
        number: 12,
        prize: 'Gorra',
        ticket_number: null,
        awarded_at: null,
        winner_name: null,
        delivered_at: null,
        delivered_by_name: null,
      },
    ]);
  });
});

describe('at close', () => {
  it('the list and salt are published and recompute the commitment; the winner is masked', async () => {
    const raffle = await makeRaffle(t, { price_cents: 500, instant_wins: wins });
    const [won] = (await reserve(raffle.id, [7])).tickets;
    if (!won) throw new Error('no sale');
    await payAndApprove(won.id, 500);
    const closed = await t.api('POST', `/api/raffles/${raffle.id}/close`, { token: admin });
    expect(closed.status).toBe(200);
    const draw = (await t.api<DrawResult>('GET', `/api/raffles/${raffle.id}/draw`)).body;
    expect(draw.instant_wins).toEqual([
      { number: 7, prize: 'Recarga de $5: ¡sí!', winner_masked: 'm*** p***' },
      { number: 42, prize: 'Una gorra', winner_masked: null },
    ]);
    expect(draw.instant_win_salt).toMatch(/^[0-9a-f]{64}$/);
    const text = `7:Recarga de $5: ¡sí!\n42:Una gorra\n${draw.instant_win_salt}`;
    expect(instantWinCommitmentText(draw.instant_wins ?? [], draw.instant_win_salt ?? '')).toBe(text);
    expect(sha256Hex(text)).toBe(raffle.instant_win_commitment);
    expect(draw.instant_win_commitment).toBe(raffle.instant_win_commitment);
    // Frozen with the other terms.
    const change = await patch<ApiError>(raffle.id, { instant_wins: [] });
    expect(change.status).toBe(409);
  });
});
