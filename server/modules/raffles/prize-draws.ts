import { formatDateTime } from '../../../domain/dates';
import { drawMessages } from '../../../domain/draw-messages';
import { drawTermsMessages, numberFromLotteryResult } from '../../../domain/draw-terms';
import {
  alreadyWonBy,
  type PrizeSlot,
  pendingEarlierPrize,
  prizeLabel,
  prizeMessages,
  type SkippedResult,
  type StoredPrize,
} from '../../../domain/prize-rules';
import { isClosedStatus } from '../../../domain/raffle-lifecycle';
import { ConflictError, NotFoundError, UnprocessableError } from '../../lib/errors';
import type { RaffleRow } from './raffles.repo';

// How an additional prize (decision 042) is drawn, on a raffle row locked FOR UPDATE: the checks
// of its turn, then the number its source gives under the repeat rule. The caller stores the
// prizes this returns and reads nothing else.

type Row = Pick<
  RaffleRow,
  | 'status'
  | 'winningNumber'
  | 'drawnAt'
  | 'prizes'
  | 'prizeRepeatRule'
  | 'drawCommitment'
  | 'digitCount'
  | 'totalNumbers'
>;

/** Every prize of the raffle as the order and repeat rules see it (position 1: the raffle's own). */
export function prizeSlots(row: Row): PrizeSlot[] {
  return [
    {
      position: 1,
      pre_draw: false,
      drawn: row.status === 'finalizada',
      won_number: row.winningNumber,
    },
    ...row.prizes.map((p, i) => ({
      position: i + 2,
      pre_draw: p.pre_draw_at !== null,
      drawn: p.drawn_at !== null,
      won_number: p.void_reason ? null : p.winning_number,
    })),
  ];
}

/** The additional prize at `position`, if it may be drawn now (else the 404/409 that says why). */
export function prizeToDraw(row: Row, position: number): StoredPrize {
  const prize = row.prizes[position - 2];
  if (!prize) throw new NotFoundError(prizeMessages.noSuchPrize, 'PRIZE_NOT_FOUND');
  if (prize.drawn_at) throw new ConflictError(prizeMessages.alreadyDrawn, 'ALREADY_DRAWN');
  if (prize.pre_draw_at) {
    if (!prize.pre_list) throw new ConflictError(prizeMessages.preDrawNotFrozen, 'PRE_DRAW_NOT_SEALED');
    return prize;
  }
  if (!isClosedStatus(row.status)) throw new ConflictError(prizeMessages.notClosed, 'RAFFLE_NOT_CLOSED');
  if (row.drawCommitment === null) throw new ConflictError(drawMessages.listPublishing, 'LIST_PUBLISHING');
  const earlier = pendingEarlierPrize(prizeSlots(row), position);
  if (earlier !== null)
    throw new ConflictError(prizeMessages.previousFirst(earlier), 'PRIZE_ORDER', { pending: earlier });
  return prize;
}

/**
 * What the source gave: the result as published (lottery) or the round (drand), and the number;
 * `resultAt`, when the lottery draw of a next result took place (decision 084).
 */
export type SourceOutcome = {
  result: string | null;
  round: number | null;
  number: number | null;
  resultAt?: string | null;
};

/**
 * The prizes after `position`'s source gave `outcome`. A number that already won a prize of the
 * same group: under `siguiente_resultado` the outcome is kept as skipped and the prize waits for
 * the next result (drand: the next round); under `sin_ganador` it is drawn without a winner. A
 * pre-sorteo's number not on its sealed list is drawn without a winner (`no_elegible`).
 */
export function recordOutcome(
  row: Row,
  position: number,
  outcome: SourceOutcome,
  context: {
    eligible: (number: number) => boolean;
    winner: (number: number) => StoredPrize['winner_masked'];
    now?: Date;
  },
): { prizes: StoredPrize[]; waitsForNext: boolean; repeatedOf: number | null } {
  const prizes = row.prizes.map((p) => ({ ...p }));
  const prize = prizes[position - 2] as StoredPrize;
  const drawnAt = (context.now ?? new Date()).toISOString();
  const base = {
    result: outcome.result ?? prize.result,
    ...(outcome.resultAt ? { result_at: outcome.resultAt } : {}),
    drawn_at: drawnAt,
  };
  if (outcome.number === null) {
    Object.assign(prize, base, { winning_number: null, void_reason: null, winner_masked: null });
    return { prizes, waitsForNext: false, repeatedOf: null };
  }
  const number = outcome.number;
  const repeatedOf = alreadyWonBy(prizeSlots(row), position, number);
  if (repeatedOf !== null && row.prizeRepeatRule === 'siguiente_resultado') {
    const skipped: SkippedResult = {
      result: outcome.result,
      round: outcome.round,
      number,
      ...(outcome.resultAt ? { result_at: outcome.resultAt } : {}),
    };
    prize.skipped = [...prize.skipped, skipped];
    if (outcome.round !== null) prize.beacon_round = outcome.round + 1;
    return { prizes, waitsForNext: true, repeatedOf };
  }
  const voidReason =
    repeatedOf !== null ? 'repetido' : prize.pre_draw_at && !context.eligible(number) ? 'no_elegible' : null;
  Object.assign(prize, base, {
    winning_number: number,
    void_reason: voidReason,
    winner_masked: voidReason ? null : context.winner(number),
  });
  return { prizes, waitsForNext: false, repeatedOf };
}

const resultAtError = (message: string) =>
  new UnprocessableError(message, 'VALIDATION_ERROR', { fields: [{ path: 'result_at', message }] });

/**
 * When the lottery draw of this result took place (decision 084). A prize's first result is its
 * declared draw's (no time is sent). A next result, after one that repeated a number, names its
 * draw: later than the one before it and not in the future, so that anyone can look it up and see
 * that staff took the next draw, not one they chose.
 */
export function nextResultAt(
  prize: StoredPrize,
  resultAt: string | undefined,
  now = Date.now(),
): string | null {
  const previous = prize.skipped.at(-1);
  if (!previous) {
    if (resultAt !== undefined) throw resultAtError(prizeMessages.resultAtOnlyNext);
    return null;
  }
  if (resultAt === undefined) throw resultAtError(prizeMessages.nextResultAtRequired);
  const at = new Date(resultAt);
  const before = previous.result_at ?? prize.draw_at;
  if (before && at.getTime() <= new Date(before).getTime())
    throw resultAtError(prizeMessages.nextResultAtNotLater(formatDateTime(before)));
  if (at.getTime() > now) throw resultAtError(prizeMessages.nextResultAtFuture);
  return at.toISOString();
}

/** The number a lottery result gives a prize, checked like the main draw's (DRAW_TOO_EARLY, 422). */
export function lotteryNumber(row: Row, prize: StoredPrize, result: string | undefined): number {
  if (prize.draw_kind === 'drand')
    throw new ConflictError(drawTermsMessages.beaconDrawsItself, 'BEACON_DRAW');
  if (result === undefined) {
    const message = drawTermsMessages.resultRequired;
    throw new UnprocessableError(message, 'VALIDATION_ERROR', { fields: [{ path: 'result', message }] });
  }
  if (prize.draw_at && new Date(prize.draw_at).getTime() > Date.now()) {
    throw new ConflictError(drawTermsMessages.resultTooEarly, 'DRAW_TOO_EARLY', { draw_at: prize.draw_at });
  }
  const derived = numberFromLotteryResult(prize.draw_rule ?? '', result, row);
  if (!derived.ok) {
    throw new UnprocessableError(derived.message, 'VALIDATION_ERROR', {
      fields: [{ path: 'result', message: derived.message }],
    });
  }
  return derived.number;
}

export const repeatedMessage = (row: Row, number: number, wonBy: number) =>
  prizeMessages.repeatedNext(String(number).padStart(row.digitCount, '0'), prizeLabel(wonBy));
