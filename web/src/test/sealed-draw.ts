import type { SealedDrawFields } from '@domain/raffles';

/** The sealed-draw fields of a raffle that has not closed and declared no source (for fixtures). */
export const openRaffleDrawFields: SealedDrawFields = {
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
