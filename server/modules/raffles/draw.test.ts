import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../domain/api';
import type { DrawResult, WinnerResult } from '../../../domain/draw';
import type { PublicRaffle, Raffle } from '../../../domain/raffles';
import type { ReservationResult } from '../../../domain/reservations';
import { buyer, makeRaffle, makeUser, withoutDeclaredSource } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
});
afterAll(() => t?.close());

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

describe('verifiable draw', () => {
  it('closing commits to the sold list; anyone can recompute it; the draw names a masked winner', async () => {
    const raffle = await makeRaffle(t, { total_numbers: 100, digit_count: 2 });
    await withoutDeclaredSource(t, raffle.id); // the winning number typed, as before sources
    const reserved = await t.api<ReservationResult>('POST', `/api/raffles/${raffle.id}/reservations`, {
      body: { numbers: [7, 42], buyer: buyer({ name: 'Carlos Ruiz', cedula: 'V-9876543' }) },
    });
    const [t7, t42] = reserved.body.tickets;
    const closed = await t.api<Raffle>('POST', `/api/raffles/${raffle.id}/close`, { token: admin });
    expect(closed.status).toBe(200);
    expect(closed.body.status).toBe('cerrada');
    const late = await t.api('POST', `/api/raffles/${raffle.id}/reservations`, {
      body: { numbers: [1], buyer: buyer() },
    });
    expect(late.status).toBe(409);

    const draw = await t.api<DrawResult>('GET', `/api/raffles/${raffle.id}/draw`);
    expect(draw.body.draw_source).toBe('Triple Táchira A, 10:00 p. m.');
    // Recomputed from what the buyer holds (verification code) and their cedula: no payment status in it.
    const line = (n: string, code: string | null) => `${n}:${sha256(`${code}:V-9876543`)}`;
    const expected = `${line('07', t7.verification_code)}\n${line('42', t42.verification_code)}\n`;
    expect(draw.body.sold_list).toBeNull(); // downloaded from sold_list_url, never in this answer
    const list = await t.api<string>('GET', draw.body.sold_list_url ?? '');
    expect(list.body).toBe(expected);
    expect(draw.body.commitment_version).toBe(2);
    expect(draw.body.draw_commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(list.body).not.toContain('V-9876543');

    const seller = await makeUser(t);
    expect(
      (
        await t.api('POST', `/api/raffles/${raffle.id}/draw`, {
          token: seller.token,
          body: { winning_number: 42 },
        })
      ).status,
    ).toBe(403);
    expect(
      (await t.api('POST', `/api/raffles/${raffle.id}/draw`, { token: admin, body: { winning_number: 100 } }))
        .status,
    ).toBe(422);
    const result = await t.api<DrawResult>('POST', `/api/raffles/${raffle.id}/draw`, {
      token: admin,
      body: { winning_number: 42 },
    });
    expect(result.status).toBe(200);
    expect(result.body.winner).toEqual({
      number: 42,
      ticket_number: '42',
      status: 'apartado',
      buyer_name_masked: 'c*** r***',
    });
    expect((await t.api<PublicRaffle>('GET', `/api/raffles/${raffle.id}`)).body.status).toBe('finalizada');
    const winner = await t.api<WinnerResult>('GET', `/api/raffles/${raffle.id}/winner`, { token: admin });
    expect(winner.body.winner).toMatchObject({
      number: 42,
      buyer_name: 'carlos ruiz',
      buyer_cedula: 'V-9876543',
      remaining_cents: raffle.price_cents,
    });
    expect((await t.api('GET', `/api/raffles/${raffle.id}/winner`, { token: seller.token })).status).toBe(
      403,
    );
    expect((await t.api('GET', `/api/raffles/${raffle.id}/winner`)).status).toBe(401);
    const again = await t.api<ApiError>('POST', `/api/raffles/${raffle.id}/draw`, {
      token: admin,
      body: { winning_number: 7 },
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('ALREADY_DRAWN');
    expect((await t.api<DrawResult>('GET', `/api/raffles/${raffle.id}/draw`)).body.winning_number).toBe(42);
  });

  it('an unsold winning number means no winner; drawing an open raffle is refused', async () => {
    const raffle = await makeRaffle(t);
    await withoutDeclaredSource(t, raffle.id);
    const early = await t.api<ApiError>('POST', `/api/raffles/${raffle.id}/draw`, {
      token: admin,
      body: { winning_number: 3 },
    });
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('RAFFLE_NOT_CLOSED');
    await t.api('POST', `/api/raffles/${raffle.id}/close`, { token: admin });
    const twice = await t.api<ApiError>('POST', `/api/raffles/${raffle.id}/close`, { token: admin });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toMatchObject({ code: 'RAFFLE_CLOSED', message: 'La rifa ya está cerrada.' });
    const result = await t.api<DrawResult>('POST', `/api/raffles/${raffle.id}/draw`, {
      token: admin,
      body: { winning_number: 3 },
    });
    expect(result.body).toMatchObject({ winning_number: 3, winner: null, line_count: 0 });
    const empty = await t.api<string | null>('GET', `/api/raffles/${raffle.id}/sold-list.txt`);
    expect(empty.status).toBe(200);
    expect(empty.body ?? '').toBe(''); // an empty list is an empty file
  });

  it('only the owner or an admin closes; the draw source is fixed once a number is taken', async () => {
    const owner = await makeUser(t);
    const other = await makeUser(t);
    const raffle = await makeRaffle(t, {}, owner.token);
    expect((await t.api('POST', `/api/raffles/${raffle.id}/close`, { token: other.token })).status).toBe(403);
    expect((await t.api('POST', `/api/raffles/${raffle.id}/close`)).status).toBe(401);
    await t.api('POST', `/api/raffles/${raffle.id}/reservations`, { body: { numbers: [1], buyer: buyer() } });
    const change = await t.api<ApiError>('PATCH', `/api/raffles/${raffle.id}`, {
      token: owner.token,
      body: { draw_source: 'Otra lotería' },
    });
    expect(change.status).toBe(409);
    expect(change.body.error.code).toBe('DRAW_SOURCE_LOCKED');
  });
});
