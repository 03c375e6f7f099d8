import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicCreatePaymentResult, TicketPayment } from '../../domain/payments';
import type { Raffle } from '../../domain/raffles';
import type { ReservationResult } from '../../domain/reservations';
import type { StaffTicket } from '../../domain/staff-tickets';
import type { User } from '../../domain/users';
import { buyer, makeRaffle, makeUser } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';

// A PATCH changes only the fields it sends, for every resource: a partial update that re-applies
// the create schema's defaults once erased a raffle's description. Each case reads the whole
// object before and after a one-field PATCH and requires everything else to be identical.

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
});
afterAll(() => t?.close());

/** Fields a write legitimately moves on its own (timestamps of the change itself). */
const withoutClock = <T extends Record<string, unknown>>(row: T, ...also: string[]) => {
  const copy: Record<string, unknown> = { ...row };
  for (const key of ['updated_at', ...also]) delete copy[key];
  return copy;
};

async function reserveOne(raffleId: string, number: number) {
  const res = await t.api<ReservationResult>('POST', `/api/raffles/${raffleId}/reservations`, {
    body: { numbers: [number], buyer: buyer({ cedula: 'V-17888999', email: 'ana@example.com' }) },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const ticket = res.body.tickets[0] as { id: string } | undefined;
  if (!ticket) throw new Error('no ticket reserved');
  return ticket;
}

describe('a one-field PATCH leaves every other field as it was', () => {
  it('raffle: only the name changes (description, images, contact and rules stay)', async () => {
    const raffle = await makeRaffle(t, {
      description: 'Moto 0 km con papeles',
      payment_type: 'cuotas',
      installments: 4,
      organizer_name: 'Rifas El Gato',
      contact_phone: '0414-1112233',
      payment_instructions: 'Pago móvil 0102 V-12345678',
      reservation_hours: 12,
    });
    const before = (await t.api<Raffle>('GET', `/api/raffles/${raffle.id}`, { token: admin })).body;
    const res = await t.api('PATCH', `/api/raffles/${raffle.id}`, {
      token: admin,
      body: { name: 'Nuevo nombre' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = (await t.api<Raffle>('GET', `/api/raffles/${raffle.id}`, { token: admin })).body;
    expect(after.name).toBe('Nuevo nombre');
    // The 1.er premio's title is the raffle's name (decision 042): it follows, nothing else moves.
    expect(after.prizes[0]?.title).toBe('Nuevo nombre');
    const prizesBefore = before.prizes.map((p, i) => (i === 0 ? { ...p, title: 'Nuevo nombre' } : p));
    expect(withoutClock(after, 'name')).toEqual(withoutClock({ ...before, prizes: prizesBefore }, 'name'));
  });

  it('ticket: only the buyer name changes (status, cedula, phone, money and deadline stay)', async () => {
    const raffle = await makeRaffle(t, { price_cents: 800 });
    const { id } = await reserveOne(raffle.id, 7);
    const before = (await t.api<StaffTicket>('GET', `/api/tickets/${id}`, { token: admin })).body;
    const res = await t.api('PATCH', `/api/tickets/${id}`, {
      token: admin,
      body: { buyer_name: 'Ana María Gómez' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = (await t.api<StaffTicket>('GET', `/api/tickets/${id}`, { token: admin })).body;
    expect(after.buyer_name).toBe('ana maría gómez'); // SPEC: names are stored trimmed and lowercased
    expect(after.status).toBe('apartado');
    expect(withoutClock(after, 'buyer_name')).toEqual(withoutClock(before, 'buyer_name'));
  });

  it('user: only the full name changes (role, phone and access stay)', async () => {
    const { user } = await makeUser(t, { role: 'vendedor', phone: '0412-5556677' });
    const find = async () =>
      ((await t.api<User[]>('GET', '/api/users', { token: admin })).body as { id: string }[]).find(
        (u) => u.id === user.id,
      );
    const before = await find();
    const res = await t.api('PATCH', `/api/users/${user.id}`, {
      token: admin,
      body: { full_name: 'Carla Suárez' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = await find();
    expect(after).toMatchObject({ full_name: 'Carla Suárez', role: 'vendedor', phone: '0412-5556677' });
    expect(withoutClock(after ?? {}, 'full_name')).toEqual(withoutClock(before ?? {}, 'full_name'));
  });

  it('payment: deciding changes status and review fields only (amount, method, reference, proof stay)', async () => {
    const raffle = await makeRaffle(t, { price_cents: 1000 });
    const { id: ticketId } = await reserveOne(raffle.id, 3);
    const created = await t.api<PublicCreatePaymentResult>('POST', '/api/payments', {
      body: {
        ticket_id: ticketId,
        cedula: 'V-17888999',
        amount_cents: 400,
        payment_method: 'pago_movil',
        reference: 'BDV-123456',
        notes: 'Pagué desde la cuenta de mi esposo',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const list = async () =>
      (
        (await t.api<TicketPayment[]>('GET', `/api/tickets/${ticketId}/payments`, { token: admin })).body as {
          notes: string;
        }[]
      )[0];
    const before = await list();
    const res = await t.api('PATCH', `/api/payments/${created.body.payment.id}`, {
      token: admin,
      body: { status: 'approved' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = await list();
    expect(after).toMatchObject({ status: 'approved', amount_cents: 400, reference: 'BDV-123456' });
    // API.md: the decision appends a line to the notes; what the buyer wrote stays first.
    expect(after?.notes).toMatch('Pagué desde la cuenta de mi esposo\nPago aprobado: ');
    const review = ['status', 'reviewed_at', 'reviewed_by', 'notes'];
    expect(withoutClock(after ?? {}, ...review)).toEqual(withoutClock(before ?? {}, ...review));
  });
});
