import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../domain/api';
import type { CreatePaymentResult } from '../../../domain/payments';
import { type PublicRaffle, publicRaffleSchema, type Raffle, raffleMessages } from '../../../domain/raffles';
import type { ReservationResult } from '../../../domain/reservations';
import type { TrackingResult } from '../../../domain/tracking';
import { buyer, makeRaffle, makeUser, withoutDeclaredSource } from '../../test/factories';
import { prizeCalls } from '../../test/prize-calls';
import { threePrizes } from '../../test/prize-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

// Issue 18: deleting a raffle never deletes money; an admin archives it instead.

let t: TestApp;
let admin: string;
let seller: Awaited<ReturnType<typeof makeUser>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
  seller = await makeUser(t, { role: 'vendedor' });
});
afterAll(() => t?.close());

async function reserve(raffleId: string, number: number, cedula = 'V-14555666') {
  const res = await t.api<ReservationResult>('POST', `/api/raffles/${raffleId}/reservations`, {
    body: { numbers: [number], buyer: buyer({ cedula }) },
  });
  if (res.status !== 201) throw new Error(`reserve failed: ${res.status}`);
  return res.body.tickets[0];
}
const archive = <T = Raffle>(id: string, token = admin) =>
  t.api<T>('POST', `/api/raffles/${id}/archive`, { token });
const close = (id: string) => t.api<Raffle>('POST', `/api/raffles/${id}/close`, { token: admin });
const ids = (list: { id: string }[]) => list.map((r) => r.id);
const { drawPrize, resultsOut } = prizeCalls(() => ({ t, admin }));
/** A raffle with no declared source (made before the sealed draw) takes the number itself. */
const draw = async (id: string) => {
  await withoutDeclaredSource(t, id);
  return t.api<ApiError>('POST', `/api/raffles/${id}/draw`, { token: admin, body: { winning_number: 2 } });
};

describe('DELETE /api/raffles/:id with sales or payments', () => {
  it('answers 409 RAFFLE_HAS_SALES (suggesting to archive) and keeps the raffle, its sales and payments', async () => {
    const raffle = await makeRaffle(t, { price_cents: 1000 });
    const ticket = await reserve(raffle.id, 5);
    const paid = await t.api<CreatePaymentResult>('POST', '/api/payments', {
      token: admin,
      body: { ticket_id: ticket.id, amount_cents: 1000, reference: '00123456' },
    });
    expect(paid.status).toBe(201);
    const res = await t.api<ApiError>('DELETE', `/api/raffles/${raffle.id}`, { token: admin });
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({ code: 'RAFFLE_HAS_SALES', message: raffleMessages.hasSales });
    expect(res.body.error.message).toMatch(/Archívala/);
    expect((await t.api('GET', `/api/raffles/${raffle.id}`)).status).toBe(200);
    const payments = await t.api<unknown[]>('GET', `/api/tickets/${ticket.id}/payments`, { token: admin });
    expect(payments.body).toHaveLength(1);
  });

  it('counts an ended sale too: a released number still refuses the delete', async () => {
    const raffle = await makeRaffle(t);
    const ticket = await reserve(raffle.id, 8);
    await t.api('PATCH', `/api/tickets/${ticket.id}`, { token: admin, body: { status: 'disponible' } });
    const res = await t.api<ApiError>('DELETE', `/api/raffles/${raffle.id}`, { token: admin });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('RAFFLE_HAS_SALES');
  });

  it('still deletes a raffle nobody bought into', async () => {
    const raffle = await makeRaffle(t);
    expect((await t.api('DELETE', `/api/raffles/${raffle.id}`, { token: admin })).status).toBe(204);
  });
});

describe('POST /api/raffles/:id/archive', () => {
  it('hides a drawn raffle with sales from the public and the default staff list, keeping everything', async () => {
    const raffle = await makeRaffle(t, { name: 'Nevera para archivar' }, seller.token);
    await reserve(raffle.id, 2, 'V-17888999');
    expect((await close(raffle.id)).status).toBe(200);
    expect((await draw(raffle.id)).status).toBe(200);

    const res = await archive(raffle.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: raffle.id, status: 'finalizada', has_sales: true });
    expect(Date.parse(res.body.archived_at ?? '')).not.toBeNaN();

    // Public: gone from the board and the lists, like an unknown raffle...
    expect((await t.api('GET', `/api/raffles/${raffle.id}/board`)).status).toBe(404);
    // ...but the proof of its draw stays checkable: its page (next test), the result, the sold
    // list, a number's proof.
    const result = await t.api<{ winning_number: number | null }>('GET', `/api/raffles/${raffle.id}/draw`);
    expect(result.status).toBe(200);
    expect(result.body.winning_number).toBe(2);
    expect((await t.api('GET', `/api/raffles/${raffle.id}/sold-list.txt`)).status).toBe(200);
    expect((await t.api('GET', `/api/raffles/${raffle.id}/proof?number=2`)).status).toBe(200);
    expect(ids((await t.api<PublicRaffle[]>('GET', '/api/raffles')).body)).not.toContain(raffle.id);
    expect(ids((await t.api<PublicRaffle[]>('GET', '/api/raffles?archived=true')).body)).toEqual([]);

    // Staff: not in the default list, listed with ?archived=true (a vendedor: their own).
    for (const token of [admin, seller.token]) {
      expect(ids((await t.api<Raffle[]>('GET', '/api/raffles', { token })).body)).not.toContain(raffle.id);
      const archived = (await t.api<Raffle[]>('GET', '/api/raffles?archived=true', { token })).body;
      expect(ids(archived)).toContain(raffle.id);
      expect(archived.every((r) => r.archived_at !== null)).toBe(true);
      expect((await t.api('GET', `/api/raffles/${raffle.id}`, { token })).status).toBe(200);
    }
    const other = await makeUser(t, { role: 'vendedor' });
    expect(
      ids((await t.api<Raffle[]>('GET', '/api/raffles?archived=true', { token: other.token })).body),
    ).toEqual([]);

    // Kept whole: its sale, its tickets for staff, the buyer's tracking.
    const tickets = await t.api<{ count: number }>(
      'GET',
      `/api/raffles/${raffle.id}/tickets?status=apartado`,
      {
        token: admin,
      },
    );
    expect(tickets.body.count).toBe(1);
    const tracked = await t.api<TrackingResult>('POST', '/api/tracking', {
      body: { cedula: 'V-17888999', phone_last4: '4567' },
    });
    expect(tracked.body.tickets.map((ticket) => ticket.raffle_name)).toContain('Nevera para archivar');
  });

  it('keeps a finished raffle’s page public with its result and proof, never its buyers, board or stream', async () => {
    const raffle = await makeRaffle(t, { name: 'Televisor archivado' }, seller.token);
    await reserve(raffle.id, 2, 'V-17888333');
    expect((await close(raffle.id)).status).toBe(200);
    expect((await draw(raffle.id)).status).toBe(200);
    const before = await t.api<PublicRaffle>('GET', `/api/raffles/${raffle.id}`);
    expect(before.body.archived_at).toBeNull();
    expect((await archive(raffle.id)).status).toBe(200);

    // The page answers what it answered before the archive, now with the date it was archived.
    const page = await t.api<PublicRaffle>('GET', `/api/raffles/${raffle.id}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      id: raffle.id,
      status: 'finalizada',
      winning_number: 2,
      draw_commitment: before.body.draw_commitment,
    });
    expect(page.body.draw_commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(Date.parse(page.body.archived_at ?? '')).not.toBeNaN();
    expect({ ...page.body, archived_at: null }).toEqual(before.body);
    // The public schema's keys, counts without money, no buyer anywhere in it.
    expect(Object.keys(page.body).sort()).toEqual(Object.keys(publicRaffleSchema.shape).sort());
    expect(page.body.stats).not.toHaveProperty('total_paid_cents');
    expect(JSON.stringify(page.body)).not.toMatch(/17888333|maría|0414/i);

    // Nothing of it is on sale or live: board, stream and lucky pick stay hidden, the lists too.
    expect((await t.api('GET', `/api/raffles/${raffle.id}/board`)).status).toBe(404);
    expect((await t.api('GET', `/api/raffles/${raffle.id}/events`)).status).toBe(404);
    const lucky = await t.api('POST', `/api/raffles/${raffle.id}/lucky-pick`, { body: { count: 1 } });
    expect(lucky.status).toBe(404);
    expect(ids((await t.api<PublicRaffle[]>('GET', '/api/raffles')).body)).not.toContain(raffle.id);

    // A vendedor who does not sell it reads it as the public does (counts only); its seller, with money.
    const other = await makeUser(t, { role: 'vendedor' });
    const counted = await t.api<Raffle>('GET', `/api/raffles/${raffle.id}`, { token: other.token });
    expect(counted.status).toBe(200);
    expect(counted.body.stats).not.toHaveProperty('total_paid_cents');
    const own = await t.api<Raffle>('GET', `/api/raffles/${raffle.id}`, { token: seller.token });
    expect(own.body.stats).toHaveProperty('total_paid_cents');
  });

  it('keeps an archived draft hidden: its page is not found, as an unknown raffle', async () => {
    const draft = await makeRaffle(t, { status: 'borrador' });
    expect((await archive(draft.id)).status).toBe(200);
    const page = await t.api<ApiError>('GET', `/api/raffles/${draft.id}`);
    expect(page.status).toBe(404);
    expect(page.body.error.code).toBe('RAFFLE_NOT_FOUND');
    const other = await makeUser(t, { role: 'vendedor' });
    expect((await t.api('GET', `/api/raffles/${draft.id}`, { token: other.token })).status).toBe(404);
  });

  it('refuses an active raffle (it would go on selling unseen), a second archive, and a draft going back on sale', async () => {
    const active = await makeRaffle(t);
    const refused = await archive<ApiError>(active.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({ code: 'RAFFLE_ACTIVE', message: raffleMessages.archiveActive });

    const draft = await makeRaffle(t, { status: 'borrador' });
    expect((await archive(draft.id)).status).toBe(200);
    const again = await archive<ApiError>(draft.id);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('RAFFLE_ARCHIVED');
    const reopen = await t.api<ApiError>('PATCH', `/api/raffles/${draft.id}`, {
      token: admin,
      body: { status: 'activa' },
    });
    expect(reopen.status).toBe(409);
    expect(reopen.body.error).toEqual({ code: 'RAFFLE_ARCHIVED', message: raffleMessages.archivedStatus });
    expect(
      (
        await t.api('POST', `/api/raffles/${draft.id}/reservations`, {
          body: { numbers: [1], buyer: buyer() },
        })
      ).status,
    ).toBe(404);
  });

  it('refuses a closed raffle awaiting its draw: its list stays public until drawn, and a hidden one is never drawn', async () => {
    const raffle = await makeRaffle(t, { name: 'Moto por sortear' });
    await reserve(raffle.id, 2, 'V-17888111');
    expect((await close(raffle.id)).status).toBe(200);
    const refused = await archive<ApiError>(raffle.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({
      code: 'RAFFLE_AWAITING_DRAW',
      message: raffleMessages.archiveAwaitingDraw,
    });
    expect((await t.api('GET', `/api/raffles/${raffle.id}/draw`)).status).toBe(200);

    // One archived before this rule (hidden while closed) cannot be drawn unseen.
    await t.db.execute(sql`update raffles set archived_at = now() where id = ${raffle.id}`);
    const hiddenDraw = await draw(raffle.id);
    expect(hiddenDraw.status).toBe(409);
    expect(hiddenDraw.body.error).toEqual({
      code: 'RAFFLE_ARCHIVED',
      message: raffleMessages.archivedStatus,
    });
    expect((await t.api<Raffle>('GET', `/api/raffles/${raffle.id}`, { token: admin })).body).toMatchObject({
      status: 'cerrada',
      winning_number: null,
    });
    // Its page stays hidden (only a finished raffle's page outlives the archive); its proof does not.
    expect((await t.api('GET', `/api/raffles/${raffle.id}`)).status).toBe(404);
  });

  it('refuses a drawn raffle whose other prizes still wait for their draw: hidden, they could never be drawn', async () => {
    const raffle = await makeRaffle(t, threePrizes());
    await reserve(raffle.id, 2, 'V-17888222');
    expect((await close(raffle.id)).status).toBe(200);
    await resultsOut(raffle.id);
    expect((await drawPrize(raffle.id, 1, '102')).body.winning_number).toBe(2);
    const refused = await archive<ApiError>(raffle.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({
      code: 'RAFFLE_AWAITING_DRAW',
      message: raffleMessages.archivePrizesPending,
    });
    expect((await drawPrize(raffle.id, 2, '350')).status).toBe(200);
    expect((await archive<ApiError>(raffle.id)).status).toBe(409);
    expect((await drawPrize(raffle.id, 3, '777')).status).toBe(200);
    expect((await archive(raffle.id)).status).toBe(200);
  });

  it('is for admins only: 401 without a session, 403 for a vendedor (even the raffle’s own), 404 unknown', async () => {
    const raffle = await makeRaffle(t, { status: 'borrador' }, seller.token);
    expect((await t.api('POST', `/api/raffles/${raffle.id}/archive`)).status).toBe(401);
    const denied = await archive<ApiError>(raffle.id, seller.token);
    expect(denied.status).toBe(403);
    expect(
      (await t.api<Raffle>('GET', `/api/raffles/${raffle.id}`, { token: admin })).body.archived_at,
    ).toBeNull();
    expect((await archive('00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});
