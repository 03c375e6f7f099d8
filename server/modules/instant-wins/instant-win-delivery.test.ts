import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../domain/api';
import type { AuditPage } from '../../../domain/audit';
import type { BulkReleasePreview } from '../../../domain/bulk-release';
import { instantWinMessages, type StaffInstantWins } from '../../../domain/instant-wins';
import type { StaffPayment } from '../../../domain/payments';
import type { ReservationResult } from '../../../domain/reservations';
import type { StaffTicket, TicketPage } from '../../../domain/staff-tickets';
import type { TrackedTicket } from '../../../domain/tracking';
import { buyer, makeRaffle, makeUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

// Decision 081: a won instant win marked handed over stays with the sale that won it. Before, staff
// could refund or release the paid sale, sell the number again, and the next buyer won the same
// prize again.

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
});
afterAll(() => t?.close());

const first = buyer();
const second = buyer({ name: 'Pedro Gómez', cedula: 'V-23456789', phone: '0424-7654321' });

async function reserve(raffleId: string, numbers: number[], who = first) {
  const res = await t.api<ReservationResult>('POST', `/api/raffles/${raffleId}/reservations`, {
    body: { numbers, buyer: who },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const [sale] = res.body.tickets;
  if (!sale) throw new Error('no sale');
  return sale;
}
/** The buyer reports a payment and staff approve it (the payments screen's path). */
async function payAndApprove(ticketId: string, amountCents: number, cedula: string) {
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
const deliver = (raffleId: string, number: number, token: string | null = admin) =>
  t.api<StaffInstantWins & ApiError>('POST', `/api/raffles/${raffleId}/instant-wins/${number}/delivery`, {
    token: token ?? undefined,
  });
const staffList = async (raffleId: string) =>
  (await t.api<StaffInstantWins>('GET', `/api/raffles/${raffleId}/instant-wins`, { token: admin })).body
    .instant_wins;
const prizeTracked = async (raffleId: string, who = first) =>
  (
    await t.api<{ tickets: TrackedTicket[] }>('POST', '/api/tracking', {
      body: { cedula: who.cedula, phone_last4: who.phone.slice(-4) },
    })
  ).body.tickets
    .filter((x) => x.raffle_id === raffleId)
    .map((x) => [x.status, x.instant_win_prize]);
const paymentPrize = async (paymentId: string) => {
  const payments = (await t.api<StaffPayment[]>('GET', '/api/payments?status=approved', { token: admin }))
    .body;
  return payments.find((p) => p.id === paymentId)?.parts.map((p) => p.instant_win_prize);
};
/** Staff release the number and give its money back (the refund dialog's "Liberar" with a refund). */
const releaseWithRefund = (ticketId: string, amountCents: number) =>
  t.api('PATCH', `/api/tickets/${ticketId}`, {
    token: admin,
    body: {
      status: 'disponible',
      refund: { amount_cents: amountCents, reason: 'El comprador se arrepintió' },
    },
  });

describe('an instant win handed over', () => {
  it('stays with the sale that won it: refunded and re-sold, the next buyer does not win it again', async () => {
    const raffle = await makeRaffle(t, {
      price_cents: 500,
      instant_wins: [{ number: 9, prize: 'Una gorra' }],
    });
    const won = await reserve(raffle.id, [9]);
    const firstPayment = await payAndApprove(won.id, 500, first.cedula);
    const marked = await deliver(raffle.id, 9);
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    const [entry] = marked.body.instant_wins;
    expect(entry).toMatchObject({ number: 9, ticket_number: '09', winner_name: 'maría pérez' });
    expect(entry?.delivered_at).toEqual(expect.any(String));
    expect(entry?.delivered_by_name).toEqual(expect.any(String));
    // The staff ticket views say so, for the refund and release dialogs.
    const one = await t.api<StaffTicket>('GET', `/api/tickets/${won.id}`, { token: admin });
    expect(one.body.instant_win).toEqual({ prize: 'Una gorra', delivered_at: entry?.delivered_at });

    // Staff take the sale back and sell the number to someone else, who pays in full.
    const released = await releaseWithRefund(won.id, 500);
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    const again = await reserve(raffle.id, [9], second);
    const secondPayment = await payAndApprove(again.id, 500, second.cedula);

    expect(await prizeTracked(raffle.id, second)).toEqual([['pagado', null]]);
    expect(await paymentPrize(secondPayment)).toEqual([null]);
    // The prize stays where it went: the first sale, its payment card, the staff list.
    expect(await paymentPrize(firstPayment)).toEqual(['Una gorra']);
    expect(await staffList(raffle.id)).toEqual([
      { ...entry, ticket_number: '09', winner_name: 'maría pérez' },
    ]);
    const list = await t.api<TicketPage>('GET', `/api/raffles/${raffle.id}/tickets?search=09`, {
      token: admin,
    });
    expect(list.body.items.find((x) => x.id === again.id)?.instant_win).toBeNull();
  });

  it('a cancelled sale keeps it in the buyer’s tracking; marking twice keeps the first date', async () => {
    const raffle = await makeRaffle(t, { price_cents: 500, instant_wins: [{ number: 4, prize: 'Franela' }] });
    const won = await reserve(raffle.id, [4]);
    await payAndApprove(won.id, 500, first.cedula);
    const marked = (await deliver(raffle.id, 4)).body.instant_wins[0];
    const twice = await deliver(raffle.id, 4);
    expect(twice.status).toBe(200);
    expect(twice.body.instant_wins[0]).toEqual(marked);
    const cancelled = await t.api('PATCH', `/api/tickets/${won.id}`, {
      token: admin,
      body: { status: 'cancelado', no_refund_reason: 'Pidió anular la compra' },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(await prizeTracked(raffle.id)).toEqual([['cancelado', 'Franela']]);
    expect((await staffList(raffle.id))[0]).toEqual(marked);
  });

  it('the database itself refuses to move, clear or take back a delivered award', async () => {
    const raffle = await makeRaffle(t, { price_cents: 500, instant_wins: [{ number: 3, prize: 'Gorra' }] });
    const won = await reserve(raffle.id, [3]);
    await payAndApprove(won.id, 500, first.cedula);
    expect((await deliver(raffle.id, 3)).status).toBe(200);
    for (const change of [
      sql`update instant_wins set ticket_id = null, awarded_at = null where raffle_id = ${raffle.id}`,
      sql`update instant_wins set delivered_at = null, delivered_by = null where raffle_id = ${raffle.id}`,
    ])
      await expect(t.db.execute(change)).rejects.toThrow();
    expect((await staffList(raffle.id))[0]).toMatchObject({
      ticket_number: '03',
      delivered_at: expect.any(String),
    });
  });

  it('a bulk release’s confirmation names the numbers it takes whose prize was handed over', async () => {
    const raffle = await makeRaffle(t, {
      price_cents: 500,
      instant_wins: [
        { number: 9, prize: 'Una gorra' },
        { number: 11, prize: 'Un termo' },
      ],
    });
    const won = await reserve(raffle.id, [9]);
    await payAndApprove(won.id, 500, first.cedula);
    expect((await deliver(raffle.id, 9)).status).toBe(200);
    // Refunded back to apartado: nothing paid, so a bulk release takes it.
    const back = await t.api('PATCH', `/api/tickets/${won.id}`, {
      token: admin,
      body: { status: 'apartado', refund: { amount_cents: 500, reason: 'Pago devuelto' } },
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    await reserve(raffle.id, [10, 11], second); // 11 is an instant win nobody won yet
    const preview = await t.api<BulkReleasePreview>('POST', `/api/raffles/${raffle.id}/tickets/release`, {
      token: admin,
      body: { numbers: [9, 10, 11], dry_run: true },
    });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({ numbers: 3, delivered_prizes: [{ number: 9, prize: 'Una gorra' }] });
  });
});

describe('an instant win not handed over', () => {
  it('is taken back by a refund and won by the number’s next fully paid sale, as before', async () => {
    const raffle = await makeRaffle(t, {
      price_cents: 500,
      instant_wins: [{ number: 9, prize: 'Una gorra' }],
    });
    const won = await reserve(raffle.id, [9]);
    const firstPayment = await payAndApprove(won.id, 500, first.cedula);
    const released = await releaseWithRefund(won.id, 500);
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    expect(await paymentPrize(firstPayment)).toEqual([null]);
    const again = await reserve(raffle.id, [9], second);
    await payAndApprove(again.id, 500, second.cedula);
    expect(await prizeTracked(raffle.id, second)).toEqual([['pagado', 'Una gorra']]);
    expect(await staffList(raffle.id)).toMatchObject([
      { ticket_number: '09', winner_name: 'pedro gómez', delivered_at: null, delivered_by_name: null },
    ]);
  });

  it('cannot be marked delivered before someone won it (422), nor a number that is no instant win (404)', async () => {
    const raffle = await makeRaffle(t, {
      price_cents: 500,
      instant_wins: [{ number: 9, prize: 'Una gorra' }],
    });
    const notWon = await deliver(raffle.id, 9);
    expect(notWon.status).toBe(422);
    expect(notWon.body.error).toMatchObject({
      code: 'INSTANT_WIN_NOT_WON',
      message: instantWinMessages.notWon(9),
    });
    // Reserved, or paid in part, is not won either.
    const sale = await reserve(raffle.id, [9]);
    await payAndApprove(sale.id, 200, first.cedula);
    expect((await deliver(raffle.id, 9)).status).toBe(422);
    const none = await deliver(raffle.id, 10);
    expect(none.status).toBe(404);
    expect(none.body.error).toMatchObject({
      code: 'INSTANT_WIN_NOT_FOUND',
      message: instantWinMessages.notAnInstantWin(10),
    });
    expect((await staffList(raffle.id))[0]).toMatchObject({ delivered_at: null });
  });
});

describe('who may mark it', () => {
  it('admins and the raffle’s owner; another vendedor 403 (404 for their draft), an assigned one 403, nobody signed in 401', async () => {
    const owner = await makeUser(t, { role: 'vendedor', full_name: 'Vendedora Dueña' });
    const other = await makeUser(t, { role: 'vendedor' });
    const assigned = await makeUser(t, { role: 'vendedor' });
    const raffle = await makeRaffle(
      t,
      { price_cents: 500, instant_wins: [{ number: 9, prize: 'Una gorra' }] },
      owner.token,
    );
    const assign = await t.api('PUT', `/api/raffles/${raffle.id}/sellers`, {
      token: admin,
      body: { seller_ids: [assigned.user.id] },
    });
    expect(assign.status).toBe(200);
    const won = await reserve(raffle.id, [9]);
    await payAndApprove(won.id, 500, first.cedula);

    expect((await deliver(raffle.id, 9, null)).status).toBe(401);
    expect((await deliver(raffle.id, 9, other.token)).status).toBe(403);
    expect((await deliver(raffle.id, 9, assigned.token)).status).toBe(403);
    expect((await staffList(raffle.id))[0]?.delivered_at).toBeNull();
    const draft = await makeRaffle(t, { status: 'borrador' }, owner.token);
    expect((await deliver(draft.id, 9, other.token)).status).toBe(404);

    const byOwner = await deliver(raffle.id, 9, owner.token);
    expect(byOwner.status, JSON.stringify(byOwner.body)).toBe(200);
    expect(byOwner.body.instant_wins[0]?.delivered_by_name).toBe('Vendedora Dueña');
    // An assigned vendedor works the sales but never sees the list: their ticket view says nothing.
    const asAssigned = await t.api<StaffTicket>('GET', `/api/tickets/${won.id}`, { token: assigned.token });
    expect(asAssigned.status).toBe(200);
    expect(asAssigned.body).not.toHaveProperty('instant_win');

    // Recorded in the audit log like every staff change.
    await t.app.services.audit.settled();
    const audit = await t.api<AuditPage>(
      'GET',
      `/api/audit?raffle_id=${raffle.id}&action=${encodeURIComponent('instant-wins')}`,
      { token: admin },
    );
    expect(audit.status).toBe(200);
    expect(audit.body.entries).toEqual([
      expect.objectContaining({
        action: 'POST /api/raffles/:id/instant-wins/:number/delivery',
        actor_email: owner.email,
        actor_role: 'vendedor',
        raffle_id: raffle.id,
        target: { id: raffle.id, number: '9' },
      }),
    ]);
  });
});
