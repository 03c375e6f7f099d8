import type { DrawInput } from '../../../domain/draw';
import { drawTermsMessages, numberFromLotteryResult } from '../../../domain/draw-terms';
import { prizeMessages } from '../../../domain/prize-rules';
import { ConflictError, UnprocessableError } from '../../lib/errors';
import type { RaffleRow } from './raffles.repo';

/** The winning number (and the result as published) the raffle's declared source gives. */
export function decideWinningNumber(
  raffle: RaffleRow,
  input: DrawInput,
): { winningNumber: number; drawResult?: string } {
  if (raffle.drawKind === 'drand')
    throw new ConflictError(drawTermsMessages.beaconDrawsItself, 'BEACON_DRAW');
  if (raffle.drawKind === 'loteria') {
    // The 1.er premio is decided by its declared draw: no next result, no other draw time.
    if (input.result_at !== undefined) {
      const message = prizeMessages.resultAtOnlyNext;
      throw new UnprocessableError(message, 'VALIDATION_ERROR', { fields: [{ path: 'result_at', message }] });
    }
    if (input.result === undefined) {
      const message = drawTermsMessages.resultRequired;
      throw new UnprocessableError(message, 'VALIDATION_ERROR', { fields: [{ path: 'result', message }] });
    }
    if (raffle.drawAt && raffle.drawAt.getTime() > Date.now()) {
      throw new ConflictError(drawTermsMessages.resultTooEarly, 'DRAW_TOO_EARLY', {
        draw_at: raffle.drawAt.toISOString(),
      });
    }
    const derived = numberFromLotteryResult(raffle.drawRule ?? '', input.result, raffle);
    if (!derived.ok) {
      throw new UnprocessableError(derived.message, 'VALIDATION_ERROR', {
        fields: [{ path: 'result', message: derived.message }],
      });
    }
    return { winningNumber: derived.number, drawResult: input.result };
  }
  if (input.winning_number === undefined) {
    const message = drawTermsMessages.legacyNeedsNumber;
    throw new UnprocessableError(message, 'VALIDATION_ERROR', {
      fields: [{ path: 'winning_number', message }],
    });
  }
  return { winningNumber: input.winning_number };
}
