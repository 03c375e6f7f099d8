import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, ApiValidationError } from '../../../domain/api';
import type { PublicRaffle, Raffle } from '../../../domain/raffles';
import type { Board, ReservationResult } from '../../../domain/reservations';
import { buyer, makeRaffle, makeUser, raffleInput } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
let seller: Awaited<ReturnType<typeof makeUser>>;
let otherSeller: Awaited<ReturnType<typeof makeUser>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
  seller = await makeUser(t, { role: 'vendedor' });
  otherSeller = await makeUser(t, { role: 'vendedor' });
});
afterAll(() => t?.close());

describe('POST /api/raffles', () => {
  it('creates the raffle with all its numbers available', async () => {
    const res = await t.api<Raffle>('POST', '/api/raffles', {
      token: admin,
      body: raffleInput({ total_numbers: 1000, digit_count: 3, closing_date: '2030-01-01T00:00:00Z' }),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Moto Bera 2026',
      price_cents: 500,
      total_numbers: 1000,
      digit_count: 3,
      payment_type: 'pago_unico',
      status: 'activa',
      reservation_hours: 24,
      closing_date: '2030-01-01T00:00:00.000Z',
      stats: { disponible: 1000, apartado: 0, pagado: 0, total_paid_cents: 0, pending_cents: 0 },
    });
    const board = await t.api<Board>('GET', `/api/raffles/${res.body.id}/board`);
    expect(board.body.statuses).toBe('d'.repeat(1000));
  });

  it('forces a vendedor’s raffle onto themselves; an admin may assign a seller', async () => {
    const own = await t.api<Raffle>('POST', '/api/raffles', {
      token: seller.token,
      body: raffleInput({ seller_id: otherSeller.user.id }),
    });
    expect(own.status).toBe(201);
    expect(own.body.seller_id).toBe(seller.user.id);
    const assigned = await makeRaffle(t, { seller_id: otherSeller.user.id });
    expect(assigned.seller_id).toBe(otherSeller.user.id);
  });

  it('shows who runs the raffle and how to pay, with a normalized contact phone', async () => {
    const raffle = await makeRaffle(t, {
      organizer_name: 'Rifas El Trébol',
      contact_phone: '+58 414 555 1234',
      payment_instructions: 'Pago móvil: Banco de Venezuela, 0414-5551234, V-12345678',
    });
    const res = await t.api<PublicRaffle>('GET', `/api/raffles/${raffle.id}`);
    expect(res.body).toMatchObject({
      organizer_name: 'Rifas El Trébol',
      contact_phone: '0414-5551234',
      payment_instructions: 'Pago móvil: Banco de Venezuela, 0414-5551234, V-12345678',
    });
    const bad = await t.api('PATCH', `/api/raffles/${raffle.id}`, {
      token: admin,
      body: { contact_phone: '123' },
    });
    expect(bad.status).toBe(422);
  });

  it('stores cuotas with installments and shows the API payment type', async () => {
    const raffle = await makeRaffle(t, { payment_type: 'cuotas', installments: 4 });
    expect(raffle).toMatchObject({ payment_type: 'cuotas', installments: 4 });
    const listed = await t.api<PublicRaffle[]>('GET', '/api/raffles?payment_type=cuotas');
    expect(listed.body.map((r: { id: string }) => r.id)).toContain(raffle.id);
    expect(listed.body.every((r: { payment_type: string }) => r.payment_type === 'cuotas')).toBe(true);
  });

  it.each([
    [{ total_numbers: 1001, digit_count: 3 }, 'total_numbers'],
    [{ total_numbers: 0 }, 'total_numbers'],
    [{ total_numbers: 1_000_001, digit_count: 7 }, 'total_numbers'],
    [{ price_cents: -1 }, 'price_cents'],
    [{ payment_type: 'cuotas' }, 'installments'],
    [{ name: 'ab' }, 'name'],
    [{ reservation_hours: 0 }, 'reservation_hours'],
  ])('refuses semantically invalid input %j with 422', async (overrides, field) => {
    const before = (await t.api<Raffle[]>('GET', '/api/raffles', { token: admin })).body.length;
    const res = await t.api<ApiValidationError>('POST', '/api/raffles', {
      token: admin,
      body: raffleInput(overrides),
    });
    expect(res.status).toBe(422);
    expect(res.body.error.fields.map((f: { path: string }) => f.path)).toContain(field);
    expect((await t.api<Raffle[]>('GET', '/api/raffles', { token: admin })).body.length).toBe(before);
  });

  it('refuses wrong types, unknown fields and a past closing date', async () => {
    expect(
      (await t.api('POST', '/api/raffles', { token: admin, body: raffleInput({ price_cents: '5' }) })).status,
    ).toBe(400);
    expect(
      (await t.api('POST', '/api/raffles', { token: admin, body: raffleInput({ price_cents: 5.5 }) })).status,
    ).toBe(400);
    expect(
      (await t.api('POST', '/api/raffles', { token: admin, body: raffleInput({ hack: 1 }) })).status,
    ).toBe(400);
    const past = await t.api<ApiValidationError>('POST', '/api/raffles', {
      token: admin,
      body: raffleInput({ closing_date: '2020-01-01T00:00:00Z' }),
    });
    expect(past.status).toBe(422);
    expect(past.body.error).toMatchObject({
      message: 'La fecha de cierre debe ser futura',
      fields: [{ path: 'closing_date', message: 'La fecha de cierre debe ser futura' }],
    });
    const foreignImage = await t.api<ApiValidationError>('POST', '/api/raffles', {
      token: admin,
      body: raffleInput({ images: ['https://example.com/premio.jpg'] }),
    });
    expect(foreignImage.status).toBe(422);
    expect(foreignImage.body.error.fields[0].path).toBe('images.0');
  });

  it('needs a staff session', async () => {
    expect((await t.api('POST', '/api/raffles', { body: raffleInput() })).status).toBe(401);
  });
});

describe('GET /api/raffles', () => {
  it('hides drafts from the public, shows them to admins and to their own seller', async () => {
    const draft = await makeRaffle(t, { status: 'borrador' }, seller.token);
    const ids = async (token?: string) =>
      (await t.api<Raffle[]>('GET', '/api/raffles', { token })).body.map((r: { id: string }) => r.id);
    expect(await ids()).not.toContain(draft.id);
    expect(await ids(otherSeller.token)).not.toContain(draft.id);
    expect(await ids(seller.token)).toContain(draft.id);
    expect(await ids(admin)).toContain(draft.id);
    expect((await t.api('GET', `/api/raffles/${draft.id}`)).status).toBe(404);
    expect((await t.api('GET', `/api/raffles/${draft.id}/board`)).status).toBe(404);
    expect((await t.api('GET', `/api/raffles/${draft.id}`, { token: seller.token })).status).toBe(200);
  });

  it('filters by status and seller, newest first', async () => {
    const closed = await makeRaffle(t, {}, otherSeller.token);
    await t.api('POST', `/api/raffles/${closed.id}/close`, { token: otherSeller.token });
    const res = await t.api<PublicRaffle[]>(
      'GET',
      `/api/raffles?status=cerrada&seller_id=${otherSeller.user.id}`,
    );
    expect(res.body.map((r: { id: string }) => r.id)).toEqual([closed.id]);
    expect((await t.api('GET', '/api/raffles?status=rara')).status).toBe(400);
  });

  it('answers 404 for an unknown raffle and 400 for a malformed id', async () => {
    expect((await t.api('GET', '/api/raffles/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const bad = await t.api<ApiError>('GET', '/api/raffles/123');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/inválido/);
  });
});

describe('PATCH /api/raffles/:id', () => {
  it('lets the owner edit and refuses other vendedores', async () => {
    const raffle = await makeRaffle(t, {}, seller.token);
    const edited = await t.api<Raffle>('PATCH', `/api/raffles/${raffle.id}`, {
      token: seller.token,
      body: { name: 'Moto nueva', price_cents: 700 },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Moto nueva', price_cents: 700 });
    const foreign = await t.api<ApiError>('PATCH', `/api/raffles/${raffle.id}`, {
      token: otherSeller.token,
      body: { name: 'Mía' },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error.message).toBe('Solo puedes gestionar tus propias rifas.');
    expect(
      (await t.api('PATCH', `/api/raffles/${raffle.id}`, { token: admin, body: { status: 'borrador' } }))
        .status,
    ).toBe(200);
  });

  it('changes only the fields it sends: a one-field PATCH keeps the description and everything else', async () => {
    const raffle = await makeRaffle(t, {
      description: 'Moto 0 km, se sortea con el Triple Táchira.',
      payment_type: 'cuotas',
      installments: 4,
      organizer_name: 'Rifas El Gocho',
      payment_instructions: 'Pago móvil 0414-1234567',
    });
    const before = (await t.api<Raffle>('GET', `/api/raffles/${raffle.id}`, { token: admin })).body;
    const edited = await t.api('PATCH', `/api/raffles/${raffle.id}`, {
      token: admin,
      body: { name: 'Moto Bera 2027' },
    });
    expect(edited.status).toBe(200);
    const after = (await t.api<Raffle>('GET', `/api/raffles/${raffle.id}`, { token: admin })).body;
    // The 1.er premio of `prizes` is the raffle's own prize: its title is the name (decision 042).
    const prizes = before.prizes.map((p) => (p.position === 1 ? { ...p, title: 'Moto Bera 2027' } : p));
    expect(after).toEqual({ ...before, name: 'Moto Bera 2027', prizes });
  });

  it('resizes and renumbers while every number is available, and locks the size after a sale', async () => {
    const raffle = await makeRaffle(t, { total_numbers: 100, digit_count: 2 });
    const grown = await t.api<Raffle>('PATCH', `/api/raffles/${raffle.id}`, {
      token: admin,
      body: { total_numbers: 500, digit_count: 3 },
    });
    expect(grown.status).toBe(200);
    expect(grown.body.stats.disponible).toBe(500);
    const shrunk = await t.api<Raffle>('PATCH', `/api/raffles/${raffle.id}`, {
      token: admin,
      body: { total_numbers: 200 },
    });
    expect(shrunk.body.stats.disponible).toBe(200);
    const reserved = await t.api<ReservationResult>('POST', `/api/raffles/${raffle.id}/reservations`, {
      body: { numbers: [199], buyer: buyer() },
    });
    expect(reserved.body.tickets[0].ticket_number).toBe('199');
    const locked = await t.api<ApiError>('PATCH', `/api/raffles/${raffle.id}`, {
      token: admin,
      body: { total_numbers: 300 },
    });
    expect(locked.status).toBe(409);
    expect(locked.body.error.code).toBe('TERMS_LOCKED');
    const tooMany = await t.api('PATCH', `/api/raffles/${raffle.id}`, {
      token: admin,
      body: { digit_count: 2 },
    });
    expect(tooMany.status).toBe(422);
  });

  it('only admins may reassign a raffle', async () => {
    const raffle = await makeRaffle(t, {}, seller.token);
    const res = await t.api('PATCH', `/api/raffles/${raffle.id}`, {
      token: seller.token,
      body: { seller_id: otherSeller.user.id },
    });
    expect(res.status).toBe(403);
  });
});

describe('DELETE /api/raffles/:id', () => {
  it('is for admins only, with the spec’s message for vendedores', async () => {
    const raffle = await makeRaffle(t, {}, seller.token);
    expect((await t.api('DELETE', `/api/raffles/${raffle.id}`)).status).toBe(401);
    const denied = await t.api<ApiError>('DELETE', `/api/raffles/${raffle.id}`, { token: seller.token });
    expect(denied.status).toBe(403);
    expect(denied.body.error.message).toBe('Solo los administradores pueden eliminar rifas.');
    expect((await t.api('DELETE', `/api/raffles/${raffle.id}`, { token: admin })).status).toBe(204);
    expect((await t.api('GET', `/api/raffles/${raffle.id}`)).status).toBe(404);
    expect((await t.api('DELETE', `/api/raffles/${raffle.id}`, { token: admin })).status).toBe(404);
  });
});
