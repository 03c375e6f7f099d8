import { type SQL, sql } from 'drizzle-orm';
import type { DrawResult } from '../../domain/draw';
import type { PublicCreatePaymentResult } from '../../domain/payments';
import { buyer, makeRaffle, reserveNumbers } from './factories';
import { preDrawRaffleBody } from './prize-fixtures';
import type { TestApp } from './test-app';

/** An instant as the API writes it ("2026-12-01T03:30:00.123Z"), from a timestamptz expression. */
const isoAt = (instant: SQL) =>
  sql`to_char((${instant}) at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The calls of the prize tests (decision 042), on the test app and admin session `world` answers
 * when called (they are made in a `beforeAll`).
 */
export function prizeCalls(world: () => { t: TestApp; admin: string }) {
  const reserve = (raffleId: string, numbers: number[], name = 'Ana Gómez', cedula = 'V-12345678') =>
    reserveNumbers(world().t, raffleId, numbers, buyer({ name, cedula }));

  async function payInFull(ticket: { id: string; price_cents: number | null }, cedula = 'V-12345678') {
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
  }

  return {
    reserve,
    payInFull,
    /** A raffle with a pre-sorteo: Ana's 12 paid in full, Luis's 34 only reserved. */
    async anaPaidLuisHeld() {
      const raffle = await makeRaffle(world().t, preDrawRaffleBody());
      const [early] = await reserve(raffle.id, [12], 'Ana Gómez');
      const [late] = await reserve(raffle.id, [34], 'Luis Mora', 'V-7654321');
      if (!early || !late) throw new Error('no tickets');
      await payInFull(early);
      return { raffle, early, late };
    },
    /** A prize's lottery result; a next result (an earlier one repeated) names its draw's time. */
    drawPrize: <T = DrawResult>(id: string, prize: number, result: string, resultAt?: string) =>
      world().t.api<T>('POST', `/api/raffles/${id}/draw`, {
        token: world().admin,
        body: { prize, result, ...(resultAt ? { result_at: resultAt } : {}) },
      }),
    /**
     * The date of every pre-sorteo of the raffle moved to this instant: it has just passed, after
     * every payment made so far (a pre-sorteo's list holds the numbers fully paid at its date).
     * With `lotteryToo`, its lottery's draw a millisecond later: the result is out too.
     */
    preDrawsNow: (id: string, options: { lotteryToo?: boolean } = {}) =>
      world().t.db.execute(sql`update raffles set prizes = (select jsonb_agg(case when p->>'pre_draw_at' is null then p
          else p || jsonb_build_object('pre_draw_at', ${isoAt(sql`now()`)})
                 || case when ${options.lotteryToo ?? false}::boolean then jsonb_build_object('draw_at', ${isoAt(sql`now() + interval '1 millisecond'`)}) else '{}'::jsonb end
          end) from jsonb_array_elements(prizes) p)
        where id = ${id}`),
    /** Every lottery draw date of the raffle moved to the past (the results are out). */
    resultsOut: (id: string) =>
      world().t.db.execute(sql`update raffles set draw_at = now() - interval '1 minute',
        prizes = (select jsonb_agg(jsonb_set(p, '{draw_at}', to_jsonb(to_char(now() at time zone 'utc' - interval '1 minute', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'))))
                  from jsonb_array_elements(prizes) p)
        where id = ${id}`),
  };
}
