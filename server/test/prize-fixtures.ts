/** Dates and lottery sources for tests of several prizes and pre-sorteos (decision 042). */

export const HOUR = 3_600_000;

/** An instant `ms` from now, as the API takes it. */
export const at = (ms: number) => new Date(Date.now() + ms).toISOString();

/** A declared lottery source: its last digits of the first prize, drawn at `drawAt`. */
export const lottery = (name: string, drawAt: string) => ({
  draw_kind: 'loteria',
  draw_lottery: name,
  draw_rule: 'ultimos_digitos',
  draw_at: drawAt,
});
