import type { Raffle } from '@domain/raffles';

/** The sealed-draw fields of a raffle that has not closed and declared no source (for fixtures). */
export const openRaffleDrawFields: Pick<
  Raffle,
  | 'closed_at'
  | 'commitment_version'
  | 'line_count'
  | 'closing_extensions'
  | 'clarifications'
  | 'draw_kind'
  | 'draw_lottery'
  | 'draw_at'
  | 'draw_rule'
  | 'draw_rule_text'
  | 'draw_result'
> = {
  closed_at: null,
  commitment_version: null,
  line_count: null,
  closing_extensions: [],
  clarifications: [],
  draw_kind: null,
  draw_lottery: null,
  draw_at: null,
  draw_rule: null,
  draw_rule_text: null,
  draw_result: null,
};
