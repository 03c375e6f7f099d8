import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../domain/api';
import type { DrawResult, WinnerResult } from '../../../domain/draw';
import { drawMessages } from '../../../domain/draw';
import type { PublicCreatePaymentResult, ReviewedPayment, StaffPayment } from '../../../domain/payments';
import { lifecycleMessages } from '../../../domain/raffle-lifecycle';
import type { PublicRaffle, Raffle } from '../../../domain/raffles';
import { type RaffleStatus, raffleMessages } from '../../../domain/raffles';
import type { Board, ReservationResult } from '../../../domain/reservations';
import type { StaffTicket, TicketPage } from '../../../domain/staff-tickets';
import type { TrackingResult } from '../../../domain/tracking';
import { merkleLevels, merkleRoot, saleLine, soldListText, toHex } from '../../../domain/verification';
import { buyer, makeRaffle, makeRaffleIn, makeUser, raffleInput, storedSoldList } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { nodeSha256 } from '../receipts/receipt-signer';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
});
afterAll(() => t?.close());

type Ticket = {
  id: string;
  number: number;
  verification_code: string | null;
  status: string;
  total_paid_cents: number;
  remaining_cents: number;
};

async function reserve(raffleId: string, numbers: number[], cedula = 'V-12345678') {
  const res = await t.api<ReservationResult>('POST', `/api/raffles/${raffleId}/reservations`, {
    body: { numbers, buyer: buyer({ cedula }) },
  });
  if (res.status !== 201) throw new Error(`reserve failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.tickets as Ticket[];
}
// Each answers its success type unless told otherwise (`patchRaffle<ApiError>(…)` for a refusal).
const patchRaffle = <T = Raffle>(id: string, body: Record<string, unknown>, token = admin) =>
  t.api<T>('PATCH', `/api/raffles/${id}`, { token, body });
const patchTicket = <T = StaffTicket>(id: string, body: Record<string, unknown>) =>
  t.api<T>('PATCH', `/api/tickets/${id}`, { token: admin, body });
const patchNumber = <T = StaffTicket>(raffleId: string, number: number, body: Record<string, unknown>) =>
  t.api<T>('PATCH', `/api/raffles/${raffleId}/numbers/${number}`, { token: admin, body });
const pay = <T = PublicCreatePaymentResult>(ticketId: string, amount: number, cedula = 'V-12345678') =>
  t.api<T>('POST', '/api/payments', { body: { ticket_id: ticketId, amount_cents: amount, cedula } });
const review = <T = ReviewedPayment>(paymentId: string, status: 'approved' | 'rejected') =>
  t.api<T>('PATCH', `/api/payments/${paymentId}`, { token: admin, body: { status } });
const close = <T = Raffle>(id: string) => t.api<T>('POST', `/api/raffles/${id}/close`, { token: admin });
const draw = <T = DrawResult>(id: string, winning_number: number) =>
  t.api<T>('POST', `/api/raffles/${id}/draw`, { token: admin, body: { winning_number } });

/** A raffle in `status`, reached the only way the API allows. */
async function raffleIn(status: RaffleStatus) {
  if (status === 'borrador' || status === 'activa') return makeRaffle(t, { status });
  return makeRaffleIn(t, status);
}

describe('raffle status changes by PATCH', () => {
  it.each<[RaffleStatus, RaffleStatus]>([
    ['borrador', 'activa'],
    ['activa', 'borrador'],
    ['borrador', 'borrador'],
    ['activa', 'activa'],
    ['cerrada', 'cerrada'],
    ['finalizada', 'finalizada'],
  ])('%s -> %s is allowed', async (from, to) => {
    const raffle = await raffleIn(from);
    const res = await patchRaffle(raffle.id, { status: to });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe(to);
  });

  it.each<[RaffleStatus, RaffleStatus, string]>([
    ['borrador', 'cerrada', lifecycleMessages.toClosedByEdit],
    ['borrador', 'finalizada', lifecycleMessages.toFinishedByEdit],
    ['activa', 'cerrada', lifecycleMessages.toClosedByEdit],
    ['activa', 'finalizada', lifecycleMessages.toFinishedByEdit],
    ['cerrada', 'activa', lifecycleMessages.reopen],
    ['cerrada', 'borrador', lifecycleMessages.reopen],
    ['cerrada', 'finalizada', lifecycleMessages.reopen],
    ['finalizada', 'cerrada', lifecycleMessages.finished],
    ['finalizada', 'activa', lifecycleMessages.finished],
    ['finalizada', 'borrador', lifecycleMessages.finished],
  ])('%s -> %s is 409 INVALID_TRANSITION', async (from, to, message) => {
    const raffle = await raffleIn(from);
    const res = await patchRaffle<ApiError>(raffle.id, { status: to });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'INVALID_TRANSITION', message });
    expect((await t.api<Raffle>('GET', `/api/raffles/${raffle.id}`, { token: admin })).body.status).toBe(
      from,
    );
  });

  it('activa -> borrador only while nothing is sold (a cancelled number counts; a released one does not)', async () => {
    const raffle = await makeRaffle(t);
    const [ticket] = await reserve(raffle.id, [4]);
    const refused = await patchRaffle<ApiError>(raffle.id, { status: 'borrador' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: 'INVALID_TRANSITION',
      message: lifecycleMessages.backToDraftWithSales,
    });
    await patchTicket(ticket?.id ?? '', { status: 'disponible' });
    await patchNumber(raffle.id, 9, { status: 'cancelado' });
    expect((await patchRaffle(raffle.id, { status: 'borrador' })).status).toBe(409);
    await patchNumber(raffle.id, 9, { status: 'disponible' });
    const back = await patchRaffle(raffle.id, { status: 'borrador' });
    expect(back.status).toBe(200);
    expect(back.body.status).toBe('borrador');
  });

  it('a new raffle starts as borrador or activa, never closed or finished', async () => {
    for (const status of ['cerrada', 'finalizada']) {
      const res = await t.api<ApiError>('POST', '/api/raffles', {
        token: admin,
        body: raffleInput({ status }),
      });
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({
        code: 'INVALID_TRANSITION',
        message: lifecycleMessages.createClosed,
      });
    }
  });
});

describe('close and draw', () => {
  it('only an activa raffle closes; closing twice is 409 RAFFLE_CLOSED', async () => {
    const draft = await makeRaffle(t, { status: 'borrador' });
    const fromDraft = await close<ApiError>(draft.id);
    expect(fromDraft.status).toBe(409);
    expect(fromDraft.body.error).toMatchObject({
      code: 'INVALID_TRANSITION',
      message: lifecycleMessages.closeDraft,
    });
    const raffle = await makeRaffle(t);
    expect((await close(raffle.id)).body.status).toBe('cerrada');
    const twice = await close<ApiError>(raffle.id);
    expect(twice.status).toBe(409);
    expect(twice.body.error).toMatchObject({ code: 'RAFFLE_CLOSED', message: drawMessages.alreadyClosed });
    await draw(raffle.id, 1);
    expect((await close<ApiError>(raffle.id)).body.error.code).toBe('RAFFLE_CLOSED');
  });

  it('only a cerrada raffle is drawn, once', async () => {
    for (const status of ['borrador', 'activa'] as const) {
      const raffle = await makeRaffle(t, { status });
      const res = await draw<ApiError>(raffle.id, 1);
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({ code: 'RAFFLE_NOT_CLOSED', message: drawMessages.notClosed });
    }
    const raffle = await makeRaffleIn(t, 'cerrada');
    expect((await draw(raffle.id, 5)).status).toBe(200);
    const twice = await draw<ApiError>(raffle.id, 6);
    expect(twice.status).toBe(409);
    expect(twice.body.error).toMatchObject({
      code: 'ALREADY_DRAWN',
      message: lifecycleMessages.alreadyDrawn,
    });
    expect((await t.api<DrawResult>('GET', `/api/raffles/${raffle.id}/draw`)).body.winning_number).toBe(5);
  });

  it('a closed or finished raffle cannot be deleted: its published list stays', async () => {
    for (const status of ['cerrada', 'finalizada'] as const) {
      const raffle = await makeRaffleIn(t, status, { before: (id) => reserve(id, [4]).then(() => {}) });
      const published = (await t.api<DrawResult>('GET', `/api/raffles/${raffle.id}/draw`)).body;
      const list = await storedSoldList(t, raffle.id);
      const res = await t.api<ApiError>('DELETE', `/api/raffles/${raffle.id}`, { token: admin });
      expect(res.status, status).toBe(409);
      expect(res.body.error).toMatchObject({
        code: 'RAFFLE_CLOSED',
        message: lifecycleMessages.deleteClosed,
      });
      const after = await t.api<DrawResult>('GET', `/api/raffles/${raffle.id}/draw`);
      expect(after.status).toBe(200);
      expect(after.body.draw_commitment).toBe(published.draw_commitment);
      expect(await storedSoldList(t, raffle.id)).toBe(list);
    }
    // Before the close a raffle with no sales may still be deleted (with sales: archive.test.ts).
    for (const status of ['borrador', 'activa'] as const) {
      const raffle = await makeRaffle(t, { status });
      expect((await t.api('DELETE', `/api/raffles/${raffle.id}`, { token: admin })).status).toBe(204);
      expect((await t.api('GET', `/api/raffles/${raffle.id}`, { token: admin })).status).toBe(404);
    }
  });
});

describe('a closed raffle’s sold list is frozen; payments go on', () => {
  it('refuses sales, releases, cancellations and buyer changes; takes payments; the commitment holds', async () => {
    let sold: Ticket[] = [];
    let cancelledId = '';
    const raffle = await makeRaffleIn(t, 'cerrada', {
      overrides: { price_cents: 1000 },
      before: async (id) => {
        sold = await reserve(id, [1, 2, 4]);
        cancelledId = (await patchNumber(id, 3, { status: 'cancelado' })).body.id as string;
      },
    });
    const [one, two, four] = sold as [Ticket, Ticket, Ticket];
    const published = (await t.api<DrawResult>('GET', `/api/raffles/${raffle.id}/draw`)).body;
    // The cancelled number 3 is not in the list; each line is recomputed from code and cedula.
    const lines = [one, two, four].map((s) =>
      saleLine(nodeSha256, {
        ticketNumber: String(s.number).padStart(2, '0'),
        verificationCode: s.verification_code ?? '',
        cedula: 'V-12345678',
      }),
    );
    const list = await storedSoldList(t, raffle.id);
    expect(list).toBe(soldListText(lines));
    expect((await t.api<string>('GET', `/api/raffles/${raffle.id}/sold-list.txt`)).body).toBe(list);
    expect(published.draw_commitment).toBe(toHex(merkleRoot(nodeSha256, merkleLevels(nodeSha256, lines))));

    const frozen = [
      await t.api<ApiError>('POST', `/api/raffles/${raffle.id}/reservations`, {
        body: { numbers: [7], buyer: buyer() },
      }),
      await patchTicket<ApiError>(one.id, { status: 'disponible' }),
      await patchTicket<ApiError>(one.id, { status: 'cancelado' }),
      await patchTicket<ApiError>(one.id, { buyer_name: 'Otra Persona' }),
      await patchTicket<ApiError>(one.id, { buyer_cedula: 'V-7777777' }),
      await patchTicket<ApiError>(one.id, { buyer_phone: '0424-7654321' }),
      await patchTicket<ApiError>(cancelledId, { status: 'apartado' }),
      await patchNumber<ApiError>(raffle.id, 3, { status: 'pagado' }),
      await patchNumber<ApiError>(raffle.id, 8, { status: 'pagado', buyer_name: 'Venta a mano' }),
      await patchNumber<ApiError>(raffle.id, 9, { status: 'cancelado' }),
      await patchNumber<ApiError>(raffle.id, 2, { status: 'disponible' }),
    ];
    for (const res of frozen) {
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('RAFFLE_CLOSED');
    }
    expect(frozen[0]?.body.error.message).toBe(raffleMessages.closed);
    expect(frozen[1]?.body.error.message).toBe(lifecycleMessages.soldListFrozen);

    // A field sent with its current value changes nothing (edit forms send them all).
    const same = await patchTicket(one.id, { buyer_name: 'María Pérez', buyer_cedula: 'V-12345678' });
    expect(same.status).toBe(200);

    // The buyer reports a payment and it is approved: apartado -> abonado -> pagado.
    const part = await pay(one.id, 400);
    expect(part.status).toBe(201);
    expect((await review(part.body.payment.id, 'approved')).body.ticket).toMatchObject({
      status: 'abonado',
      remaining_cents: 600,
    });
    const rest = await pay(one.id, 600);
    expect((await review(rest.body.payment.id, 'approved')).body.ticket?.status).toBe('pagado');
    // Staff mark a number paid, and correct a payment status back.
    const paid = await patchTicket(two.id, { status: 'pagado' });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: 'pagado', total_paid_cents: 1000, remaining_cents: 0 });
    expect((await patchNumber(raffle.id, 4, { status: 'abonado', amount_cents: 100 })).status).toBe(200);
    expect(
      (
        await patchTicket(four.id, {
          status: 'apartado',
          note: 'Pago revertido',
          refund: { amount_cents: 100, reason: 'Pago revertido' },
        })
      ).status,
    ).toBe(200);

    const after = (await t.api<DrawResult>('GET', `/api/raffles/${raffle.id}/draw`)).body;
    expect(await storedSoldList(t, raffle.id)).toBe(list);
    expect(after.draw_commitment).toBe(published.draw_commitment);
  });

  it('keeps the terms sales were made under; cosmetic fields stay editable', async () => {
    const raffle = await makeRaffleIn(t, 'cerrada', {
      overrides: { payment_type: 'cuotas', installments: 4, organizer_name: 'Rifas El Gocho' },
    });
    for (const body of [
      { price_cents: 900 },
      { total_numbers: 50 },
      { digit_count: 3 },
      { draw_source: 'Lotería del Zulia, 7:00 p. m.' },
      { payment_type: 'pago_unico' },
      { installments: 3 },
    ]) {
      const res = await patchRaffle<ApiError>(raffle.id, body);
      expect(res.status, JSON.stringify(body)).toBe(409);
      expect(res.body.error).toMatchObject({ code: 'RAFFLE_CLOSED', message: lifecycleMessages.termsFrozen });
    }
    // The prize text froze with the list (issue 19): a dated clarification is the way to add to it.
    expect((await patchRaffle(raffle.id, { name: 'Moto Bera 2026 (cerrada)' })).status).toBe(409);
    expect((await patchRaffle(raffle.id, { description: 'Entrega en San Cristóbal.' })).status).toBe(409);
    // What the edit form sends: every field, the locked ones unchanged.
    const edited = await patchRaffle(raffle.id, {
      name: raffle.name,
      description: raffle.description,
      organizer_name: 'Rifas El Trébol',
      images: [],
      price_cents: raffle.price_cents,
      total_numbers: raffle.total_numbers,
      digit_count: raffle.digit_count,
      payment_type: 'cuotas',
      installments: 4,
      draw_source: raffle.draw_source,
      status: 'cerrada',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      name: raffle.name,
      organizer_name: 'Rifas El Trébol',
      price_cents: raffle.price_cents,
      status: 'cerrada',
    });
    // A single payment stored as 1 installment is the same terms as the form's null.
    const single = await makeRaffleIn(t, 'cerrada', { overrides: { installments: 1 } });
    expect((await patchRaffle(single.id, { payment_type: 'pago_unico', installments: null })).status).toBe(
      200,
    );
  });

  it('after the draw the winning sale cannot change, but the winner can finish paying', async () => {
    let winner: Ticket | undefined;
    const raffle = await makeRaffleIn(t, 'finalizada', {
      overrides: { price_cents: 1000 },
      winningNumber: 6,
      before: async (id) => {
        [winner] = await reserve(id, [6], 'V-5555555');
      },
    });
    const id = winner?.id ?? '';
    for (const body of [{ status: 'disponible' }, { status: 'cancelado' }, { buyer_cedula: 'V-1234567' }]) {
      const res = await patchTicket<ApiError>(id, body);
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('RAFFLE_CLOSED');
    }
    const moved = await patchRaffle(raffle.id, { winning_number: 7 });
    expect(moved.status).toBe(400);
    expect((await t.api<PublicRaffle>('GET', `/api/raffles/${raffle.id}`)).body.winning_number).toBe(6);

    const payment = await pay(id, 1000, 'V-5555555');
    expect(payment.status).toBe(201);
    expect((await review(payment.body.payment.id, 'approved')).body.ticket?.status).toBe('pagado');
    const staffWinner = await t.api<WinnerResult>('GET', `/api/raffles/${raffle.id}/winner`, {
      token: admin,
    });
    expect(staffWinner.body.winner).toMatchObject({ number: 6, status: 'pagado', remaining_cents: 0 });
  });

  it('the expiry job never releases a closed raffle’s reservations', async () => {
    const open = await makeRaffle(t);
    await reserve(open.id, [1]);
    const closed = await makeRaffleIn(t, 'cerrada', { before: (id) => reserve(id, [1]).then(() => {}) });
    await t.db.execute(
      sql`update tickets set reserved_until = now() - interval '1 minute'
          where raffle_id in (${open.id}, ${closed.id}) and ended_at is null`,
    );
    await t.app.services.tickets.releaseExpired();
    const board = async (id: string) =>
      ((await t.api<Board>('GET', `/api/raffles/${id}/board`)).body.statuses as string)[1];
    expect(await board(open.id)).toBe('d');
    expect(await board(closed.id)).toBe('a');
  });
});

describe('a sale keeps the price it was made at', () => {
  it('an old sale owes the old price after a price change; a new sale owes the new one', async () => {
    const seller = await makeUser(t);
    const raffle = await makeRaffle(t, { price_cents: 500 }, seller.token);
    const [a, b, c] = (await reserve(raffle.id, [0, 1, 2], 'V-4444444')) as [Ticket, Ticket, Ticket];
    expect((await patchRaffle(raffle.id, { price_cents: 800 }, seller.token)).body.price_cents).toBe(800);

    // A pending payment of the old price holds the reservation (it covers what this sale owes).
    const full = await pay(a.id, 500, 'V-4444444');
    const pending = (await t.api<StaffPayment[]>('GET', '/api/payments?status=pending', { token: admin }))
      .body as {
      id: string;
      review_until: string | null;
    }[];
    expect(pending.find((p) => p.id === full.body.payment.id)?.review_until).not.toBeNull();
    const approved = await review(full.body.payment.id, 'approved');
    expect(approved.body.ticket).toMatchObject({
      status: 'pagado',
      total_paid_cents: 500,
      remaining_cents: 0,
    });

    expect((await pay<ApiError>(b.id, 600, 'V-4444444')).body.error.code).toBe('AMOUNT_TOO_HIGH');
    const first = await pay(b.id, 300, 'V-4444444');
    const second = await pay(b.id, 300, 'V-4444444');
    expect((await review(first.body.payment.id, 'approved')).body.ticket).toMatchObject({
      status: 'abonado',
      remaining_cents: 200,
    });
    const over = await review<ApiError>(second.body.payment.id, 'approved');
    expect(over.status).toBe(409);
    expect(over.body.error.code).toBe('PAYMENT_EXCEEDS_REMAINING');

    const marked = await t.api<StaffTicket>('PATCH', `/api/tickets/${c.id}`, {
      token: seller.token,
      body: { status: 'pagado' },
    });
    expect(marked.body).toMatchObject({ status: 'pagado', total_paid_cents: 500, price_cents: 500 });

    const [fresh] = await reserve(raffle.id, [3], 'V-4444444');
    expect(fresh).toMatchObject({ remaining_cents: 800, price_cents: 800 });
    const byHand = await t.api<StaffTicket>('PATCH', `/api/raffles/${raffle.id}/numbers/5`, {
      token: seller.token,
      body: { status: 'pagado', buyer_name: 'Venta en tienda' },
    });
    expect(byHand.body).toMatchObject({ total_paid_cents: 800, remaining_cents: 0, price_cents: 800 });
    const listed = await t.api<TicketPage>('GET', `/api/raffles/${raffle.id}/tickets?status=pagado`, {
      token: seller.token,
    });
    expect(listed.body.items.map((x: { price_cents: number | null }) => x.price_cents)).toEqual([
      500, 500, 800,
    ]);

    const tracked = await t.api<TrackingResult>('POST', '/api/tracking', {
      body: { cedula: 'V-4444444', phone_last4: '4567' },
    });
    const prices = Object.fromEntries(
      tracked.body.tickets
        .filter((x: { raffle_id: string }) => x.raffle_id === raffle.id)
        .map((x: { number: number; price_cents: number }) => [x.number, x.price_cents]),
    );
    expect(prices).toEqual({ 0: 500, 1: 500, 2: 500, 3: 800 });
  });
});
