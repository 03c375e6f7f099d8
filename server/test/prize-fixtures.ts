/** Dates and lottery sources for tests of several prizes and pre-sorteos (decision 042). */

export const HOUR = 3_600_000;

/** An instant `ms` from now, as the API takes it. */
export const at = (ms: number) => new Date(Date.now() + ms).toISOString();
/** A closing date an hour from now: far enough for a test's sales, moved past by `closingDatePassed`. */
export const inAnHour = () => at(HOUR);

/** A declared lottery source: its last digits of the first prize, drawn at `drawAt`. */
export const lottery = (name: string, drawAt: string) => ({
  draw_kind: 'loteria',
  draw_lottery: name,
  draw_rule: 'ultimos_digitos',
  draw_at: drawAt,
});

/** A raffle of 100 numbers closing `ms` from now, its 1.º premio the Triple Táchira an hour later. */
export function closingIn(ms: number) {
  const closing = Date.now() + ms;
  return {
    total_numbers: 100,
    digit_count: 2,
    closing_date: new Date(closing).toISOString(),
    ...lottery('Triple Táchira', new Date(closing + HOUR).toISOString()),
  };
}

/**
 * A raffle body of 100 numbers closing in two hours with a pre-sorteo in one (both from lotteries,
 * drawn a little after their dates).
 */
export function preDrawRaffleBody() {
  return {
    ...closingIn(2 * HOUR),
    prizes: [
      { title: 'Pre-sorteo: $50', pre_draw_at: at(HOUR), ...lottery('Triple Zulia', at(HOUR + 60_000)) },
    ],
  };
}

/** A raffle of 100 numbers: 1.º from the Triple Táchira, 2.º and 3.º from other lotteries. */
export function threePrizes(overrides: Record<string, unknown> = {}) {
  return {
    ...closingIn(HOUR),
    prizes: [
      { title: 'Televisor 50"', description: 'Smart TV', ...lottery('Triple Zulia', at(2 * HOUR + 60_000)) },
      { title: 'Bono de $100', ...lottery('Triple Caracas', at(2 * HOUR + 120_000)) },
    ],
    ...overrides,
  };
}
