import { formatDateTime } from '@domain/dates';
import { pendingEarlierPrize, prizeLabel } from '@domain/prize-rules';
import type { Raffle } from '@domain/raffles';

/** A prize staff may register a lottery result for now, as the register dialog shows it. */
export type PrizeChoice = {
  position: number;
  label: string;
  source: string;
  ruleText: string | null;
  /** The declared rule (which of the lottery's prizes it reads). */
  rule: string | null;
  drawAt: string | null;
  /**
   * A prize waiting for its next result (an earlier one repeated a number, decision 084): the draw
   * the next result must come after; null for a first result.
   */
  nextAfter: string | null;
};

/**
 * The lottery prizes whose result can be registered now (decision 042): the 1.º once closed, the
 * next main prize once every earlier one is drawn, a pre-sorteo once its list is sealed.
 */
export function registrablePrizes(raffle: Raffle): PrizeChoice[] {
  const closed = raffle.status === 'cerrada' || raffle.status === 'finalizada';
  const slots = raffle.prizes.map((p, i) => ({
    position: p.position,
    pre_draw: p.pre_draw_at !== null,
    drawn: i === 0 ? raffle.status === 'finalizada' : p.drawn_at !== null,
    won_number: p.void_reason ? null : p.winning_number,
  }));
  return raffle.prizes
    .filter((p, i) => {
      if (p.source.kind !== 'loteria' || slots[i]?.drawn) return false;
      if (p.pre_draw_at) return p.pre_list !== null;
      if (p.position === 1) return raffle.status === 'cerrada';
      return closed && pendingEarlierPrize(slots, p.position) === null;
    })
    .map((p) => ({
      position: p.position,
      label: `${p.pre_draw_at ? 'Pre-sorteo · ' : ''}${prizeLabel(p.position)}: ${p.title}`,
      source: p.source.lottery
        ? p.source.draw_at
          ? `${p.source.lottery}, ${formatDateTime(p.source.draw_at)}`
          : p.source.lottery
        : '',
      ruleText: p.source.rule_text,
      rule: p.source.rule,
      drawAt: p.source.draw_at,
      nextAfter:
        p.skipped.length > 0 ? (p.skipped[p.skipped.length - 1]?.result_at ?? p.source.draw_at) : null,
    }));
}
