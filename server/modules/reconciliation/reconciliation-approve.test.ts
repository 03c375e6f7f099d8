import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../domain/api';
import type { TicketPayment } from '../../../domain/payments';
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
import {
  bankConfirmedReferences,
  chunksByTicket,
  createReconciliationService,
} from './reconciliation.service';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
});
afterAll(() => t?.close());

type Sale = { ticketId: string; cedula: string; paymentId: string; reference: string };
let next = 0;

/** `count` sales of a $10 raffle, each with a reported $10 payment of its own reference on `day`. */
async function reportedSales(count: number, day: string): Promise<Sale[]> {
  const raffle = await makeRaffle(t, { price_cents: 1000 });
  const sales: Sale[] = [];
  for (let number = 0; number < count; number++) {
    const cedula = `V-${30_000_000 + ++next}`;
    const ticket = await reserve(t, raffle.id, number, cedula);
    const reference = String(50_000_000 + next);
    const paymentId = await reportPayment(
      t,
      { ticketId: ticket.id, cedula },
      { reference, amountCents: 1000, day },
    );
    sales.push({ ticketId: ticket.id, cedula, paymentId, reference });
  }
  return sales;
}

/** A statement crediting each reference $10 at the rate, on `day`. */
const statementFor = (references: string[], day: string) =>
  Buffer.from(
    [
      'Fecha;Referencia;Concepto;Monto',
      ...references.map((r) => `${spanishDate(day)};${r};PAGO MOVIL RECIBIDO;${spanishAmount(1000 * RATE)}`),
    ].join('\n'),
  );

async function upload(references: string[], day: string) {
  const res = await uploadStatement<StatementUploadResult>(t, statementFor(references, day), {
    token: admin,
  });
  expect(res.status).toBe(201);
  return res.body;
}

const approve = (statementId: string) =>
  t.api<StatementApproval>('POST', `/api/reconciliation/statements/${statementId}/approve`, { token: admin });

describe('Aprobar N coincidencias', () => {
  it('approves every match as a manual approval would, and records the row that confirmed it', async () => {
    const sales = await reportedSales(4, '2026-10-05');
    const statement = await upload(
      sales.map((s) => s.reference),
      '2026-10-06',
    );
    expect(statement.matched).toBe(4);

    const res = await approve(statement.statement_id);
    expect(res.status).toBe(200);
    expect(res.body.failed).toEqual([]);
    expect([...res.body.approved].sort()).toEqual(sales.map((s) => s.paymentId).sort());

    for (const sale of sales) {
      const ticket = await t.api<StaffTicket>('GET', `/api/tickets/${sale.ticketId}`, { token: admin });
      expect(ticket.body).toMatchObject({ status: 'pagado', remaining_cents: 0, total_paid_cents: 1000 });
      const [payment] = (
        await t.api<TicketPayment[]>('GET', `/api/tickets/${sale.ticketId}/payments`, { token: admin })
      ).body;
      expect(payment?.status).toBe('approved');
      expect(payment?.notes).toContain('Aprobado al conciliar el estado de cuenta del banco.');
    }
    const detail = await t.api<StatementDetail>(
      'GET',
      `/api/reconciliation/statements/${statement.statement_id}`,
      {
        token: admin,
      },
    );
    expect(detail.body.statement).toMatchObject({ matched: 0, already_reconciled: 4 });
    expect(detail.body.rows.every((r) => r.state === 'already_reconciled')).toBe(true);
    expect(
      detail.body.rows.flatMap((r) => r.payments).every((p) => p.confirmed && p.status === 'approved'),
    ).toBe(true);

    // Nothing left to approve: a second press approves nothing and fails nothing.
    expect((await approve(statement.statement_id)).body).toEqual({ approved: [], failed: [] });
  });

  it('reports a ticket released between matching and approving, and approves the others', async () => {
    const sales = await reportedSales(3, '2026-10-12');
    const statement = await upload(
      sales.map((s) => s.reference),
      '2026-10-12',
    );
    expect(statement.matched).toBe(3);
    const released = sales[1] as Sale;
    // Staff decide a payment in review before releasing its number (409 PAYMENT_UNDER_REVIEW)…
    const release = await t.api<ApiError>('PATCH', `/api/tickets/${released.ticketId}`, {
      token: admin,
      body: { status: 'disponible', note: 'Liberado' },
    });
    expect([release.status, release.body.error?.code]).toEqual([409, 'PAYMENT_UNDER_REVIEW']);
    // …but a sale ended some other way (an instance on the previous release) is reported, not approved.
    await t.db.execute(
      sql`update tickets set status = 'disponible', ended_at = now(), version = nextval('ticket_version_seq')
          where id = ${released.ticketId}`,
    );

    const res = await approve(statement.statement_id);
    expect(res.status).toBe(200);
    expect(res.body.failed).toEqual([
      { payment_id: released.paymentId, code: 'TICKET_CHANGED', message: expect.any(String) },
    ]);
    expect([...res.body.approved].sort()).toEqual(
      [sales[0] as Sale, sales[2] as Sale].map((s) => s.paymentId).sort(),
    );
    const detail = await t.api<StatementDetail>(
      'GET',
      `/api/reconciliation/statements/${statement.statement_id}`,
      {
        token: admin,
      },
    );
    // The released one stays a match nobody confirmed; its payment is still pending.
    expect(detail.body.statement).toMatchObject({ matched: 1, already_reconciled: 2 });
    const row = detail.body.rows.find((r) => r.reference === released.reference);
    expect(row?.payments[0]).toMatchObject({ id: released.paymentId, status: 'pending', confirmed: false });
  });

  it('reports a payment approved by hand meanwhile as already decided', async () => {
    const sales = await reportedSales(2, '2026-10-19');
    const statement = await upload(
      sales.map((s) => s.reference),
      '2026-10-19',
    );
    const byHand = sales[0] as Sale;
    expect(
      (
        await t.api('PATCH', `/api/payments/${byHand.paymentId}`, {
          token: admin,
          body: { status: 'approved' },
        })
      ).status,
    ).toBe(200);
    const res = await approve(statement.statement_id);
    expect(res.body.failed).toEqual([
      { payment_id: byHand.paymentId, code: 'PAYMENT_ALREADY_DECIDED', message: expect.any(String) },
    ]);
    expect(res.body.approved).toEqual([(sales[1] as Sale).paymentId]);
  });

  it('runs one approval per statement at a time', async () => {
    const sales = await reportedSales(12, '2026-10-26');
    const statement = await upload(
      sales.map((s) => s.reference),
      '2026-10-26',
    );
    const [first, second] = await Promise.all([
      approve(statement.statement_id),
      approve(statement.statement_id),
    ]);
    const statuses = [first.status, second.status].sort();
    // Either the second press waited for nothing (409) or came after the first had finished.
    if (statuses[1] === 409) {
      expect(statuses).toEqual([200, 409]);
      expect(((first.status === 409 ? first : second).body as unknown as ApiError).error.code).toBe(
        'APPROVAL_RUNNING',
      );
    }
    const approved = [first, second].flatMap((r) => (r.status === 200 ? r.body.approved : []));
    expect(approved.sort()).toEqual(sales.map((s) => s.paymentId).sort());
  });

  it('approves one by one when the payments module offers no batch approval', async () => {
    const sales = await reportedSales(3, '2026-11-02');
    const statement = await upload(
      sales.map((s) => s.reference),
      '2026-11-02',
    );
    const singles: string[] = [];
    const service = createReconciliationService({
      db: t.db,
      approvalConcurrency: 2,
      approvePayment: async (actor, paymentId, note) => {
        singles.push(paymentId);
        await t.app.services.payments.review(actor, paymentId, { status: 'approved', notes: note });
      },
    });
    const me = await t.app.services.auth.authenticate(admin);
    const result = await service.approve(me, statement.statement_id);
    expect(result.failed).toEqual([]);
    expect([...singles].sort()).toEqual(sales.map((s) => s.paymentId).sort());
    expect([...result.approved].sort()).toEqual([...singles].sort());
  });

  it('answers 404 for an unknown statement', async () => {
    expect((await approve('00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

describe('approval chunks', () => {
  it('keep every payment of a ticket in one chunk, so two chunks never lock the same ticket', () => {
    const m = (paymentId: string, ticketId: string) => ({ rowId: `r-${paymentId}`, paymentId, ticketId });
    const chunks = chunksByTicket(
      [m('1', 'a'), m('2', 'b'), m('3', 'a'), m('4', 'c'), m('5', 'd'), m('6', 'b')],
      2,
    );
    expect(chunks.map((chunk) => chunk.map((x) => x.paymentId))).toEqual([
      ['1', '3'],
      ['2', '6'],
      ['4', '5'],
    ]);
    expect(chunksByTicket([], 10)).toEqual([]);
  });
});

describe('a credit that arrives before the buyer reports it', () => {
  it('is kept, and the payments module can tell its reference is confirmed by the bank', async () => {
    const statement = await upload(['000077123456', '88001122'], '2026-09-07');
    expect(statement.unreported).toBe(2);

    const confirmed = await bankConfirmedReferences(t.db, [
      '77123456',
      '123456',
      '88001122',
      '99999999',
      '3456',
    ]);
    expect([...confirmed.keys()].sort()).toEqual(['123456', '77123456', '88001122']);
    expect(confirmed.get('77123456')).toMatchObject({ postedOn: '2026-09-07', amountVesCents: 1000 * RATE });

    // Once a credit confirmed a payment it is spent: it no longer vouches for another report.
    const [sale] = await reportedSales(1, '2026-09-07');
    const spent = await upload([(sale as Sale).reference], '2026-09-07');
    expect((await approve(spent.statement_id)).body.approved).toEqual([(sale as Sale).paymentId]);
    expect((await bankConfirmedReferences(t.db, [(sale as Sale).reference])).size).toBe(0);
  });
});
