import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../domain/api';
import { queryRows } from '../../db/client';
import { makeRaffle } from '../../test/factories';
import { paymentCalls } from '../../test/payment-calls';
import { createTestApp, type TestApp } from '../../test/test-app';

// Decision 066: reference keys fold bank labels. Migration 0041 wrote the keys of reports made
// before it again, so a transfer reported with and without its label is one transfer.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const { sale } = paymentCalls(() => t);

describe('migration 0041', () => {
  it('writes the keys of earlier reports again: the later of two live copies loses its key', async () => {
    const r = (await makeRaffle(t, { price_cents: 1000 })).id;
    const insert = async (reference: string, oldKey: string, status: string, minutes: number) => {
      const [row] = await queryRows<{ id: string }>(
        t.db,
        sql`insert into payments (ticket_id, amount_cents, payment_method, reference, reference_key, status, created_at)
            values (${(await sale(r, 'V-7300001')).id}, 100, 'pago_movil', ${reference}, ${oldKey}, ${status},
                    now() - make_interval(mins => ${minutes}))
            returning id`,
      );
      return (row as { id: string }).id;
    };
    // Keys as they were written before (labels kept): three reports of one transfer.
    const first = await insert('73730041', '73730041', 'pending', 30);
    const copy = await insert('Nro. Referencia 73730041', 'NROREFERENCIA73730041', 'pending', 20);
    const rejected = await insert(
      'Número de referencia: 73730041',
      'NUMERODEREFERENCIA73730041',
      'rejected',
      10,
    );
    const migration = new URL('../../db/migrations/0041_reference_keys_fold_labels.sql', import.meta.url);
    for (const statement of readFileSync(migration, 'utf8').split('--> statement-breakpoint'))
      await t.db.execute(sql.raw(statement));
    const keys = await queryRows<{ id: string; reference_key: string | null }>(
      t.db,
      sql`select id, reference_key from payments where id in (${first}, ${copy}, ${rejected})`,
    );
    expect(Object.fromEntries(keys.map((k) => [k.id, k.reference_key]))).toEqual({
      [first]: '73730041',
      [copy]: null,
      [rejected]: '73730041',
    });
    // And a new report of it is refused.
    const again = await t.api<ApiError>('POST', '/api/payments', {
      body: {
        ticket_id: (await sale(r, 'V-7300001')).id,
        amount_cents: 100,
        cedula: 'V-7300001',
        reference: 'Ref. 73730041',
        payment_method: 'pago_movil',
        payer_phone: '0414-1234567',
      },
    });
    expect(again.status).toBe(409);
  });
});
