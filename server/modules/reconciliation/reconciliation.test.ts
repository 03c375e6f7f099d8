import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, ApiErrorWith } from '../../../domain/api';
import type {
  MappingRequiredDetails,
  StatementDetail,
  StatementSummary,
  StatementUploadResult,
} from '../../../domain/reconciliation';
import { makeUser } from '../../test/factories';
import { FIXTURES, type StatementFixture } from '../../test/fixtures/statements/statements';
import { reportFixturePayments, statementBytes, uploadStatement } from '../../test/statements';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
});
afterAll(() => t?.close());

const expectedStates = (fixture: StatementFixture) =>
  fixture.movements.flatMap((m) => (m.credit ? [{ reference: m.reference, state: m.expect }] : []));

const getStatement = (id: string) =>
  t.api<StatementDetail>('GET', `/api/reconciliation/statements/${id}`, { token: admin });

describe('uploading each bank layout', () => {
  it.each([FIXTURES.banesco, FIXTURES.mercantil])(
    '$file: read without asking, each credit in its state, with the payments it matched',
    async (fixture) => {
      const { ids } = await reportFixturePayments(t, fixture, admin);
      const res = await uploadStatement<StatementUploadResult>(t, statementBytes(fixture.file), {
        token: admin,
        filename: fixture.file,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const states = expectedStates(fixture);
      const count = (state: string) => states.filter((s) => s.state === state).length;
      expect(res.body).toMatchObject({
        file_name: fixture.file,
        file_type: fixture.file.endsWith('.xlsx') ? 'xlsx' : 'csv',
        rows: states.length,
        matched: count('matched'),
        amount_mismatch: count('amount_mismatch'),
        unreported: count('unreported'),
        already_reconciled: count('already_reconciled'),
        duplicates: count('duplicate'),
        skipped_already_imported: 0,
        debits_ignored: fixture.movements.filter((m) => m.debit).length,
        unreadable_lines: [],
      });

      const detail = await getStatement(res.body.statement_id);
      expect(detail.status).toBe(200);
      expect(detail.body.rows.map((r) => ({ reference: r.reference, state: r.state }))).toEqual(states);
      // Every matched row names the payment reported for it, with its amount in USD and in Bs.
      for (const [index, movement] of fixture.movements.entries()) {
        if (movement.expect !== 'matched') continue;
        const row = detail.body.rows.find((r) => r.reference === movement.reference);
        expect(row?.payments).toEqual([
          expect.objectContaining({
            id: ids.get(index),
            status: 'pending',
            amount_cents: movement.reported?.amountCents,
            expected_ves_cents: Math.round((movement.reported?.amountCents ?? 0) * 245.5),
            reference: movement.reported?.reference,
            ticket_number: expect.any(String),
            raffle_name: `Rifa ${fixture.file}`,
            buyer_name: 'maría pérez',
            confirmed: false,
          }),
        ]);
      }
    },
  );

  it('adds nothing when the same statement is uploaded again', async () => {
    const bytes = statementBytes(FIXTURES.banesco.file);
    const again = await uploadStatement<StatementUploadResult>(t, bytes, {
      token: admin,
      filename: 'otra-vez.csv',
    });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({
      rows: 0,
      matched: 0,
      skipped_already_imported: expectedStates(FIXTURES.banesco).length,
    });
    const list = await t.api<StatementSummary[]>('GET', '/api/reconciliation/statements', { token: admin });
    expect(list.status).toBe(200);
    expect(list.body[0]).toMatchObject({ id: again.body.statement_id, rows: 0 });
    expect(list.body.map((s) => s.file_name)).toEqual(
      expect.arrayContaining(['banesco.csv', 'mercantil.xlsx']),
    );
  });
});

describe('a layout the app does not know', () => {
  const { provincial } = FIXTURES;

  it('asks for the columns (422 MAPPING_REQUIRED), then reads it and remembers the answer', async () => {
    await reportFixturePayments(t, provincial, admin);
    const bytes = statementBytes(provincial.file);
    const asked = await uploadStatement<ApiErrorWith<MappingRequiredDetails>>(t, bytes, {
      token: admin,
      filename: provincial.file,
      bankCode: '0108',
    });
    expect(asked.status).toBe(422);
    expect(asked.body.error.code).toBe('MAPPING_REQUIRED');
    expect(asked.body.error.columns).toEqual([
      'Num. Operación',
      'Fec. Valor',
      'Movimiento (Bs.)',
      'Glosa',
      'Saldo (Bs.)',
    ]);
    expect(asked.body.error.sample[0]).toEqual([
      '7300125566',
      '17-11-26',
      '7.365,00',
      'ABONO TRANSFERENCIA OTROS BANCOS',
      '87.365,00',
    ]);

    const answered = await uploadStatement<StatementUploadResult>(t, bytes, {
      token: admin,
      filename: provincial.file,
      bankCode: '0108',
      mapping: provincial.mapping,
    });
    expect(answered.status).toBe(201);
    expect(answered.body).toMatchObject({
      rows: 3,
      matched: 1,
      amount_mismatch: 1,
      unreported: 1,
      debits_ignored: 1,
    });
    const detail = await getStatement(answered.body.statement_id);
    expect(detail.body.rows.map((r) => ({ reference: r.reference, state: r.state }))).toEqual(
      expectedStates(provincial),
    );

    // Next month's statement of the same bank: same columns, not asked again.
    const nextMonth = Buffer.from(
      [
        'Num. Operación,Fec. Valor,Movimiento (Bs.),Glosa,Saldo (Bs.)',
        '7300139001,02-12-26,"1.500,00","ABONO PAGO MOVIL","1.500,00"',
      ].join('\n'),
    );
    const remembered = await uploadStatement<StatementUploadResult>(t, nextMonth, {
      token: admin,
      bankCode: '0108',
    });
    expect(remembered.status).toBe(201);
    expect(remembered.body).toMatchObject({ rows: 1, unreported: 1 });
  });

  it('refuses a mapping naming columns the file does not have, and malformed ones', async () => {
    const bytes = statementBytes(provincial.file);
    const wrong = await uploadStatement<ApiError>(t, bytes, {
      token: admin,
      mapping: { ...provincial.mapping, amount: 'Importe' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.message).toBe('La columna «Importe» no está en el archivo.');
    const notJson = await uploadStatement<ApiError>(t, bytes, { token: admin, mapping: '{fecha' });
    expect(notJson.status).toBe(422);
    expect(notJson.body.error.code).toBe('VALIDATION_ERROR');
    const missing = await uploadStatement<ApiError>(t, bytes, {
      token: admin,
      mapping: { date: 'Fec. Valor' },
    });
    expect(missing.status).toBe(422);
    const bank = await uploadStatement<ApiError>(t, bytes, { token: admin, bankCode: '9999' });
    expect(bank.status).toBe(422);
  });
});

describe('what is not a statement', () => {
  it('answers 415 in Spanish for a PDF or an image, 422 for a file with no table', async () => {
    const pdf = await uploadStatement<ApiError>(t, Buffer.from('%PDF-1.7\n'), {
      token: admin,
      filename: 'e.pdf',
    });
    expect(pdf.status).toBe(415);
    expect(pdf.body.error.message).toBe('Sube el estado de cuenta como CSV o Excel (.xlsx).');
    const text = await uploadStatement<ApiError>(t, Buffer.from('hola\nmundo\n'), { token: admin });
    expect(text.status).toBe(422);
    expect(text.body.error.code).toBe('STATEMENT_HEADER_NOT_FOUND');
  });

  it('answers 413 past 5 MB and 400 without a file', async () => {
    const line = `01/11/2026;123456;${'X'.repeat(2000)};1,00\n`;
    const big = Buffer.from(`Fecha;Referencia;Concepto;Monto\n${line.repeat(2700)}`);
    const res = await uploadStatement<ApiError>(t, big, { token: admin });
    expect(res.status).toBe(413);
    const none = await t.api<ApiError>('POST', '/api/reconciliation/statements', { token: admin, body: {} });
    expect(none.status).toBe(400);
  });

  it('answers 404 for a statement that does not exist', async () => {
    const res = await getStatement('00000000-0000-4000-8000-000000000000');
    expect(res.status).toBe(404);
  });
});

describe('who may reconcile', () => {
  it('admins only: a vendedor gets 403, nobody signed in 401, before the file is read', async () => {
    const vendor = await makeUser(t, { role: 'vendedor' });
    const bytes = statementBytes(FIXTURES.banesco.file);
    expect((await uploadStatement(t, bytes, { token: vendor.token })).status).toBe(403);
    expect((await uploadStatement(t, bytes)).status).toBe(401);
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, path] of [
      ['GET', '/api/reconciliation/statements'],
      ['GET', `/api/reconciliation/statements/${id}`],
      ['POST', `/api/reconciliation/statements/${id}/approve`],
    ] as const) {
      expect((await t.api(method, path, { token: vendor.token })).status).toBe(403);
      expect((await t.api(method, path)).status).toBe(401);
    }
  });
});
