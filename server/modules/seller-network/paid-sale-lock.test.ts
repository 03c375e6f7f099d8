import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../domain/api';
import type { StaffTicket } from '../../../domain/staff-tickets';
import type { TrackedTicket } from '../../../domain/tracking';
import { buyer, makeRaffle, reserveNumbers } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { assignSellers, makeSeller, type Seller } from './seller-test-helpers';

/*
 * Decision 053: an assigned seller cannot undo a paid sale or give it to another buyer, so marking a
 * number paid to see whether it won an instant prize is no longer free.
 */

let t: TestApp;
let admin: string;
let owner: Seller;
let carla: Seller;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
  owner = await makeSeller(t, admin, 'Olga Dueña');
  carla = await makeSeller(t, admin, 'Carla Rojas');
});
afterAll(() => t?.close());

describe('a paid sale stays paid for an assigned seller', () => {
  let raffleId: string;
  const track = async (cedula: string) =>
    (
      await t.api<{ tickets: TrackedTicket[] }>('POST', '/api/tracking', {
        body: { cedula, phone_last4: '4567' },
      })
    ).body.tickets;
  const sellByHand = async (number: number, status: string, cedula: string) => {
    const res = await t.api<StaffTicket>('PATCH', `/api/raffles/${raffleId}/numbers/${number}`, {
      token: carla.token,
      body: { status, buyer_name: 'Pedro Pérez', buyer_cedula: cedula, buyer_phone: '0414-1234567' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  beforeAll(async () => {
    raffleId = (await makeRaffle(t, { instant_wins: [{ number: 40, prize: 'Una moto' }] }, owner.token)).id;
    await assignSellers(t, admin, raffleId, [carla.user.id]);
  });

  it('cannot be released, lowered, refunded or given to another buyer once it revealed an instant win', async () => {
    // The probe: mark a number paid by hand and read tracking, which tells the buyer at once.
    const sale = await sellByHand(40, 'pagado', 'V-36666666');
    expect(sale.status).toBe('pagado');
    expect((await track('V-36666666')).find((x) => x.number === 40)?.instant_win_prize).toBe('Una moto');

    for (const body of [
      { status: 'disponible' },
      { status: 'cancelado' },
      { status: 'apartado' },
      { buyer_cedula: 'V-35555555' },
      { buyer_name: 'Otra Persona' },
    ]) {
      const res = await t.api<ApiError>('PATCH', `/api/tickets/${sale.id}`, { token: carla.token, body });
      expect(res.status, JSON.stringify(body)).toBe(403);
      expect(res.body.error.code).toBe('PAID_SALE_LOCKED');
      expect(res.body.error.message).toBe(
        'Esta venta ya está pagada: solo el dueño de la rifa o un administrador puede deshacerla o cambiar su comprador',
      );
    }
    const refund = await t.api<ApiError>('POST', `/api/tickets/${sale.id}/refunds`, {
      token: carla.token,
      body: { amount_cents: 100, reason: 'Me equivoqué' },
    });
    expect(refund.status).toBe(403);
    expect(refund.body.error.code).toBe('PAID_SALE_LOCKED');

    // Nothing changed: the sale, its buyer and its prize are where they were.
    const after = await t.api<StaffTicket>('GET', `/api/tickets/${sale.id}`, { token: carla.token });
    expect(after.body).toMatchObject({
      status: 'pagado',
      buyer_cedula: 'V-36666666',
      buyer_name: 'pedro pérez',
    });
    expect((await track('V-36666666')).find((x) => x.number === 40)?.instant_win_prize).toBe('Una moto');
  });

  it('keeps the details that hand nothing over editable, and the same values sent back are no change', async () => {
    const sale = await sellByHand(41, 'pagado', 'V-34444444');
    const edit = await t.api<StaffTicket>('PATCH', `/api/tickets/${sale.id}`, {
      token: carla.token,
      body: {
        buyer_name: 'Pedro Pérez',
        buyer_cedula: 'V-34444444',
        buyer_phone: '0424-7654321',
        buyer_address: 'Calle 2',
        status: 'pagado',
      },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(edit.body.buyer_phone).toBe('0424-7654321');
  });

  it('leaves sales not yet paid to her, and paid ones to the owner and admins', async () => {
    const held = await sellByHand(42, 'apartado', 'V-33333333');
    const released = await t.api('PATCH', `/api/tickets/${held.id}`, {
      token: carla.token,
      body: { status: 'disponible' },
    });
    expect(released.status).toBe(200);

    const part = await sellByHand(43, 'apartado', 'V-32222222');
    const paid = await t.api('POST', `/api/tickets/${part.id}/payments`, {
      token: carla.token,
      body: { amount_cents: 100, payment_method: 'efectivo' },
    });
    expect(paid.status).toBe(201);
    const refunded = await t.api('POST', `/api/tickets/${part.id}/refunds`, {
      token: carla.token,
      body: { amount_cents: 100, reason: 'Devuelto al comprador' },
    });
    expect(refunded.status).toBe(201);

    const full = await sellByHand(44, 'pagado', 'V-31111111');
    const byOwner = await t.api<StaffTicket>('PATCH', `/api/tickets/${full.id}`, {
      token: owner.token,
      body: { buyer_cedula: 'V-31111112' },
    });
    expect(byOwner.status).toBe(200);
    const byAdmin = await t.api<StaffTicket>('PATCH', `/api/tickets/${full.id}`, {
      token: admin,
      body: { status: 'disponible', no_refund_reason: 'El comprador cambió de número' },
    });
    expect(byAdmin.status, JSON.stringify(byAdmin.body)).toBe(200);
  });
});

/*
 * A sale not credited to an assigned seller (a buyer of the web, or of another seller) is not hers to
 * decide: she may not record its money (decision 036), nor give it and what was paid on it to another
 * holder, nor set its hold so the sweep frees it (a security review, 2026-11-30).
 */
describe('another seller’s sale, for an assigned seller', () => {
  let raffleId: string;
  const webSale = async (number: number, cedula: string) => {
    const [sale] = await reserveNumbers(t, raffleId, [number], buyer({ cedula }));
    const found = await t.api<StaffTicket>('GET', `/api/tickets/${sale?.id}`, { token: admin });
    return found.body;
  };
  beforeAll(async () => {
    raffleId = (await makeRaffle(t, {}, owner.token)).id;
    await assignSellers(t, admin, raffleId, [carla.user.id]);
  });

  it('cannot be handed to another holder, even part-paid, and its buyer still finds it', async () => {
    const sale = await webSale(8, 'V-15550001');
    const cash = await t.api('POST', `/api/tickets/${sale.id}/payments`, {
      token: admin,
      body: { amount_cents: 400, payment_method: 'efectivo' },
    });
    expect(cash.status).toBe(201);
    for (const body of [
      { buyer_name: 'Amigo De Carla', buyer_cedula: 'V-30303031', buyer_phone: '0414-3030304' },
      { buyer_cedula: 'V-30303031' },
      { buyer_name: 'Amigo De Carla' },
      { buyer_phone: '0414-3030304' },
    ]) {
      const res = await t.api<ApiError>('PATCH', `/api/tickets/${sale.id}`, { token: carla.token, body });
      expect(res.status, JSON.stringify(body)).toBe(403);
      expect(res.body.error.code).toBe('NOT_YOUR_SALE');
      expect(res.body.error.message).toBe(
        'Esta venta no está acreditada a ti: solo su vendedor, el dueño de la rifa o un administrador cambia su comprador o su plazo',
      );
    }
    const after = await t.api<StaffTicket>('GET', `/api/tickets/${sale.id}`, { token: admin });
    expect(after.body).toMatchObject({ buyer_cedula: 'V-15550001', total_paid_cents: 400 });
    // Details that hand nothing over stay hers to fix, and the edit form's unchanged fields are no change.
    const address = await t.api<StaffTicket>('PATCH', `/api/tickets/${sale.id}`, {
      token: carla.token,
      body: {
        buyer_name: sale.buyer_name,
        buyer_cedula: sale.buyer_cedula,
        buyer_phone: sale.buyer_phone,
        buyer_address: 'Calle 5, Mérida',
        reserved_until: sale.reserved_until,
      },
    });
    expect(address.status, JSON.stringify(address.body)).toBe(200);
  });

  it('cannot have its hold moved, to the past or the future; nobody sets a hold that already passed', async () => {
    const sale = await webSale(9, 'V-15550002');
    const past = new Date(Date.now() - 60_000).toISOString();
    const later = new Date(Date.now() + 3_600_000).toISOString();
    for (const reserved_until of [past, later, null]) {
      const res = await t.api<ApiError>('PATCH', `/api/tickets/${sale.id}`, {
        token: carla.token,
        body: { reserved_until },
      });
      expect(res.status, String(reserved_until)).toBe(403);
      expect(res.body.error.code).toBe('NOT_YOUR_SALE');
    }
    // The owner may extend it, but no one backdates it: a release is a release.
    const backdated = await t.api<ApiError>('PATCH', `/api/tickets/${sale.id}`, {
      token: owner.token,
      body: { reserved_until: past },
    });
    expect(backdated.status).toBe(422);
    expect(backdated.body.error.code).toBe('RESERVED_UNTIL_OUT_OF_RANGE');
    const extended = await t.api<StaffTicket>('PATCH', `/api/tickets/${sale.id}`, {
      token: owner.token,
      body: { reserved_until: later },
    });
    expect(extended.status, JSON.stringify(extended.body)).toBe(200);
    expect(new Date(extended.body.reserved_until ?? 0).getTime()).toBe(new Date(later).getTime());
  });

  it('stays hers to decide when it is credited to her', async () => {
    const own = await t.api<StaffTicket>('PATCH', `/api/raffles/${raffleId}/numbers/10`, {
      token: carla.token,
      body: {
        status: 'apartado',
        buyer_name: 'Luis Mora',
        buyer_cedula: 'V-20202020',
        buyer_phone: '0414-1234567',
      },
    });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    const later = new Date(Date.now() + 7_200_000).toISOString();
    const edit = await t.api<StaffTicket>('PATCH', `/api/tickets/${own.body.id}`, {
      token: carla.token,
      body: { buyer_cedula: 'V-20202021', reserved_until: later },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(edit.body.buyer_cedula).toBe('V-20202021');
  });
});

/*
 * Money on a sale is its buyer's, paid or not yet fully paid (decision 053, 2026-12 section): giving
 * an abonado sale to another buyer hands them what the first one paid. Even on a sale credited to
 * her, an assigned seller asks the owner or an admin; its contact details stay hers to fix.
 */
describe('a part-paid sale keeps its buyer for an assigned seller', () => {
  let raffleId: string;
  const ANA = 'V-17770001';
  /** A buyer of the web through Carla's link, who paid $4 of $10 by transfer and an admin approved it. */
  async function partPaidThroughCarla(number: number) {
    const res = await t.api<{ tickets: { id: string }[] }>('POST', `/api/raffles/${raffleId}/reservations`, {
      body: { numbers: [number], buyer: buyer({ cedula: ANA }), seller_code: carla.code },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.tickets[0]?.id as string;
    const report = await t.api<{ payment: { id: string } }>('POST', '/api/payments', {
      body: { ticket_id: id, amount_cents: 400, cedula: ANA, reference: `77${number}0001` },
    });
    expect(report.status, JSON.stringify(report.body)).toBe(201);
    const approved = await t.api('PATCH', `/api/payments/${report.body.payment.id}`, {
      token: admin,
      body: { status: 'approved' },
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const sale = await t.api<StaffTicket>('GET', `/api/tickets/${id}`, { token: carla.token });
    expect(sale.body).toMatchObject({ status: 'abonado', total_paid_cents: 400 });
    return sale.body;
  }
  beforeAll(async () => {
    raffleId = (await makeRaffle(t, { price_cents: 1000 }, owner.token)).id;
    await assignSellers(t, admin, raffleId, [carla.user.id]);
  });

  it('cannot be given to another buyer by her, even credited to her; its buyer still finds it', async () => {
    const sale = await partPaidThroughCarla(20);
    for (const body of [
      { buyer_name: 'Amigo De Carla', buyer_cedula: 'V-30303031', buyer_phone: '0414-3030304' },
      { buyer_cedula: 'V-30303031' },
      { buyer_name: 'Amigo De Carla' },
      { status: 'disponible', no_refund_reason: 'Desistió', buyer_cedula: 'V-30303031' },
    ]) {
      const res = await t.api<ApiError>('PATCH', `/api/tickets/${sale.id}`, { token: carla.token, body });
      expect(res.status, JSON.stringify(body)).toBe(403);
      expect(res.body.error.code).toBe('PAID_SALE_LOCKED');
      expect(res.body.error.message).toBe(
        'Esta venta ya tiene dinero abonado: solo el dueño de la rifa o un administrador puede cambiar su comprador',
      );
    }
    const after = await t.api<StaffTicket>('GET', `/api/tickets/${sale.id}`, { token: admin });
    expect(after.body).toMatchObject({ status: 'abonado', buyer_cedula: ANA, total_paid_cents: 400 });
    const tracked = await t.api<{ tickets: TrackedTicket[] }>('POST', '/api/tracking', {
      body: { cedula: ANA, phone_last4: String(buyer().phone).slice(-4) },
    });
    expect(tracked.body.tickets.map((x) => x.number)).toContain(20);
  });

  it('keeps its contact details hers to fix, the same name and cédula sent back being no change', async () => {
    const sale = await partPaidThroughCarla(21);
    const edit = await t.api<StaffTicket>('PATCH', `/api/tickets/${sale.id}`, {
      token: carla.token,
      body: {
        buyer_name: sale.buyer_name,
        buyer_cedula: sale.buyer_cedula,
        buyer_phone: '0424-7654321',
        buyer_address: 'Calle 9, Valencia',
        buyer_email: 'ana@example.com',
      },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(edit.body).toMatchObject({ buyer_phone: '0424-7654321', buyer_address: 'Calle 9, Valencia' });
  });

  it('is the owner’s and an admin’s to give to another buyer, and hers once its money went back', async () => {
    const byOwner = await t.api<StaffTicket>('PATCH', `/api/tickets/${(await partPaidThroughCarla(22)).id}`, {
      token: owner.token,
      body: { buyer_cedula: 'V-30303032' },
    });
    expect(byOwner.status, JSON.stringify(byOwner.body)).toBe(200);
    const byAdmin = await t.api<StaffTicket>('PATCH', `/api/tickets/${(await partPaidThroughCarla(23)).id}`, {
      token: admin,
      body: { buyer_name: 'Otra Persona', buyer_cedula: 'V-30303033' },
    });
    expect(byAdmin.status, JSON.stringify(byAdmin.body)).toBe(200);

    const refunded = await partPaidThroughCarla(24);
    const back = await t.api('POST', `/api/tickets/${refunded.id}/refunds`, {
      token: carla.token,
      body: { amount_cents: 400, reason: 'Devuelto al comprador' },
    });
    expect(back.status, JSON.stringify(back.body)).toBe(201);
    const handed = await t.api<StaffTicket>('PATCH', `/api/tickets/${refunded.id}`, {
      token: carla.token,
      body: { buyer_cedula: 'V-30303034' },
    });
    expect(handed.status, JSON.stringify(handed.body)).toBe(200);
  });
});
