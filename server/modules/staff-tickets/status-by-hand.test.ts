import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReservationResult } from '../../../domain/reservations';
import type { StaffTicket, TicketPage } from '../../../domain/staff-tickets';
import { buyer, makeRaffleWithFreeNumbers } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

// Staff's hand mark on a number priced 0 (decision 061) used to show only in the number's history:
// the staff list and the number's detail now carry it; a buyer's views never do.

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
});
afterAll(() => t?.close());

const who = buyer({ cedula: 'V-27000001', phone: '0414-5500001' });

describe('status_by_hand on the staff views of a number', () => {
  it('the list (all numbers, by status, by search) and the detail say which number staff marked', async () => {
    // "3 por 2 céntimos" of a $5,00 raffle: 12 is priced 0.
    const raffle = await makeRaffleWithFreeNumbers(t, {
      price_cents: 500,
      total_numbers: 100,
      packages: [{ numbers: 3, price_cents: 2 }],
    });
    const reserved = await t.api<ReservationResult>('POST', `/api/raffles/${raffle.id}/reservations`, {
      body: { numbers: [10, 11, 12], buyer: who },
    });
    expect(reserved.status, JSON.stringify(reserved.body)).toBe(201);
    const ids = Object.fromEntries(reserved.body.tickets.map((tk) => [tk.number, tk.id]));
    const marked = await t.api<StaffTicket>('PATCH', `/api/tickets/${ids[12]}`, {
      token: admin,
      body: { status: 'pagado' },
    });
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    expect(marked.body.status_by_hand).toBe(true);

    const detail = async (id: string) =>
      (await t.api<StaffTicket>('GET', `/api/tickets/${id}`, { token: admin })).body.status_by_hand;
    expect([await detail(ids[12] as string), await detail(ids[11] as string)]).toEqual([true, false]);

    for (const query of ['page=1&per_page=20', 'status=apartado,pagado', `search=${who.cedula}`]) {
      const page = await t.api<TicketPage>('GET', `/api/raffles/${raffle.id}/tickets?${query}`, {
        token: admin,
      });
      expect(page.status).toBe(200);
      const marks = Object.fromEntries(
        page.body.items
          .filter((x) => x.number >= 10 && x.number <= 13)
          .map((x) => [x.number, x.status_by_hand]),
      );
      expect(marks, query).toMatchObject({ 10: false, 11: false, 12: true });
      if (query.startsWith('page')) expect(marks[13], query).toBe(false); // nobody holds it
    }

    // The buyer's order page lists the same numbers without it.
    const order = await t.api<{ tickets: Record<string, unknown>[] }>(
      'GET',
      `/api/orders/${reserved.body.order.code}?cedula=${who.cedula}`,
    );
    expect(order.status).toBe(200);
    expect(order.body.tickets).toHaveLength(3);
    for (const ticket of order.body.tickets) expect(ticket).not.toHaveProperty('status_by_hand');
    for (const ticket of reserved.body.tickets) expect(ticket).not.toHaveProperty('status_by_hand');
  });
});
