import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../domain/api';
import type { StaffPayment } from '../../../domain/payments';
import { type PublicRaffle, type Raffle, termsLockedMessage } from '../../../domain/raffles';
import { type ReservationResult, reservationMessages } from '../../../domain/reservations';
import type { StaffTicket } from '../../../domain/staff-tickets';
import { buyer, makeRaffle, raffleInput } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { PNG, uploaded } from '../../test/uploads';

// Issue 23: number packages ("5 por $20,00"), priced by domain/packages.ts and checked by reserve_sales.

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
});
afterAll(() => t?.close());

const fiveFor20 = { numbers: 5, price_cents: 2_000 };
const tenFor35 = { numbers: 10, price_cents: 3_500 };

const patch = <T = Raffle>(id: string, body: object) =>
  t.api<T>('PATCH', `/api/raffles/${id}`, { token: admin, body });
const reserveRes = (raffleId: string, numbers: number[]) =>
  t.api<ReservationResult>('POST', `/api/raffles/${raffleId}/reservations`, {
    body: { numbers, buyer: buyer() },
  });
async function reserve(raffleId: string, numbers: number[]) {
  const res = await reserveRes(raffleId, numbers);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}
const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('packages on a raffle', () => {
  it('are saved smallest first, shown publicly and locked at the first sale like the other terms', async () => {
    const raffle = await makeRaffle(t, { price_cents: 500, packages: [tenFor35, fiveFor20] });
    expect(raffle.packages).toEqual([fiveFor20, tenFor35]);
    const pub = await t.api<PublicRaffle>('GET', `/api/raffles/${raffle.id}`);
    expect(pub.body.packages).toEqual([fiveFor20, tenFor35]);

    // Before any sale they change freely.
    const edited = await patch(raffle.id, { packages: [fiveFor20] });
    expect(edited.status).toBe(200);
    expect(edited.body.packages).toEqual([fiveFor20]);

    await reserve(raffle.id, [1]);
    const locked = await patch<ApiError>(raffle.id, { packages: [fiveFor20, tenFor35] });
    expect(locked.status).toBe(409);
    expect(locked.body.error).toMatchObject({
      code: 'TERMS_LOCKED',
      message: termsLockedMessage(['packages']),
    });
    const removed = await patch<ApiError>(raffle.id, { packages: [] });
    expect(removed.status).toBe(409);
    // The same packages sent back (the form sends everything) are no change.
    expect((await patch(raffle.id, { packages: [fiveFor20], name: 'Moto Bera 2026 (foto)' })).status).toBe(
      200,
    );
  });

  it('must each be cheaper than their numbers alone (422), on create, edit and a new price', async () => {
    const dear = await t.api<ApiError>('POST', '/api/raffles', {
      token: admin,
      body: raffleInput({ price_cents: 500, packages: [{ numbers: 5, price_cents: 2_500 }] }),
    });
    expect(dear.status).toBe(422);
    expect(dear.body.error.message).toBe('El paquete de 5 números debe costar menos que 5 números sueltos');
    const raffle = await makeRaffle(t, { price_cents: 500 });
    const bad = await patch<ApiError>(raffle.id, { packages: [{ numbers: 3, price_cents: 1_600 }] });
    expect(bad.status).toBe(422);
    expect((await patch(raffle.id, { packages: [fiveFor20] })).status).toBe(200);
    // $4,00 a number makes "5 por $20" no offer at all.
    const cheaper = await patch<ApiError>(raffle.id, { price_cents: 400 });
    expect(cheaper.status).toBe(422);
    expect(cheaper.body.error.message).toMatch(/paquete de 5 números/);
    const duplicated = await patch<ApiError>(raffle.id, {
      packages: [fiveFor20, { numbers: 5, price_cents: 1_900 }],
    });
    expect(duplicated.status).toBe(422);
    expect(JSON.stringify(duplicated.body)).toMatch(/misma cantidad de números/);
  });

  it('cost at least a cent a number (422): none of their numbers is priced $0,00', async () => {
    const free = await t.api<ApiError>('POST', '/api/raffles', {
      token: admin,
      body: raffleInput({ price_cents: 100, packages: [{ numbers: 50, price_cents: 49 }] }),
    });
    expect(free.status).toBe(422);
    expect(free.body.error.message).toBe(
      'El paquete de 50 números debe costar al menos $0,50 (un céntimo por número)',
    );
    const raffle = await makeRaffle(t, { price_cents: 100 });
    expect((await patch(raffle.id, { packages: [{ numbers: 50, price_cents: 49 }] })).status).toBe(422);
    expect((await patch(raffle.id, { packages: [{ numbers: 50, price_cents: 50 }] })).status).toBe(200);
  });
});

describe('a reservation on a raffle with packages', () => {
  it('5 numbers with "5 por $20" are 5 sales of $4,00 and an order of $20,00', async () => {
    const raffle = await makeRaffle(t, { price_cents: 500, packages: [fiveFor20, tenFor35] });
    const res = await reserve(raffle.id, [3, 14, 15, 9, 26]);
    expect(res.tickets.map((s) => s.price_cents)).toEqual([400, 400, 400, 400, 400]);
    expect(res.tickets.every((s) => s.remaining_cents === 400 && s.total_paid_cents === 0)).toBe(true);
    expect(res.order.total_cents).toBe(2_000);
  });

  it('7 numbers are "5 por $20" plus 2 singles ($30,00), split to the cent', async () => {
    const raffle = await makeRaffle(t, { price_cents: 500, packages: [fiveFor20, tenFor35] });
    const res = await reserve(raffle.id, range(10, 7));
    const prices = res.tickets.map((s) => s.price_cents ?? 0);
    expect(res.order.total_cents).toBe(3_000);
    expect(sum(prices)).toBe(3_000);
    expect(Math.max(...prices) - Math.min(...prices)).toBeLessThanOrEqual(1);
    // 15 numbers: "10 por $35" + "5 por $20".
    expect((await reserve(raffle.id, range(40, 15))).order.total_cents).toBe(5_500);
    // Fewer than the smallest package: the raffle's price.
    expect((await reserve(raffle.id, [90, 91])).tickets.map((s) => s.price_cents)).toEqual([500, 500]);
  });

  it('a total that does not divide evenly still sums exactly ("3 por $10,00": 334 + 333 + 333)', async () => {
    const raffle = await makeRaffle(t, { price_cents: 500, packages: [{ numbers: 3, price_cents: 1_000 }] });
    const res = await reserve(raffle.id, [7, 8, 9]);
    expect(res.tickets.map((s) => s.price_cents).sort()).toEqual([333, 333, 334]);
    expect(res.order.total_cents).toBe(1_000);
    const rows = await t.db.execute(
      sql`select sum(price_cents)::int as total, sum(remaining_cents)::int as owed from tickets where raffle_id = ${raffle.id}`,
    );
    expect((rows as unknown as { rows: { total: number; owed: number }[] }).rows[0]).toEqual({
      total: 1_000,
      owed: 1_000,
    });
  });

  it('a payment or refund on a package sale stays within its own snapshot', async () => {
    const raffle = await makeRaffle(t, { price_cents: 500, packages: [fiveFor20] });
    const [sale] = (await reserve(raffle.id, range(50, 5))).tickets;
    if (!sale) throw new Error('no sale');
    const over = await t.api<ApiError>('POST', `/api/tickets/${sale.id}/payments`, {
      token: admin,
      body: { amount_cents: 500 },
    });
    expect(over.status).toBe(422);
    expect(over.body.error.code).toBe('AMOUNT_TOO_HIGH');
    const paid = await t.api<StaffTicket>('PATCH', `/api/tickets/${sale.id}`, {
      token: admin,
      body: { status: 'pagado' },
    });
    expect(paid.body).toMatchObject({ status: 'pagado', total_paid_cents: 400, remaining_cents: 0 });
    const back = await t.api<StaffTicket>('PATCH', `/api/tickets/${sale.id}`, {
      token: admin,
      body: { status: 'apartado', refund: { amount_cents: 400, reason: 'Pago duplicado' } },
    });
    expect(back.body).toMatchObject({ status: 'apartado', total_paid_cents: 0, remaining_cents: 400 });
  });

  it('is priced with the raffle as stored, even when this instance held an older copy', async () => {
    const raffle = await makeRaffle(t, { price_cents: 500 });
    // The board puts the raffle (no packages yet) in memory; the change below bypasses the service.
    expect((await t.api('GET', `/api/raffles/${raffle.id}/board`)).status).toBe(200);
    await t.db.execute(
      sql`update raffles set packages = ${JSON.stringify([fiveFor20])}::jsonb where id = ${raffle.id}`,
    );
    const res = await reserve(raffle.id, range(60, 5));
    expect(res.order.total_cents).toBe(2_000);
    // And the other way: packages gone from the stored raffle, the remembered ones are not used.
    await t.db.execute(sql`update raffles set packages = '[]'::jsonb where id = ${raffle.id}`);
    expect((await reserve(raffle.id, range(70, 5))).order.total_cents).toBe(2_500);
  });

  it('a proof sent with it pays each sale its own first cuota (of its share), not one amount for all', async () => {
    const raffle = await makeRaffle(t, {
      price_cents: 500,
      payment_type: 'cuotas',
      installments: 2,
      packages: [{ numbers: 3, price_cents: 1_000 }],
    });
    const proof = await uploaded(t, PNG, { filename: 'pago.png', type: 'image/png' });
    const res = await t.api<ReservationResult>('POST', `/api/raffles/${raffle.id}/reservations`, {
      body: {
        numbers: [4, 5, 6],
        buyer: buyer(),
        payment_method: 'pago_movil',
        payment_proof: proof.fileUrl,
      },
    });
    expect(res.status).toBe(201);
    const pending = (
      await t.api<StaffPayment[]>('GET', '/api/payments?status=pending', { token: admin })
    ).body.filter((p) => p.payment_proof === proof.fileUrl);
    expect(pending).toHaveLength(1);
    // Shares 334, 333, 333: first cuotas 167, 167, 167 (each rounded up to the cent).
    expect(pending[0]?.parts.map((p) => p.amount_cents)).toEqual([167, 167, 167]);
    expect(pending[0]?.amount_cents).toBe(501);
  });
});

describe('a reservation carrying the total the buyer was shown (total_cents)', () => {
  const reserveShown = (raffleId: string, numbers: number[], total_cents: number, request_id?: string) =>
    t.api<ReservationResult | ApiError>('POST', `/api/raffles/${raffleId}/reservations`, {
      body: { numbers, buyer: buyer({ cedula: 'V-24681357' }), total_cents, request_id },
    });
  const liveSales = async (raffleId: string) =>
    (await t.api<{ statuses: string }>('GET', `/api/raffles/${raffleId}/board`)).body.statuses.replace(
      /d/g,
      '',
    ).length;

  it('sells at that total, with or without packages', async () => {
    const plain = await makeRaffle(t, { price_cents: 500 });
    const sold = await reserveShown(plain.id, [1, 2], 1_000);
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    expect((sold.body as ReservationResult).order.total_cents).toBe(1_000);
    const packed = await makeRaffle(t, { price_cents: 500, packages: [fiveFor20] });
    const five = await reserveShown(packed.id, range(10, 5), 2_000);
    expect(five.status, JSON.stringify(five.body)).toBe(201);
    expect((five.body as ReservationResult).order.total_cents).toBe(2_000);
  });

  it('is refused with PRICES_CHANGED when the price rose since the page was loaded, and sells nothing', async () => {
    const raffle = await makeRaffle(t, { price_cents: 500 });
    // The board puts the raffle in memory at $5; the staff edit raises it to $8.
    expect((await t.api('GET', `/api/raffles/${raffle.id}/board`)).status).toBe(200);
    expect((await patch(raffle.id, { price_cents: 800 })).status).toBe(200);
    const refused = await reserveShown(raffle.id, [3], 500);
    expect(refused.status).toBe(409);
    expect((refused.body as ApiError).error).toMatchObject({
      code: 'PRICES_CHANGED',
      message: reservationMessages.pricesChanged,
    });
    expect(await liveSales(raffle.id)).toBe(0);
    // The page, refetched, shows $8: that total sells.
    const again = await reserveShown(raffle.id, [3], 800);
    expect(again.status).toBe(201);
    expect((again.body as ReservationResult).order.total_cents).toBe(800);
  });

  it('reads the stored raffle when this instance remembers an older price the page no longer shows', async () => {
    const raffle = await makeRaffle(t, { price_cents: 500 });
    expect((await t.api('GET', `/api/raffles/${raffle.id}/board`)).status).toBe(200);
    // Changed behind this instance's back (another instance's edit): memory still says $5.
    await t.db.execute(sql`update raffles set price_cents = 700 where id = ${raffle.id}`);
    const sold = await reserveShown(raffle.id, [4], 700);
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    expect((sold.body as ReservationResult).order.total_cents).toBe(700);
    // And the remembered $5 the stored raffle no longer sells at is refused, not sold.
    const stale = await reserveShown(raffle.id, [5], 500);
    expect(stale.status).toBe(409);
    expect((stale.body as ApiError).error.code).toBe('PRICES_CHANGED');
  });

  it('a package that changed under the buyer refuses the old total', async () => {
    const raffle = await makeRaffle(t, { price_cents: 500, packages: [fiveFor20] });
    expect((await t.api('GET', `/api/raffles/${raffle.id}/board`)).status).toBe(200);
    await t.db.execute(sql`update raffles set packages = '[]'::jsonb where id = ${raffle.id}`);
    const refused = await reserveShown(raffle.id, range(20, 5), 2_000);
    expect(refused.status).toBe(409);
    expect((refused.body as ApiError).error.code).toBe('PRICES_CHANGED');
    expect(await liveSales(raffle.id)).toBe(0);
  });

  it('a draft or closed raffle answers the same whatever total is sent: a wrong one tells nothing of its price', async () => {
    const draft = await makeRaffle(t, { price_cents: 700, status: 'borrador' });
    const right = await reserveShown(draft.id, [1], 700);
    const wrong = await reserveShown(draft.id, [1], 500);
    expect(right.status).not.toBe(201);
    expect([wrong.status, (wrong.body as ApiError).error.code]).toEqual([
      right.status,
      (right.body as ApiError).error.code,
    ]);
    const closed = await makeRaffle(t, { price_cents: 700 });
    expect((await t.api('POST', `/api/raffles/${closed.id}/close`, { token: admin })).status).toBe(200);
    const stale = await reserveShown(closed.id, [1], 500);
    expect([stale.status, (stale.body as ApiError).error.code]).toEqual([409, 'RAFFLE_CLOSED']);
  });

  it('the same request sent again after a price change gets its own order back, not a refusal', async () => {
    const raffle = await makeRaffle(t, { price_cents: 500 });
    const requestId = crypto.randomUUID();
    const first = await reserveShown(raffle.id, [6, 7], 1_000, requestId);
    expect(first.status).toBe(201);
    expect((await patch(raffle.id, { price_cents: 900 })).status).toBe(200);
    // Its answer was lost on the way; the phone sends it again with the total it showed.
    const again = await reserveShown(raffle.id, [6, 7], 1_000, requestId);
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect((again.body as ReservationResult).order).toEqual((first.body as ReservationResult).order);
  });
});
