import { createHash } from 'node:crypto';
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
});
