import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../domain/api';
import type { DrawResult } from '../../../domain/draw';
import { drawMessages } from '../../../domain/draw';
import type { StaffPayment } from '../../../domain/payments';
import { lifecycleMessages } from '../../../domain/raffle-lifecycle';
import type { Raffle, RaffleStatus } from '../../../domain/raffles';
import type { StaffTicket, TicketPage } from '../../../domain/staff-tickets';
import type { TrackingResult } from '../../../domain/tracking';
import {
  makeRaffle,
  makeRaffleIn,
  makeUser,
  raffleInput,
  storedSoldList,
  withoutDeclaredSource,
} from '../../test/factories';
import { type LifecycleTicket, lifecycleCalls } from '../../test/lifecycle-calls';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
});
afterAll(() => t?.close());

const { reserve, patchRaffle, patchTicket, patchNumber, pay, review, close, draw, raffleIn } = lifecycleCalls(
  () => ({ t, admin }),
);

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

  it('a draft takes no sale by hand either: nobody could buy it yet, and it would hide its sales', async () => {
    const draft = await makeRaffle(t, { status: 'borrador' });
    for (const status of ['apartado', 'pagado', 'cancelado']) {
      const refused = await patchNumber<ApiError>(draft.id, 3, {
        status,
        buyer_name: 'Ana Pérez',
        buyer_cedula: 'V-1234567',
        buyer_phone: '04141234567',
      });
      expect(refused.status).toBe(409);
      expect(refused.body.error).toMatchObject({
        code: 'RAFFLE_NOT_OPEN',
        message: lifecycleMessages.saleOnDraft,
      });
    }
    expect((await patchRaffle(draft.id, { status: 'activa' })).status).toBe(200);
    expect((await patchNumber(draft.id, 3, { status: 'cancelado' })).status).toBe(200);
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
    await withoutDeclaredSource(t, raffle.id); // the winning number typed, as before sources
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

describe('a sale keeps the price it was made at', () => {
  it('an old sale owes the old price after a price change; a new sale owes the new one', async () => {
    const seller = await makeUser(t);
    const raffle = await makeRaffle(t, { price_cents: 500 }, seller.token);
    const [a, b, c] = (await reserve(raffle.id, [0, 1, 2], 'V-4444444')) as [
      LifecycleTicket,
      LifecycleTicket,
      LifecycleTicket,
    ];
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
