import {
  type ClosingExtension,
  type DrawKind,
  drawTermsMessages,
  type LotteryRule,
  lotteryRuleText,
} from '../../../domain/draw-terms';
import { salesClosed } from '../../../domain/raffle-lifecycle';
import { raffleMessages, type SealedDrawFields, type UpdateRaffle } from '../../../domain/raffles';
import type { Executor } from '../../db/client';
import { ConflictError, UnprocessableError } from '../../lib/errors';
import { type PublicRaffleRow, type RaffleRow, rafflesRepo } from './raffles.repo';

// The rules of issue 19 that a raffle edit must respect (decision 022): the closing date only moves
// forward once sales exist and never after it passed; the prize text freezes at close.

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The sealed-draw fields of a raffle answer. */
export function sealedDrawFields(row: PublicRaffleRow): SealedDrawFields {
  return {
    closed_at: iso(row.closedAt),
    commitment_version: row.commitmentVersion,
    line_count: row.lineCount,
    closing_extensions: row.closingExtensions,
    clarifications: row.clarifications,
    draw_kind: row.drawKind as DrawKind | null,
    draw_lottery: row.drawLottery,
    draw_at: iso(row.drawAt),
    draw_rule: row.drawRule as LotteryRule | null,
    draw_rule_text: row.drawRule ? lotteryRuleText(row.drawRule, row.digitCount, row.totalNumbers) : null,
    draw_result: row.drawResult,
  };
}

/** Whether an edit touches what the prize is: its name, description or photos. */
export function changesPrize(current: RaffleRow, input: UpdateRaffle): boolean {
  return (
    (input.name !== undefined && input.name !== current.name) ||
    (input.description !== undefined && input.description !== current.description) ||
    (input.images !== undefined && JSON.stringify(input.images) !== JSON.stringify(current.images))
  );
}

/**
 * A change of the closing date, checked under the raffle's lock: refused once the date passed;
 * once numbers were sold, only later (an extension, recorded and shown to buyers). Returns the
 * extension to record, or null.
 */
export async function closingDateChange(
  tx: Executor,
  current: RaffleRow,
  input: UpdateRaffle,
): Promise<ClosingExtension | null> {
  if (input.closing_date === undefined) return null;
  const next = input.closing_date ? new Date(input.closing_date) : null;
  if (iso(next) === iso(current.closingDate)) return null;
  if (salesClosed(current)) throw new ConflictError(drawTermsMessages.closingPassed, 'RAFFLE_CLOSED');
  if (next && next.getTime() <= Date.now()) {
    const message = raffleMessages.closingInPast;
    throw new UnprocessableError(message, 'VALIDATION_ERROR', {
      fields: [{ path: 'closing_date', message }],
    });
  }
  if (!current.closingDate || current.status === 'borrador') return null;
  const sold = (await rafflesRepo.withSales(tx, [current.id])).has(current.id);
  if (sold && (!next || next < current.closingDate)) {
    throw new ConflictError(drawTermsMessages.closingShortened, 'CLOSING_DATE_LOCKED');
  }
  return next && next > current.closingDate
    ? { from: current.closingDate.toISOString(), to: next.toISOString(), at: new Date().toISOString() }
    : null;
}
