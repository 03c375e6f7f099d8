import { sql } from 'drizzle-orm';
import type { DrawResult } from '../../domain/draw';
import type { PublicCreatePaymentResult } from '../../domain/payments';
import { buyer, reserveNumbers } from './factories';
import type { TestApp } from './test-app';

/**
 * The calls of the prize tests (decision 042), on the test app and admin session `world` answers
 * when called (they are made in a `beforeAll`).
 */
export function prizeCalls(world: () => { t: TestApp; admin: string }) {
  return {
    reserve: (raffleId: string, numbers: number[], name = 'Ana Gómez', cedula = 'V-12345678') =>
      reserveNumbers(world().t, raffleId, numbers, buyer({ name, cedula })),
    async payInFull(ticket: { id: string; price_cents: number | null }, cedula = 'V-12345678') {
      const { t, admin } = world();
      const paid = await t.api<PublicCreatePaymentResult>('POST', '/api/payments', {
        body: { ticket_id: ticket.id, amount_cents: ticket.price_cents ?? 0, cedula },
      });
      if (paid.status !== 201) throw new Error(`pay: ${paid.status} ${JSON.stringify(paid.body)}`);
      const ok = await t.api('PATCH', `/api/payments/${paid.body.payment.id}`, {
        token: admin,
        body: { status: 'approved' },
      });
      if (ok.status !== 200) throw new Error(`approve: ${ok.status}`);
    },
    drawPrize: <T = DrawResult>(id: string, prize: number, result: string) =>
      world().t.api<T>('POST', `/api/raffles/${id}/draw`, { token: world().admin, body: { prize, result } }),
    /** Every lottery draw date of the raffle moved to the past (the results are out). */
    resultsOut: (id: string) =>
      world().t.db.execute(sql`update raffles set draw_at = now() - interval '1 minute',
        prizes = (select jsonb_agg(jsonb_set(p, '{draw_at}', to_jsonb(to_char(now() at time zone 'utc' - interval '1 minute', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'))))
                  from jsonb_array_elements(prizes) p)
        where id = ${id}`),
  };
}
