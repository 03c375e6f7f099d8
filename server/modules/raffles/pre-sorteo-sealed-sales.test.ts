import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../domain/api';
import type { BulkReleaseResult } from '../../../domain/bulk-release';
import type { WinnerResult } from '../../../domain/draw';
import type { PublicRaffle } from '../../../domain/raffles';
import { soldListLines } from '../../../domain/verification';
import { makeRaffle } from '../../test/factories';
import { prizeCalls } from '../../test/prize-calls';
import { preDrawRaffleBody } from '../../test/prize-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
});
afterAll(() => t?.close());

const { reserve, payInFull, drawPrize, resultsOut, preDrawsNow, anaPaidLuisHeld } = prizeCalls(() => ({
  t,
  admin,
}));

// What a pre-sorteo's sealed list protects (decisions 042 and 065): a sale paid in full at its date
// keeps its place until the seal, and one on the sealed list until the pre-sorteo is drawn.
describe('a sale a pre-sorteo counts on', () => {
  it('between its date and its seal a sale paid in full keeps its place: no release, refund or new cédula until the seal', async () => {
    const { raffle, early, late } = await anaPaidLuisHeld();
    // Its date passes and the seal is late (the server was down): the lottery's result may be out.
    await preDrawsNow(raffle.id);
    const patch = (body: object) =>
      t.api<ApiError>('PATCH', `/api/tickets/${early.id}`, { token: admin, body });
    const attempts = [
      await patch({ status: 'disponible', refund: { amount_cents: early.price_cents, reason: 'Desistió' } }),
      await patch({ status: 'cancelado', refund: { amount_cents: early.price_cents, reason: 'Anulado' } }),
      await patch({ status: 'apartado', refund: { amount_cents: early.price_cents, reason: 'Error' } }),
      await patch({ buyer_cedula: 'V-99999999' }),
    ];
    for (const res of attempts) {
      expect([res.status, res.body.error?.code], JSON.stringify(res.body)).toEqual([409, 'PRE_DRAW_SEALING']);
      expect(res.body.error.message).toContain('está sellando su lista');
    }
    // Her contact details change; Luis's unpaid number is released as ever.
    expect((await patch({ buyer_phone: '04125550000' })).status).toBe(200);
    const luis = await t.api('PATCH', `/api/tickets/${late.id}`, {
      token: admin,
      body: { status: 'disponible' },
    });
    expect(luis.status, JSON.stringify(luis.body)).toBe(200);

    expect(await t.app.services.draws.sealDuePreDraws()).toContain(raffle.id);
    const preList = (await t.api<PublicRaffle>('GET', `/api/raffles/${raffle.id}`)).body.prizes[1]?.pre_list;
    const file = await t.api<string>('GET', preList?.list_url ?? '');
    expect(soldListLines(file.body).map((l) => l.split(':')[0])).toEqual(['12']);
    // Sealed, the list's own guard holds it; a refund goes through again and leaves it on the list.
    const release = await patch({
      status: 'disponible',
      refund: { amount_cents: early.price_cents, reason: 'Desistió' },
    });
    expect([release.status, release.body.error?.code]).toEqual([409, 'PRE_DRAW_SEALED']);
    const refunded = await patch({
      status: 'apartado',
      refund: { amount_cents: early.price_cents, reason: 'Error' },
    });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
  });

  it('a sale on the sealed list stays on it until the pre-sorteo is drawn: no release, cancellation or new cédula', async () => {
    const { raffle, early } = await anaPaidLuisHeld();
    await preDrawsNow(raffle.id);
    await t.app.services.draws.sealDuePreDraws();
    // The owner reads the lottery's result (12) before typing it, and tries to take Ana's sale off
    // the list: released or cancelled with a refund, handed to another cédula.
    const patch = (body: object) =>
      t.api<ApiError>('PATCH', `/api/tickets/${early.id}`, { token: admin, body });
    const attempts = [
      await patch({ status: 'disponible', refund: { amount_cents: early.price_cents, reason: 'Desistió' } }),
      await patch({ status: 'cancelado', refund: { amount_cents: early.price_cents, reason: 'Anulado' } }),
      await patch({ buyer_cedula: 'V-99999999' }),
    ];
    for (const res of attempts) {
      expect([res.status, res.body.error?.code], JSON.stringify(res.body)).toEqual([409, 'PRE_DRAW_SEALED']);
      expect(res.body.error.message).toContain('lista sellada de un pre-sorteo');
    }
    // Refunded, it stays live and on the list; its deadline long past, the expiry sweep keeps it too
    // (and still releases what it should: the sweep must not fail on it).
    const refunded = await patch({
      status: 'apartado',
      refund: { amount_cents: early.price_cents, reason: 'Error' },
    });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    await t.db.execute(
      sql`update tickets set reserved_until = now() - interval '1 day' where raffle_id = ${raffle.id}`,
    );
    expect(await t.app.services.tickets.releaseExpired()).toBe(1); // 34, Luis's unpaid number
    // A bulk release names it and leaves it, and releases the rest.
    expect(await reserve(raffle.id, [56], 'Luis Mora', 'V-7654321')).toHaveLength(1);
    const bulk = await t.api<BulkReleaseResult>('POST', `/api/raffles/${raffle.id}/tickets/release`, {
      token: admin,
      body: { numbers: [12, 56] },
    });
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
    expect(bulk.body.released).toBe(1);
    expect(bulk.body.skipped).toEqual([expect.objectContaining({ number: 12, reason: 'ON_PRE_DRAW_LIST' })]);
    const again = await patch({ status: 'disponible' });
    expect([again.status, again.body.error?.code]).toEqual([409, 'PRE_DRAW_SEALED']);
    await payInFull({ ...early, price_cents: early.price_cents });
    // Her contact details still change.
    expect((await patch({ buyer_phone: '04125550000' })).status).toBe(200);

    await resultsOut(raffle.id);
    const drawn = await drawPrize(raffle.id, 2, '412');
    expect(drawn.body.prizes[1]).toMatchObject({
      winning_number: 12,
      winner: { buyer_name_masked: 'a*** g***' },
    });
    // Staff see who to deliver it to, before the close.
    const winner = () =>
      t.api<WinnerResult>('GET', `/api/raffles/${raffle.id}/winner?prize=2`, { token: admin });
    expect((await winner()).body.winner).toMatchObject({ ticket_number: '12', buyer_cedula: 'V-12345678' });
    // Drawn, the pre-sorteo no longer holds her sale; released, and 12 sold to Luis, nobody is its winner.
    const released = await patch({
      status: 'disponible',
      refund: { amount_cents: early.price_cents, reason: 'Desistió' },
    });
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    await reserve(raffle.id, [12], 'Luis Mora', 'V-7654321');
    expect((await winner()).body.winner).toBeNull();
  });

  it("staff's winner of a drawn pre-sorteo is the sale that won it, not a later buyer of the number with the same initials", async () => {
    const raffle = await makeRaffle(t, preDrawRaffleBody());
    const [won] = await reserve(raffle.id, [12], 'Ana Gómez', 'V-12345678');
    if (!won) throw new Error('no ticket');
    await payInFull(won);
    await preDrawsNow(raffle.id);
    await t.app.services.draws.sealDuePreDraws();
    await resultsOut(raffle.id);
    expect((await drawPrize(raffle.id, 2, '412')).body.prizes[1]).toMatchObject({ winning_number: 12 });
    const winner = () =>
      t.api<WinnerResult>('GET', `/api/raffles/${raffle.id}/winner?prize=2`, { token: admin });
    expect((await winner()).body.winner).toMatchObject({ buyer_cedula: 'V-12345678' });

    // The raffle still sells: 12 is released (money kept) and bought by Alberto Gil, "a*** g***" too.
    const released = await t.api('PATCH', `/api/tickets/${won.id}`, {
      token: admin,
      body: { status: 'disponible', no_refund_reason: 'Lo pidió el comprador' },
    });
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    expect(await reserve(raffle.id, [12], 'Alberto Gil', 'V-9876543')).toHaveLength(1);
    // Before, matched by masked name, staff were told to deliver Ana's prize to Alberto.
    expect((await winner()).body.winner).toBeNull();
    // The public page still names the draw's winner, masked.
    const shown = (await t.api<PublicRaffle>('GET', `/api/raffles/${raffle.id}`)).body.prizes[1];
    expect(shown?.winner).toEqual({ ticket_number: '12', buyer_name_masked: 'a*** g***' });
    expect(JSON.stringify(shown)).not.toContain(won.id);
  });
});
