import type { PrizeView } from '@domain/prizes';

/**
 * A prize of a raffle as its public page shows it: drawn by the last digits of Triple Táchira A on
 * 21 nov 2026, 10:00 p. m. in Caracas, no result yet; tests override what they check.
 */
export function prizeViewFixture(position: number, changes: Partial<PrizeView> = {}): PrizeView {
  return {
    position,
    title: `Premio ${position}`,
    description: '',
    image: null,
    pre_draw_at: null,
    source: {
      kind: 'loteria',
      lottery: 'Triple Táchira A',
      draw_at: '2026-11-22T02:00:00.000Z',
      rule: 'ultimos_digitos',
      rule_text: null,
      beacon: null,
    },
    result: null,
    result_at: null,
    winning_number: null,
    drawn_at: null,
    void_reason: null,
    skipped: [],
    winner: null,
    pre_list: null,
    ...changes,
  };
}
