import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../domain/api';
import { type PublicCreatePaymentResult, paymentMessages, type StaffPayment } from '../../../domain/payments';
import type { ReservationResult } from '../../../domain/reservations';
import { buyer, makeRaffle, makeUser } from '../../test/factories';
import { paymentCalls } from '../../test/payment-calls';
import { createTestApp, type TestApp } from '../../test/test-app';
import { uploaded } from '../../test/uploads';

// Issue 18, fix 2: a bank reference is credited once, across buyers and raffles, whatever way it is typed.
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
});
afterAll(() => t?.close());

const { sale, pay } = paymentCalls(() => t);

/** A proof file of its own (the PNG signature and `tail`): its address, to report with. */
const proofFile = async (tail: number[]) =>
  (
    await uploaded(
      t,
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(tail)]),
      {
        type: 'image/png',
        filename: 'comprobante.png',
      },
    )
  ).fileUrl;

describe('a bank reference is credited once', () => {
  it('refuses the same transfer reported twice by one buyer, in two raffles, or by another buyer with a variant', async () => {
    const r1 = (await makeRaffle(t, { price_cents: 1000 })).id;
    const r2 = (await makeRaffle(t, { price_cents: 1000 })).id;
    const own = await sale(r1, 'V-7654321');
    const first = await pay(own.id, 'V-7654321', 'REF-777123');
    expect(first.status).toBe(201);
    const variants = ['REF-777123', 'ref 777123', '777.123', '７７７１２３', '777\u200b123'];
    for (const [i, reference] of variants.entries()) {
      const who = i % 2 === 0 ? 'V-7654321' : 'E-81234567';
      // The first one again on its own sale; the others on new sales (new orders), some under the
      // same cédula, which anyone can type on a reservation.
      const again =
        i === 0
          ? // Another amount: not the same report sent again (that one is answered with its payment).
            await t.api<ApiError>('POST', '/api/payments', {
              body: {
                ticket_id: own.id,
                amount_cents: 200,
                cedula: who,
                reference,
                payment_method: 'transfer',
              },
            })
          : await pay<ApiError>((await sale(i < 2 ? r1 : r2, who)).id, who, reference);
      expect(again.status, reference).toBe(409);
      expect(again.body.error.code).toBe('DUPLICATE_REFERENCE');
      if (i === 0) {
        // Reported again for its own order: the buyer is told which payment holds it, to find it.
        expect(again.body.error.message).toMatch(/número \d+ de «/);
        expect(again.body.error).toHaveProperty('payment_id');
      } else {
        // Anyone else, whatever cédula they typed, learns only that it is taken: not the payment,
        // its number or its raffle.
        expect(again.body.error.message).toBe(paymentMessages.duplicateReferenceRace);
        expect(again.body.error).not.toHaveProperty('payment_id');
      }
    }
  });

  it('names the earlier payment to an admin and to staff of its raffle, not to another raffle’s vendedor', async () => {
    const theirs = (await makeRaffle(t, { price_cents: 1000 })).id;
    const held = await pay((await sale(theirs, 'V-8765432')).id, 'V-8765432', '31313131', 'pago_movil');
    expect(held.status).toBe(201);
    const seller = await makeUser(t);
    const mine = (await makeRaffle(t, { price_cents: 1000 }, seller.token)).id;
    const record = (token: string, ticketId: string) =>
      t.api<ApiError>('POST', `/api/tickets/${ticketId}/payments`, {
        token,
        body: { amount_cents: 100, payment_method: 'pago_movil', reference: '3131-3131' },
      });
    const bySeller = await record(seller.token, (await sale(mine, 'V-9876543')).id);
    expect(bySeller.status).toBe(409);
    expect(bySeller.body.error.message).toBe(paymentMessages.duplicateReferenceRace);
    expect(bySeller.body.error).not.toHaveProperty('raffle_name');
    const byAdmin = await t.api<ApiError>('POST', '/api/payments', {
      token: admin,
      body: {
        ticket_id: (await sale(mine, 'V-9876544')).id,
        amount_cents: 100,
        payment_method: 'pago_movil',
        reference: '31313131',
      },
    });
    expect(byAdmin.status).toBe(409);
    expect(byAdmin.body.error.message).toMatch(/número \d+ de «/);
    // Staff of the raffle that holds it are told too.
    const sameRaffle = await record(admin, (await sale(theirs, 'V-9876545')).id);
    expect(sameRaffle.body.error).toMatchObject({
      code: 'DUPLICATE_REFERENCE',
      payment_id: held.body.payment.id,
    });
  });

  it('tells a vendedor of an earlier payment with the same reference only in their own raffle (the fraud hint)', async () => {
    const theirs = (await makeRaffle(t, { price_cents: 1000 })).id;
    const held = await pay((await sale(theirs, 'V-8765440')).id, 'V-8765440', '41414141', 'pago_movil');
    expect(held.status).toBe(201);
    const seller = await makeUser(t);
    const mine = (await makeRaffle(t, { price_cents: 1000 }, seller.token)).id;
    // Another method: not the same payment (no 409), but the same digits are worth a look.
    const staffPay = (token: string, ticketId: string, method: string) =>
      t.api<{ payment: StaffPayment }>('POST', '/api/payments', {
        token,
        body: { ticket_id: ticketId, amount_cents: 100, payment_method: method, reference: '41414141' },
      });
    const bySeller = await staffPay(seller.token, (await sale(mine, 'V-9876550')).id, 'transfer');
    expect(bySeller.status, JSON.stringify(bySeller.body)).toBe(201);
    expect(bySeller.body.payment.duplicate_of).toBeNull();
    // The reviewer still sees it, and the admin is told at once.
    const list = (await t.api<StaffPayment[]>('GET', '/api/payments?status=pending', { token: admin })).body;
    expect(list.find((p) => p.id === bySeller.body.payment.id)?.duplicate_of).toBe(held.body.payment.id);
    const byAdmin = await staffPay(admin, (await sale(mine, 'V-9876551')).id, 'zelle');
    expect(byAdmin.body.payment.duplicate_of).toBe(held.body.payment.id);
  });

  it('is per method: the same digits as a Zelle confirmation are another payment', async () => {
    const r = (await makeRaffle(t, { price_cents: 1000 })).id;
    expect((await pay((await sale(r, 'V-1111111')).id, 'V-1111111', '55443322')).status).toBe(201);
    expect((await pay((await sale(r, 'V-1111111')).id, 'V-1111111', '55443322', 'zelle')).status).toBe(201);
  });

  it('a rejected payment frees its reference', async () => {
    const r = (await makeRaffle(t, { price_cents: 1000 })).id;
    const first = await pay((await sale(r, 'V-2222222')).id, 'V-2222222', '99887766');
    const rejected = await t.api('PATCH', `/api/payments/${first.body.payment.id}`, {
      token: admin,
      body: { status: 'rejected', reason: 'No aparece en el banco' },
    });
    expect(rejected.status).toBe(200);
    expect((await pay((await sale(r, 'V-2222222')).id, 'V-2222222', '99887766')).status).toBe(201);
  });

  it('is a database rule: two reports of one reference at the same moment credit one', async () => {
    const r = (await makeRaffle(t, { price_cents: 1000 })).id;
    const a = await sale(r, 'V-3333333');
    const b = await sale(r, 'V-4444444');
    const results = await Promise.all([
      pay<ApiError>(a.id, 'V-3333333', '12121212'),
      pay<ApiError>(b.id, 'V-4444444', '1212-1212'),
    ]);
    expect(results.map((x) => x.status).sort()).toEqual([201, 409]);
    await expect(
      t.db.execute(
        sql`insert into payments (ticket_id, amount_cents, payment_method, reference, reference_key)
            values (${a.id}, 1, 'transfer', 'x', '12121212')`,
      ),
    ).rejects.toThrow();
  });

  it('refuses the same pago móvil written as the bank prints it: label words and stray punctuation (decision 066)', async () => {
    const r = (await makeRaffle(t, { price_cents: 1000 })).id;
    const movil = (ticketId: string, reference: string) =>
      t.api<ApiError>('POST', '/api/payments', {
        body: {
          ticket_id: ticketId,
          amount_cents: 100,
          cedula: 'V-7000001',
          reference,
          payment_method: 'pago_movil',
          payer_phone: '0414-1234567',
        },
      });
    expect((await movil((await sale(r, 'V-7000001')).id, '12345678')).status).toBe(201);
    const variants = [
      'Nro. Referencia 12345678',
      'Número de referencia: 12345678',
      'Ref. Nro. 12345678',
      '(12345678)',
      '12345678;',
    ];
    for (const reference of variants) {
      const again = await movil((await sale(r, 'V-7000001')).id, reference);
      expect([again.status, again.body.error?.code], reference).toEqual([409, 'DUPLICATE_REFERENCE']);
    }
  });

  it('flags the same proof file sent again by its own buyer for another order, not one sent again after a rejection', async () => {
    const cedula = 'V-7100001';
    // The same screenshot uploaded again for each order (one upload is one raffle's, decision 079).
    const payOrder = async () => {
      const proof = await proofFile([7, 7]);
      const raffle = (await makeRaffle(t, { price_cents: 1000 })).id;
      const order = await t.api<ReservationResult>('POST', `/api/raffles/${raffle}/reservations`, {
        body: { numbers: [1], buyer: buyer({ cedula }) },
      });
      return t.api<PublicCreatePaymentResult>('POST', '/api/payments', {
        body: {
          order_code: order.body.order.code,
          cedula,
          amount_cents: 1000,
          payment_method: 'zelle',
          payment_proof: proof,
        },
      });
    };
    const first = await payOrder();
    const second = await payOrder();
    expect([first.status, second.status]).toEqual([201, 201]);
    const hintOf = async (id: string) =>
      (await t.api<StaffPayment[]>('GET', '/api/payments?status=pending', { token: admin })).body.find(
        (p) => p.id === id,
      )?.duplicate_of;
    // One $10 Zelle screenshot for two $10 orders: the reviewer is told.
    expect(await hintOf(second.body.payment.id)).toBe(first.body.payment.id);
    // Both rejected, the buyer sends the receipt again: how a buyer answers a rejection, no hint.
    for (const id of [first.body.payment.id, second.body.payment.id]) {
      const rejected = await t.api('PATCH', `/api/payments/${id}`, {
        token: admin,
        body: { status: 'rejected', reason: 'No aparece en el banco' },
      });
      expect(rejected.status).toBe(200);
    }
    const third = await payOrder();
    expect(await hintOf(third.body.payment.id)).toBeNull();
  });

  it('still flags the same proof file sent by another buyer for the reviewer', async () => {
    const r = (await makeRaffle(t, { price_cents: 1000 })).id;
    const proof = await proofFile([42, 43]);
    const payWithProof = async (cedula: string) =>
      t.api<PublicCreatePaymentResult>('POST', '/api/payments', {
        body: { ticket_id: (await sale(r, cedula)).id, amount_cents: 100, cedula, payment_proof: proof },
      });
    const first = await payWithProof('V-5555555');
    const second = await payWithProof('V-6666666');
    expect(second.status).toBe(201);
    expect(second.body.payment).not.toHaveProperty('duplicate_of');
    const list = (await t.api<StaffPayment[]>('GET', '/api/payments?status=pending', { token: admin })).body;
    expect(list.find((p) => p.id === second.body.payment.id)?.duplicate_of).toBe(first.body.payment.id);
  });
});
