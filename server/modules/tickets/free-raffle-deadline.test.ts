import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderView } from '../../../domain/orders';
import type { ReservationResult } from '../../../domain/reservations';
import type { RaffleBuyersPage, StaffTicket, TicketPage } from '../../../domain/staff-tickets';
import type { TrackingResult } from '../../../domain/tracking';
import { queryRows } from '../../db/client';
import { buyer, makeRaffle } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

// A free raffle's number owes nothing, so the expiry sweep never ends it (expiry.test.ts): no screen
// may give it a deadline. Every one used to show «Apartado hasta …» for a number that stays its buyer's.

const ANA = buyer({ name: 'Ana Gómez', cedula: 'V-12121212', phone: '0412-5551212' });

let t: TestApp;
let admin: string;
let free: { id: string };
let priced: { id: string };
const orders: Record<string, string> = {};

async function reserve(raffleId: string, numbers: number[]) {
  const res = await t.api<ReservationResult>('POST', `/api/raffles/${raffleId}/reservations`, {
    body: { numbers, buyer: ANA },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  orders[raffleId] = res.body.order.code;
  return res.body;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
  free = await makeRaffle(t, { price_cents: 0, total_numbers: 100 });
  priced = await makeRaffle(t, { price_cents: 500, total_numbers: 100 });
});
afterAll(() => t?.close());

describe("a free raffle's reservation has no deadline", () => {
  it('the reservation, tracking, the order page, the staff list, one sale and the buyers screen say none', async () => {
    const reservation = await reserve(free.id, [1, 2]);
    expect(reservation.tickets.map((sale) => sale.reserved_until)).toEqual([null, null]);
    const pricedReservation = await reserve(priced.id, [1]);
    const deadline = pricedReservation.tickets[0]?.reserved_until;
    expect(deadline, 'a number that costs something keeps its deadline').toEqual(expect.any(String));

    const tracked = await t.api<TrackingResult>('POST', '/api/tracking', {
      body: { cedula: ANA.cedula, phone_last4: String(ANA.phone).slice(-4) },
    });
    expect(tracked.status).toBe(200);
    const byRaffle = (raffleId: string) =>
      tracked.body.tickets.filter((sale) => sale.raffle_id === raffleId).map((sale) => sale.reserved_until);
    expect(byRaffle(free.id)).toEqual([null, null]);
    expect(byRaffle(priced.id)).toEqual([deadline]);

    const order = await t.api<OrderView>('GET', `/api/orders/${orders[free.id]}?cedula=${ANA.cedula}`);
    expect(order.status).toBe(200);
    expect(order.body.tickets.map((sale) => sale.reserved_until)).toEqual([null, null]);

    const list = await t.api<TicketPage>('GET', `/api/raffles/${free.id}/tickets?status=apartado`, {
      token: admin,
    });
    expect(list.body.items.map((sale) => [sale.number, sale.reserved_until])).toEqual([
      [1, null],
      [2, null],
    ]);
    const one = await t.api<StaffTicket>('GET', `/api/tickets/${reservation.tickets[0]?.id}`, {
      token: admin,
    });
    expect(one.body.reserved_until).toBeNull();

    const buyers = await t.api<RaffleBuyersPage>('GET', `/api/raffles/${free.id}/buyers`, { token: admin });
    expect(buyers.body.items.map((row) => row.reserved_until)).toEqual([null]);
  });

  it('a number staff set aside by hand in a free raffle has none either; in a priced raffle it has one', async () => {
    const byHand = async (raffleId: string, number: number) => {
      const res = await t.api<StaffTicket>('PATCH', `/api/raffles/${raffleId}/numbers/${number}`, {
        token: admin,
        body: {
          status: 'apartado',
          buyer_name: 'Luis Díaz',
          buyer_cedula: 'V-13131313',
          buyer_phone: '04145551313',
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.reserved_until;
    };
    expect(await byHand(free.id, 7)).toBeNull();
    expect(await byHand(priced.id, 7)).toEqual(expect.any(String));
  });

  it('migration 0037 takes the deadline off the free reservations made before, and only those', async () => {
    const before = await makeRaffle(t, { price_cents: 0, total_numbers: 100 });
    const [kept] = (await reserve(before.id, [5])).tickets;
    const [owing] = (await reserve(priced.id, [5])).tickets;
    // As reserve_sales wrote them until this change.
    await t.db.execute(
      sql`update tickets set reserved_until = now() + interval '1 day' where raffle_id = ${before.id}`,
    );

    const migration = new URL(
      '../../db/migrations/0037_free_reservations_have_no_deadline.sql',
      import.meta.url,
    );
    for (const statement of readFileSync(migration, 'utf8').split('--> statement-breakpoint'))
      await t.db.execute(sql.raw(statement));
    const deadlines = await queryRows<{ id: string; reserved_until: unknown }>(
      t.db,
      sql`select id, reserved_until from tickets where id in (${kept?.id as string}, ${owing?.id as string})`,
    );
    const of = (id: string | undefined) => deadlines.find((row) => row.id === id)?.reserved_until;
    expect(of(kept?.id)).toBeNull();
    expect(of(owing?.id)).not.toBeNull();
    // And the function it left still reserves, with no deadline on a free raffle.
    expect((await reserve(before.id, [6])).tickets[0]?.reserved_until).toBeNull();
  });
});
