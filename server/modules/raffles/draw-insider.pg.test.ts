// PostgreSQL only: races a single PGlite session cannot run. An admin or a vendedor firing two
// changes at once, hoping one slips past the other's check.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../domain/api';
import type { DrawResult } from '../../../domain/draw';
import type { Raffle } from '../../../domain/raffles';
import { closeInFlight, someoneWaitsOnALock } from '../../test/close-in-flight';
import { makeRaffle, storedSoldList } from '../../test/factories';
import { prizeCalls } from '../../test/prize-calls';
import { threePrizes } from '../../test/prize-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
let pool: pg.Pool;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
  pool = (t.db as unknown as { $client: pg.Pool }).$client;
});
afterAll(() => t?.close());

const { reserve, drawPrize, resultsOut } = prizeCalls(() => ({ t, admin }));
const draw = <T = DrawResult>(id: string, result: string) =>
  t.api<T | ApiError>('POST', `/api/raffles/${id}/draw`, { token: admin, body: { result } });

async function closedWithResultsOut() {
  const raffle = await makeRaffle(t, threePrizes());
  await reserve(raffle.id, [47, 12], 'Ana Gómez', 'V-12345678');
  await reserve(raffle.id, [34, 30], 'Luis Amigo', 'V-7654321');
  expect((await t.api('POST', `/api/raffles/${raffle.id}/close`, { token: admin })).status).toBe(200);
  await resultsOut(raffle.id);
  return raffle;
}

describe('two draws at once', () => {
  it('of the 1.er premio: one result is recorded, the other is refused, and the winner is the recorded one', async () => {
    const raffle = await closedWithResultsOut();
    const answers = await Promise.all([draw(raffle.id, '347'), draw(raffle.id, '534')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const won = answers.find((a) => a.status === 200)?.body as DrawResult;
    const refused = answers.find((a) => a.status === 409)?.body as ApiError;
    expect(refused.error.code).toBe('ALREADY_DRAWN');
    const view = await t.api<DrawResult>('GET', `/api/raffles/${raffle.id}/draw`);
    expect(view.body.winning_number).toBe(won.winning_number);
    expect(view.body.result).toBe(won.result);
  });

  it('of the 2.º premio: one is recorded, and a repeat rule cannot be played twice in parallel', async () => {
    const raffle = await closedWithResultsOut();
    expect((await draw(raffle.id, '347')).status).toBe(200);
    // Both would name the friend's 34 or 30; only one is ever taken.
    const answers = await Promise.all([
      drawPrize<DrawResult | ApiError>(raffle.id, 2, '634'),
      drawPrize<DrawResult | ApiError>(raffle.id, 2, '730'),
      drawPrize<DrawResult | ApiError>(raffle.id, 2, '912'),
    ]);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect(a.status).toBe(409);
      expect((a.body as ApiError).error.code).toBe('ALREADY_DRAWN');
    }
    const view = await t.api<DrawResult>('GET', `/api/raffles/${raffle.id}/draw`);
    const recorded = answers.find((a) => a.status === 200);
    if (!recorded) throw new Error('one draw recorded expected');
    const won = (recorded.body as DrawResult).prizes[1];
    expect(view.body.prizes[1]?.winning_number).toBe(won?.winning_number);
    expect(view.body.prizes[1]?.skipped).toEqual([]);
  });
});

describe('the close against the draw and the sold list', () => {
  it('a draw sent while the raffle is being closed is refused, never drawn over an unpublished list', async () => {
    const raffle = await makeRaffle(t, threePrizes());
    await reserve(raffle.id, [47]);
    await resultsOut(raffle.id);
    const [closed, drawn] = await Promise.all([
      t.api<Raffle>('POST', `/api/raffles/${raffle.id}/close`, { token: admin }),
      draw(raffle.id, '347'),
    ]);
    expect(closed.status).toBe(200);
    if (drawn.status === 200) {
      // Only after the list was published.
      expect((drawn.body as DrawResult).draw_commitment).toBe(closed.body.draw_commitment);
    } else {
      expect(drawn.status).toBe(409);
      expect(['RAFFLE_NOT_CLOSED', 'LIST_PUBLISHING']).toContain((drawn.body as ApiError).error.code);
    }
  });

  it('a staff close and the close job at once close it once, with one list', async () => {
    const raffle = await makeRaffle(t, threePrizes());
    await reserve(raffle.id, [5, 6]);
    await pool.query(`update raffles set closing_date = now() - interval '1 second' where id = $1`, [
      raffle.id,
    ]);
    const [byHand, swept] = await Promise.all([
      t.api<Raffle | ApiError>('POST', `/api/raffles/${raffle.id}/close`, { token: admin }),
      t.app.services.draws.closeDue(),
    ]);
    const closedByJob = swept.includes(raffle.id);
    expect(byHand.status === 200).toBe(!closedByJob);
    if (closedByJob) expect((byHand.body as ApiError).error.code).toBe('RAFFLE_CLOSED');
    const list = await storedSoldList(t, raffle.id);
    const view = await t.api<DrawResult>('GET', `/api/raffles/${raffle.id}/draw`);
    expect(view.body.line_count).toBe(2);
    expect(list === null || list.split('\n').filter(Boolean).length === 2).toBe(true);
  });

  it('a bulk release waits for a close in flight, then is refused and the numbers stay in the list', async () => {
    const raffle = await makeRaffle(t);
    await reserve(raffle.id, [3, 4]);
    const close = await closeInFlight(pool, raffle.id);
    const release = t.api<ApiError>('POST', `/api/raffles/${raffle.id}/tickets/release`, {
      token: admin,
      body: { numbers: [3, 4] },
    });
    await someoneWaitsOnALock(pool);
    await close.commitClosed();
    const res = await release;
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('RAFFLE_CLOSED');
    const { rows } = await pool.query(
      'select count(*)::int as n from tickets where raffle_id = $1 and ended_at is null',
      [raffle.id],
    );
    expect(rows[0].n).toBe(2);
  });
});
