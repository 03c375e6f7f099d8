import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffPayment } from '../../../domain/payments';
import type {
  StatementApproval,
  StatementDetail,
  StatementUploadResult,
} from '../../../domain/reconciliation';
import type { StaffTicket } from '../../../domain/staff-tickets';
import { makeRaffle } from '../../test/factories';
import { spanishAmount, spanishDate } from '../../test/fixtures/statements/generate';
import { RATE } from '../../test/fixtures/statements/statements';
import { reportPayment, reserve, uploadStatement } from '../../test/statements';
import { createTestApp, type TestApp } from '../../test/test-app';
import { assignSellers, makeSeller, type Seller } from '../seller-network/seller-test-helpers';

/*
 * Decision 061: one bank credit pays one report. A dishonest-insider review found a seller could
 * make a buyer's transfer pay a second sale: the reference is unique per payment method and exact
 * key, but a statement credit matches any reported reference it ends with (6+ characters), on any
 * method. With the buyer's payment approved by hand, the seller's copy (the same digits, shorter or
 * under another method) was `matched` by the credit and approved by "Aprobar coincidencias", and was
 * shown "confirmado por el banco" to the reviewer before any statement was approved.
 */

let t: TestApp;
let admin: string;
let seller: Seller;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
  seller = await makeSeller(t, admin, 'Sara Vendedora');
});
afterAll(() => t?.close());

const DAY = '2026-10-20';
let next = 0;

/** A $10 raffle sold by the seller, a buyer's reported $10 payment (`reference`) and the seller's own sale. */
async function buyerPaidAndSellerSale(reference: string) {
  const raffle = await makeRaffle(t, { price_cents: 1000 });
  await assignSellers(t, admin, raffle.id, [seller.user.id]);
  const cedula = `V-${27_000_000 + ++next}`;
  const ticket = await reserve(t, raffle.id, 1, cedula);
  const buyerPayment = await reportPayment(
    t,
    { ticketId: ticket.id, cedula },
    { reference, amountCents: 1000, day: DAY },
  );
  // The seller's own sale of number 2 (credited to them), for an accomplice.
  const own = await t.api<StaffTicket>('PATCH', `/api/raffles/${raffle.id}/numbers/2`, {
    token: seller.token,
    body: {
      status: 'apartado',
      buyer_name: 'Cómplice',
      buyer_cedula: `V-${28_000_000 + next}`,
      buyer_phone: '0414-1234567',
    },
  });
  expect(own.status, JSON.stringify(own.body)).toBe(200);
  return {
    raffleId: raffle.id,
    buyerTicketId: ticket.id,
    buyerPayment,
    sellerTicketId: own.body.id as string,
  };
}

/** The seller reports a payment on their own sale, as staff (no cédula), dated DAY at the test rate. */
async function sellerReports(ticketId: string, reference: string, method = 'transfer', amountCents = 1000) {
  const res = await t.api<{ payment: { id: string } }>('POST', '/api/payments', {
    token: seller.token,
    body: { ticket_id: ticketId, amount_cents: amountCents, reference, payment_method: method },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = res.body.payment.id;
  await t.db.execute(sql`update payments set payment_date = (${DAY}::date + time '10:00')
      at time zone 'America/Caracas', rate_to_usd = ${String(RATE)} where id = ${id}`);
  return id;
}

const credit = (reference: string) =>
  Buffer.from(
    `Fecha;Referencia;Concepto;Monto\n${spanishDate(DAY)};${reference};PAGO MOVIL RECIBIDO;${spanishAmount(1000 * RATE)}\n`,
  );

async function upload(reference: string) {
  const res = await uploadStatement<StatementUploadResult>(t, credit(reference), { token: admin });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const approveByHand = async (paymentId: string) =>
  expect(
    (await t.api('PATCH', `/api/payments/${paymentId}`, { token: admin, body: { status: 'approved' } }))
      .status,
  ).toBe(200);

const paymentStatus = async (ticketId: string) =>
  (await t.api<{ status: string }[]>('GET', `/api/tickets/${ticketId}/payments`, { token: admin })).body[0]
    ?.status;

describe('one bank credit pays one report', () => {
  for (const variant of [
    { name: 'the last digits of the reference', copy: (r: string) => r.slice(-8), method: 'transfer' },
    { name: 'the same reference under another method', copy: (r: string) => r, method: 'pago_movil' },
  ]) {
    it(`does not match a seller's copy of an approved payment's reference (${variant.name})`, async () => {
      const reference = `0102${40_000_000 + ++next}`;
      const sale = await buyerPaidAndSellerSale(reference);
      await approveByHand(sale.buyerPayment);
      const copy = await sellerReports(sale.sellerTicketId, variant.copy(reference), variant.method);

      const statement = await upload(reference);
      expect(statement).toMatchObject({ rows: 1, matched: 0 });
      const detail = await t.api<StatementDetail>(
        'GET',
        `/api/reconciliation/statements/${statement.statement_id}`,
        { token: admin },
      );
      expect(detail.body.rows[0]?.state).toBe('duplicate');

      const approved = await t.api<StatementApproval>(
        'POST',
        `/api/reconciliation/statements/${statement.statement_id}/approve`,
        { token: admin },
      );
      expect(approved.body.approved).not.toContain(copy);
      expect(await paymentStatus(sale.sellerTicketId)).toBe('pending');
      const ticket = await t.api<StaffTicket>('GET', `/api/tickets/${sale.sellerTicketId}`, { token: admin });
      expect(ticket.body).toMatchObject({ status: 'apartado', total_paid_cents: 0 });
    });
  }

  it("calls a credit two approved payments hold (the seller's copy recorded by hand) a duplicate, not reconciled", async () => {
    const reference = `0102${40_000_000 + ++next}`;
    const sale = await buyerPaidAndSellerSale(reference);
    await approveByHand(sale.buyerPayment);
    // Staff record money they received by hand, approved at once, with any method and reference.
    const copy = await t.api<{ payment: { id: string } }>(
      'POST',
      `/api/tickets/${sale.sellerTicketId}/payments`,
      {
        token: seller.token,
        body: { amount_cents: 1000, payment_method: 'transfer', reference: reference.slice(-8) },
      },
    );
    expect(copy.status, JSON.stringify(copy.body)).toBe(201);
    await t.db.execute(sql`update payments set payment_date = (${DAY}::date + time '10:00')
        at time zone 'America/Caracas', rate_to_usd = ${String(RATE)} where id = ${copy.body.payment.id}`);

    const statement = await upload(reference);
    expect(statement).toMatchObject({ rows: 1, already_reconciled: 0, duplicates: 1 });
  });

  it('does not show the copy "confirmado por el banco" when the credit is another payment\'s', async () => {
    const reference = `0102${40_000_000 + ++next}`;
    // The bank showed the transfer before anybody approved it.
    await upload(reference);
    const sale = await buyerPaidAndSellerSale(reference);
    const copy = await sellerReports(sale.sellerTicketId, reference.slice(-7));

    const pending = (await t.api<StaffPayment[]>('GET', '/api/payments?status=pending', { token: admin }))
      .body;
    // Two reports claim one credit: the bank vouches for neither until a person decides.
    expect(pending.find((p) => p.id === copy)?.bank_confirmed).toBe(false);
    expect(pending.find((p) => p.id === sale.buyerPayment)?.bank_confirmed).toBe(false);

    // The buyer's approved by hand: the credit is theirs, never the copy's.
    await approveByHand(sale.buyerPayment);
    const after = (await t.api<StaffPayment[]>('GET', '/api/payments?status=pending', { token: admin })).body;
    expect(after.find((p) => p.id === copy)?.bank_confirmed).toBe(false);
  });

  // Audit of 2026-12-06 (decision 085): a credit's pending reports were summed and matched within the
  // amount's tolerance (Bs 1 or 0.5 %), so a copy of 50 cents rode along with the buyer's $10.
  it("does not sum a seller's small copy with the buyer's pending report of the same transfer", async () => {
    const reference = `0102${40_000_000 + ++next}`;
    const sale = await buyerPaidAndSellerSale(reference);
    const copy = await sellerReports(sale.sellerTicketId, reference.slice(-8), 'transfer', 50);

    const statement = await upload(reference);
    expect(statement).toMatchObject({ rows: 1, matched: 0, duplicates: 1 });
    const approved = await t.api<StatementApproval>(
      'POST',
      `/api/reconciliation/statements/${statement.statement_id}/approve`,
      { token: admin },
    );
    expect(approved.body.approved).toEqual([]);
    expect(await paymentStatus(sale.sellerTicketId)).toBe('pending');
    expect(await paymentStatus(sale.buyerTicketId)).toBe('pending');
    expect(copy).toBeTruthy();
  });

  // The same credit downloaded again as XLSX reads its reference as a number: "0001234567" became
  // "1234567", neither the row's checksum nor the imported keys knew it, and the approved payment's
  // longer key was never looked at. A seller's copy typed "1234567" was matched and approved.
  it('knows a credit imported again as XLSX, whose leading zeros the number cell dropped', async () => {
    const digits = String(1_000_000 + ++next);
    const reference = `000${digits}`;
    const sale = await buyerPaidAndSellerSale(reference);
    const first = await upload(reference);
    expect(first).toMatchObject({ rows: 1, matched: 1 });
    await t.api('POST', `/api/reconciliation/statements/${first.statement_id}/approve`, { token: admin });
    expect(await paymentStatus(sale.buyerTicketId)).toBe('approved');
    const copy = await sellerReports(sale.sellerTicketId, digits);

    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Movimientos');
    sheet.addRow(['Fecha', 'Referencia', 'Concepto', 'Monto']);
    sheet.addRow([new Date(`${DAY}T00:00:00Z`), Number(digits), 'PAGO MOVIL RECIBIDO', (1000 * RATE) / 100]);
    const again = await uploadStatement<StatementUploadResult>(
      t,
      Buffer.from(await book.xlsx.writeBuffer()),
      {
        token: admin,
        filename: 'estado.xlsx',
      },
    );
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body).toMatchObject({ rows: 1, matched: 0, duplicates: 1 });
    // Nor does the credit vouch for the copy on the payments screen.
    const pending = (await t.api<StaffPayment[]>('GET', '/api/payments?status=pending', { token: admin }))
      .body;
    expect(pending.find((p) => p.id === copy)?.bank_confirmed).toBe(false);
    const approved = await t.api<StatementApproval>(
      'POST',
      `/api/reconciliation/statements/${again.body.statement_id}/approve`,
      { token: admin },
    );
    expect(approved.body.approved).not.toContain(copy);
    expect(await paymentStatus(sale.sellerTicketId)).toBe('pending');
  });

  it('still vouches for a single report, and matches one transfer reported once', async () => {
    const reference = `0102${40_000_000 + ++next}`;
    await upload(reference);
    const sale = await buyerPaidAndSellerSale(reference);
    const pending = (await t.api<StaffPayment[]>('GET', '/api/payments?status=pending', { token: admin }))
      .body;
    expect(pending.find((p) => p.id === sale.buyerPayment)?.bank_confirmed).toBe(true);

    const other = `0102${40_000_000 + ++next}`;
    const second = await buyerPaidAndSellerSale(other);
    const statement = await upload(other);
    expect(statement).toMatchObject({ rows: 1, matched: 1 });
    await t.api('POST', `/api/reconciliation/statements/${statement.statement_id}/approve`, { token: admin });
    expect(await paymentStatus(second.buyerTicketId)).toBe('approved');
  });
});
