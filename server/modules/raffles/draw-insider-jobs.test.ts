import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DrawResult } from '../../../domain/draw';
import { makeRaffle } from '../../test/factories';
import { prizeCalls } from '../../test/prize-calls';
import { threePrizes } from '../../test/prize-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

// The prize job against many raffles at once: a business (or a vendedor wanting a rival's prize
// left undrawn) with dozens of raffles on sale, each with a drand 2.º premio.

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
});
afterAll(() => t?.close());

const { reserve, resultsOut } = prizeCalls(() => ({ t, admin }));
const withDrandPrize = () => threePrizes({ prizes: [{ title: 'Bono', draw_kind: 'drand' }] });

describe('the drand prizes job', () => {
  it('reaches a closed raffle whose turn came however many raffles on sale have a drand prize', async () => {
    // Sixty raffles on sale, created first: their drand prize waits for their close.
    for (let i = 0; i < 60; i++) await makeRaffle(t, withDrandPrize());
    const raffle = await makeRaffle(t, withDrandPrize());
    await reserve(raffle.id, [47, 3, 8]);
    await t.api('POST', `/api/raffles/${raffle.id}/close`, { token: admin });
    await resultsOut(raffle.id);
    await t.api('POST', `/api/raffles/${raffle.id}/draw`, { token: admin, body: { result: '347' } });
    const randomness = createHash('sha256').update('ronda de prueba').digest('hex');
    await t.app.services.draws.drawDueBeaconPrizes(async (round) => ({
      round,
      signature: 'ab'.repeat(48),
      randomness,
    }));
    const view = await t.api<DrawResult>('GET', `/api/raffles/${raffle.id}/draw`);
    expect(view.body.prizes[1]?.source.beacon?.round).toBeGreaterThan(0);
  }, 120_000);

  it('goes on past a raffle whose draw fails: the others are drawn, the failure is told with its raffle', async () => {
    const randomness = createHash('sha256').update('otra ronda').digest('hex');
    /** A closed raffle whose drand 2.º premio waits for its round. */
    const closedWithDrandPrize = async () => {
      const raffle = await makeRaffle(t, withDrandPrize());
      await reserve(raffle.id, [3, 8]);
      await t.api('POST', `/api/raffles/${raffle.id}/close`, { token: admin });
      await resultsOut(raffle.id);
      await t.api('POST', `/api/raffles/${raffle.id}/draw`, { token: admin, body: { result: '347' } });
      return raffle.id;
    };
    // The job pages through raffles by id: the one that fails comes first.
    const [failing, other] = [await closedWithDrandPrize(), await closedWithDrandPrize()].sort() as [
      string,
      string,
    ];
    /** Its round out: moved to a past round of its own. */
    const roundOut = (id: string, round: number) =>
      t.db.execute(
        sql`update raffles set prizes = jsonb_set(prizes, '{0,beacon_round}', ${String(round)}::jsonb) where id = ${id}`,
      );
    await roundOut(failing, 1000);
    await roundOut(other, 2000);
    // The beacon cannot give one round (a relay down for it; or a raffle whose row keeps failing).
    const fetchRound = async (round: number) => {
      if (round === 1000) throw new Error('drand relay unreachable');
      return { round, signature: 'ab'.repeat(48), randomness };
    };
    /** Whether the prize took its round: drawn, or its number passed over (repeat rule) for the next round. */
    const tookItsRound = async (id: string) => {
      const prize = (await t.api<DrawResult>('GET', `/api/raffles/${id}/draw`)).body.prizes[1];
      return Boolean(prize?.drawn_at) || (prize?.skipped.length ?? 0) > 0;
    };

    const failures: string[] = [];
    await t.app.services.draws.drawDueBeaconPrizes(fetchRound, (raffleId) => failures.push(raffleId));
    expect(failures).toEqual([failing]);
    expect(await tookItsRound(other)).toBe(true);
    expect(await tookItsRound(failing)).toBe(false);

    // Told of nothing, a pass throws its failures at the end, after doing the rest.
    await expect(t.app.services.draws.drawDueBeaconPrizes(fetchRound)).rejects.toThrow(
      /1 raffle\(s\) failed/,
    );
    expect(await tookItsRound(failing)).toBe(false);
  }, 60_000);
});
