import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PublicCreatePaymentResult } from '../../domain/payments';
import type { ReservationResult } from '../../domain/reservations';
import { buyer, makeRaffle } from './factories';
import { RATE, type StatementFixture } from './fixtures/statements/statements';
import type { TestApp } from './test-app';

export const STATEMENTS_DIR = path.join(import.meta.dirname, 'fixtures/statements');
export const statementBytes = (file: string) => fs.readFileSync(path.join(STATEMENTS_DIR, file));

/** `POST /api/reconciliation/statements` as the browser's FormData sends it. */
export async function uploadStatement<T = unknown>(
  t: Pick<TestApp, 'baseUrl'>,
  bytes: Buffer,
  options: { token?: string; filename?: string; mapping?: unknown; bankCode?: string; type?: string } = {},
): Promise<{ status: number; body: T }> {
  const form = new FormData();
  const type =
    options.type ?? (options.filename?.endsWith('.xlsx') ? 'application/vnd.ms-excel' : 'text/csv');
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), options.filename ?? 'estado.csv');
  if (options.mapping !== undefined)
    form.append(
      'mapping',
      typeof options.mapping === 'string' ? options.mapping : JSON.stringify(options.mapping),
    );
  if (options.bankCode) form.append('bank_code', options.bankCode);
  const response = await fetch(`${t.baseUrl}/api/reconciliation/statements`, {
    method: 'POST',
    body: form,
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

/** A sale reserved in `raffleId` by a buyer of its own (a reported payment needs one). */
export async function reserve(t: TestApp, raffleId: string, number: number, cedula: string) {
  const res = await t.api<ReservationResult>('POST', `/api/raffles/${raffleId}/reservations`, {
    body: { numbers: [number], buyer: buyer({ cedula }) },
  });
  if (res.status !== 201) throw new Error(`reserve: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.tickets[0] as { id: string; number: number };
}

/**
 * A payment a buyer reported with this reference and amount, dated `day` at 10:00 in Caracas with
 * `rate` Bs per dollar (the day and rate are set in the database: the API stamps now and today's).
 */
export async function reportPayment(
  t: TestApp,
  sale: { ticketId: string; cedula: string },
  payment: { reference: string; amountCents: number; day: string; rate?: number | null },
) {
  const res = await t.api<PublicCreatePaymentResult>('POST', '/api/payments', {
    body: {
      ticket_id: sale.ticketId,
      amount_cents: payment.amountCents,
      cedula: sale.cedula,
      reference: payment.reference,
    },
  });
  if (res.status !== 201) throw new Error(`payment: ${res.status} ${JSON.stringify(res.body)}`);
  const id = res.body.payment.id;
  const rate = payment.rate === undefined ? RATE : payment.rate;
  await t.db.execute(sql`update payments set payment_date = (${payment.day}::date + time '10:00')
      at time zone 'America/Caracas', rate_to_usd = ${rate === null ? null : String(rate)} where id = ${id}`);
  return id;
}

let cedulas = 0;

/**
 * Every payment a fixture says buyers reported, each on a sale of its own in a new raffle priced so
 * it is owed in full; those marked approved are approved by the admin. Payment ids by movement
 * index.
 */
export async function reportFixturePayments(t: TestApp, fixture: StatementFixture, adminToken: string) {
  const raffle = await makeRaffle(t, { price_cents: 5000, name: `Rifa ${fixture.file}` });
  const ids = new Map<number, string>();
  let number = 0;
  for (const [index, movement] of fixture.movements.entries()) {
    if (!movement.reported) continue;
    const cedula = `V-${20_000_000 + ++cedulas}`;
    const ticket = await reserve(t, raffle.id, number++, cedula);
    const id = await reportPayment(t, { ticketId: ticket.id, cedula }, movement.reported);
    if (movement.reported.approved) {
      const res = await t.api('PATCH', `/api/payments/${id}`, {
        token: adminToken,
        body: { status: 'approved' },
      });
      if (res.status !== 200) throw new Error(`approve: ${res.status} ${JSON.stringify(res.body)}`);
    }
    ids.set(index, id);
  }
  return { raffleId: raffle.id, ids };
}
