import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { beaconMessages, numberOnLine, roundTime, winnerIndex } from '../../../domain/beacon';
import { soldListLines } from '../../../domain/verification';
import type { Db } from '../../db/client';
import { repeat } from '../../lib/repeat';
import type { FetchRound, VerifiedBeacon } from './beacon.remote';
import { type BeaconDrawRow, beaconRepo } from './beacon.repo';

const sha256 = (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest());

export type BeaconDrawOutcome =
  | { outcome: 'drawn'; round: number; index: number; winningNumber: number }
  | { outcome: 'no_lines'; round: number }
  /** Not a closed drand raffle waiting for its round, or another instance drew it first. */
  | { outcome: 'skipped' }
  | { outcome: 'too_early'; round: number };

const waitingForRound = (r: BeaconDrawRow | null): r is BeaconDrawRow & { beacon_round: string | number } =>
  !!r &&
  r.status === 'cerrada' &&
  r.draw_kind === 'drand' &&
  r.beacon_round !== null &&
  r.winning_number === null &&
  r.beacon_randomness === null;

/** The winning number the verified round gives this raffle's committed list (null: no lines). */
function winnerOf(raffle: BeaconDrawRow, beacon: VerifiedBeacon): { index: number; number: number } | null {
  const lines = soldListLines(raffle.draw_sold_list ?? '');
  // The count published at close must be the list's: otherwise the index would point elsewhere.
  if (raffle.line_count === null || lines.length !== raffle.line_count)
    throw new Error(beaconMessages.listMismatch);
  if (lines.length === 0) return null;
  if (!raffle.draw_commitment) throw new Error(beaconMessages.listMismatch);
  const index = winnerIndex(sha256, beacon.randomness, raffle.draw_commitment, lines.length);
  return { index, number: numberOnLine(lines[index]) };
}

/**
 * Draws one closed drand raffle from its round: fetch and verify the round (outside any
 * transaction: on PGlite an open transaction would stall every query for the length of the HTTP
 * call, decision 004), then, under the row lock, check it is still waiting and record the round,
 * the winner and the finish. Two instances may both fetch; only the first to lock draws. Throws
 * (Spanish message) when the round cannot be had or does not verify; the raffle stays closed.
 */
export async function drawFromBeacon(
  db: Db,
  raffleId: string,
  fetchRound: FetchRound,
): Promise<BeaconDrawOutcome> {
  const before = await beaconRepo.find(db, raffleId);
  if (!waitingForRound(before)) return { outcome: 'skipped' };
  const round = Number(before.beacon_round);
  if (roundTime(round).getTime() > Date.now()) return { outcome: 'too_early', round };
  const beacon = await fetchRound(round);
  if (beacon.round !== round) throw new Error(beaconMessages.wrongRound(round, beacon.round));
  return db.transaction(async (tx) => {
    const raffle = await beaconRepo.find(tx, raffleId, { lock: true });
    if (!waitingForRound(raffle) || Number(raffle.beacon_round) !== round)
      return { outcome: 'skipped' as const };
    const winner = winnerOf(raffle, beacon);
    await beaconRepo.finish(tx, raffleId, { ...beacon, winningNumber: winner?.number ?? null });
    return winner
      ? { outcome: 'drawn' as const, round, index: winner.index, winningNumber: winner.number }
      : { outcome: 'no_lines' as const, round };
  });
}

/** One pass: every raffle whose round is out, one at a time; a failure is logged and retried next pass. */
export async function drawDueRaffles(db: Db, log: FastifyBaseLogger, fetchRound: FetchRound) {
  const results: (BeaconDrawOutcome & { raffleId: string })[] = [];
  for (const raffleId of await beaconRepo.dueRaffleIds(db)) {
    try {
      const outcome = await drawFromBeacon(db, raffleId, fetchRound);
      if (outcome.outcome === 'drawn' || outcome.outcome === 'no_lines')
        log.info({ raffleId, ...outcome }, 'raffle drawn from drand');
      results.push({ raffleId, ...outcome });
    } catch (error) {
      log.error({ err: error, raffleId }, 'drand draw failed; the raffle stays closed and is retried');
    }
  }
  return results;
}

/**
 * Every BEACON_CHECK_SECONDS, draws the closed drand raffles whose round is out. Several instances
 * may run it: the row lock and the still-closed check make one of them draw. Timers are unref'd.
 */
export function startBeaconDrawJob(options: {
  db: Db;
  log: FastifyBaseLogger;
  everyMs: number;
  fetchRound: FetchRound;
  firstRunMs?: number;
  /** Each raffle drawn (the audit log records the system's draw). */
  onDrawn?: (raffleId: string, outcome: BeaconDrawOutcome) => void;
}): () => void {
  return repeat(
    async () => {
      for (const { raffleId, ...outcome } of await drawDueRaffles(
        options.db,
        options.log,
        options.fetchRound,
      )) {
        if (outcome.outcome === 'drawn' || outcome.outcome === 'no_lines')
          options.onDrawn?.(raffleId, outcome);
      }
    },
    {
      everyMs: options.everyMs,
      firstMs: options.firstRunMs ?? 5_000,
      onError: (error) => options.log.error({ err: error }, 'drand draw job failed'),
    },
  );
}
