// PostgreSQL only (vitest.config.ts runs *.pg.test.ts when TEST_DATABASE_URL is set): a seal in
// flight on another session cannot exist on PGlite's single session.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ReservationResult } from '../../../domain/reservations';
import { buyer, makeRaffle } from '../../test/factories';
import { preDrawRaffleBody } from '../../test/prize-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { rafflesRepo } from './raffles.repo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

it('a pre-sorteo seal in flight holds its raffle from other seals, not from buyers', async () => {
  const raffle = await makeRaffle(t, preDrawRaffleBody());
  let sealing!: () => void;
  const held = new Promise<void>((resolve) => {
    sealing = resolve;
  });
  let done!: () => void;
  const finished = new Promise<void>((resolve) => {
    done = resolve;
  });
  // The seal's transaction, holding the raffle as sealDuePreDraws does while it builds the list.
  const seal = t.db.transaction(async (tx) => {
    expect(await rafflesRepo.lockIfFree(tx, raffle.id)).not.toBeNull();
    sealing();
    await finished;
  });
  await held;
  try {
    // Another instance's pass skips it.
    await t.db.transaction(async (tx) => {
      expect(await rafflesRepo.lockIfFree(tx, raffle.id)).toBeNull();
    });
    // A buyer is answered meanwhile (FOR UPDATE made every reservation wait for the whole seal).
    const reservation = t.api<ReservationResult>('POST', `/api/raffles/${raffle.id}/reservations`, {
      body: { numbers: [7], buyer: buyer() },
    });
    const answer = await Promise.race([
      reservation,
      new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), 5_000)),
    ]);
    expect(answer === 'waiting' ? answer : answer.status).toBe(201);
  } finally {
    done();
    await seal;
  }
});
