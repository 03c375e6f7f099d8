import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyer, makeRaffle, makeUser } from '../../test/factories';
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
    const reserved = await t.api('POST', `/api/raffles/${raffle.id}/reservations`, {
      body: { numbers: [7, 42], buyer: buyer({ name: 'Carlos Ruiz', cedula: 'V-9876543' }) },
    });
    const [t7] = reserved.body.tickets;
    const closed = await t.api('POST', `/api/raffles/${raffle.id}/close`, { token: admin });
    expect(closed.status).toBe(200);
    expect(closed.body.status).toBe('cerrada');
    const late = await t.api('POST', `/api/raffles/${raffle.id}/reservations`, {
      body: { numbers: [1], buyer: buyer() },
    });
    expect(late.status).toBe(409);

    const draw = await t.api('GET', `/api/raffles/${raffle.id}/draw`);
    expect(draw.body.draw_source).toBe('Triple Táchira A, 10:00 p. m.');
    const lines = draw.body.sold_list.split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(`07:apartado:${sha256(`${t7.id}:V-9876543`)}`);
    expect(draw.body.draw_commitment).toBe(sha256(draw.body.sold_list));
    expect(draw.body.sold_list).not.toContain('V-9876543');

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
    const result = await t.api('POST', `/api/raffles/${raffle.id}/draw`, {
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
    expect((await t.api('GET', `/api/raffles/${raffle.id}`)).body.status).toBe('finalizada');
    expect(
      (await t.api('POST', `/api/raffles/${raffle.id}/draw`, { token: admin, body: { winning_number: 7 } }))
        .status,
    ).toBe(409);
  });

  it('an unsold winning number means no winner; drawing an open raffle is refused', async () => {
    const raffle = await makeRaffle(t);
    expect(
      (await t.api('POST', `/api/raffles/${raffle.id}/draw`, { token: admin, body: { winning_number: 3 } }))
        .status,
    ).toBe(409);
    await t.api('POST', `/api/raffles/${raffle.id}/close`, { token: admin });
    expect((await t.api('POST', `/api/raffles/${raffle.id}/close`, { token: admin })).status).toBe(409);
    const result = await t.api('POST', `/api/raffles/${raffle.id}/draw`, {
      token: admin,
      body: { winning_number: 3 },
    });
    expect(result.body).toMatchObject({ winning_number: 3, winner: null, sold_list: '' });
  });

  it('only the owner or an admin closes; the draw source is fixed once a number is taken', async () => {
    const owner = await makeUser(t);
    const other = await makeUser(t);
    const raffle = await makeRaffle(t, {}, owner.token);
    expect((await t.api('POST', `/api/raffles/${raffle.id}/close`, { token: other.token })).status).toBe(403);
    expect((await t.api('POST', `/api/raffles/${raffle.id}/close`)).status).toBe(401);
    await t.api('POST', `/api/raffles/${raffle.id}/reservations`, { body: { numbers: [1], buyer: buyer() } });
    const change = await t.api('PATCH', `/api/raffles/${raffle.id}`, {
      token: owner.token,
      body: { draw_source: 'Otra lotería' },
    });
    expect(change.status).toBe(409);
    expect(change.body.error.code).toBe('DRAW_SOURCE_LOCKED');
  });
});
