import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../domain/api';
import type { DrawResult, WinnerResult } from '../../../domain/draw';
import { lifecycleMessages } from '../../../domain/raffle-lifecycle';
import type { PublicRaffle } from '../../../domain/raffles';
import { raffleMessages } from '../../../domain/raffles';
import type { Board } from '../../../domain/reservations';
import { merkleLevels, merkleRoot, saleLine, soldListText, toHex } from '../../../domain/verification';
import { buyer, makeRaffle, makeRaffleIn, storedSoldList } from '../../test/factories';
import { type LifecycleTicket, lifecycleCalls } from '../../test/lifecycle-calls';
import { createTestApp, type TestApp } from '../../test/test-app';
import { nodeSha256 } from '../receipts/receipt-signer';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
});
afterAll(() => t?.close());

const { reserve, patchRaffle, patchTicket, patchNumber, pay, review } = lifecycleCalls(() => ({ t, admin }));

describe('a closed raffle’s sold list is frozen; payments go on', () => {
  it('refuses sales, releases, cancellations and buyer changes; takes payments; the commitment holds', async () => {
    let sold: LifecycleTicket[] = [];
    let cancelledId = '';
    const raffle = await makeRaffleIn(t, 'cerrada', {
      overrides: { price_cents: 1000 },
      before: async (id) => {
        sold = await reserve(id, [1, 2, 4]);
        cancelledId = (await patchNumber(id, 3, { status: 'cancelado' })).body.id as string;
      },
    });
    const [one, two, four] = sold as [LifecycleTicket, LifecycleTicket, LifecycleTicket];
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
    let winner: LifecycleTicket | undefined;
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
