// How figures are written in RESULTS.md: en-US digit grouping, units, and a repetitions' spread.
import { spread } from '../stats';

export const num = (x: number, digits = 0) =>
  Number.isFinite(x)
    ? x.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
    : 'n/a';

/** Fewer decimals as the figure grows: 3.25 ms, 32.5 ms, 325 ms. */
export const ms = (x: number) => `${num(x, x < 10 ? 2 : x < 100 ? 1 : 0)} ms`;

/** For a figure compared with a threshold: never rounded onto it. */
export const msExact = (x: number) => `${num(x, 1)} ms`;

/** A ratio: "0.56×". */
export const times = (x: number, digits = 0) => `${num(x, digits)}×`;

export const bytes = (x: number) => (x >= 10_240 ? `${num(x / 1024, 1)} KiB (${num(x)} B)` : `${num(x)} B`);

/** One figure over the repetitions: "median (min–max)", or just the value when they agree. */
export function repsSpread<T>(reps: T[], pick: (rep: T) => number, fmt: (x: number) => string): string {
  const s = spread(reps.map(pick));
  if (s.n === 0) return 'n/a';
  if (s.n === 1 || s.min === s.max) return fmt(s.median);
  return `${fmt(s.median)} (${fmt(s.min)}–${fmt(s.max)})`;
}

/** An error message on one line and short enough for a table or a list item. */
export const oneLine = (error: string) => error.replace(/\s+/g, ' ').slice(0, 400);
