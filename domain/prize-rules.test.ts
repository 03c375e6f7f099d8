import { describe, expect, it } from 'vitest';
import {
  alreadyWonBy,
  type PrizeDeclaration,
  type PrizeSlot,
  pendingEarlierPrize,
  prizeDeclarationProblems,
  prizeLabel,
  prizeSourcesDiffer,
  prizeTextsDiffer,
} from './prize-rules';

const HOUR = 3_600_000;
const now = Date.parse('2026-11-01T12:00:00Z');
const iso = (ms: number) => new Date(now + ms).toISOString();
const lottery = (drawAt: number, pre: number | null = null): PrizeDeclaration => ({
  draw_kind: 'loteria',
  draw_lottery: 'Triple Zulia',
  draw_rule: 'ultimos_digitos',
  draw_at: iso(drawAt),
  pre_draw_at: pre === null ? null : iso(pre),
});
const raffle = { closing_date: iso(2 * HOUR), main_kind: 'loteria' as const };

describe('prize labels', () => {
  it('says 1.er, 2.º, 3.er, 4.º premio', () => {
    expect([1, 2, 3, 4, 10].map(prizeLabel)).toEqual([
      '1.er premio',
      '2.º premio',
      '3.er premio',
      '4.º premio',
      '10.º premio',
    ]);
  });
});

describe('declared prizes', () => {
  it('needs the main source, a closing date, and at most 9 more', () => {
    expect(
      prizeDeclarationProblems([lottery(3 * HOUR)], { ...raffle, main_kind: null }, { now })[0]?.path,
    ).toBe('draw_kind');
    expect(
      prizeDeclarationProblems([lottery(3 * HOUR)], { ...raffle, closing_date: null }, { now })[0]?.path,
    ).toBe('closing_date');
    expect(prizeDeclarationProblems(Array(10).fill(lottery(3 * HOUR)), raffle, { now })[0]?.path).toBe(
      'prizes',
    );
    expect(prizeDeclarationProblems([], { closing_date: null, main_kind: null }, { now })).toEqual([]);
  });

  it('draws a main lottery prize after the close, a pre-sorteo before it and its lottery after its date', () => {
    expect(prizeDeclarationProblems([lottery(3 * HOUR)], raffle, { now })).toEqual([]);
    expect(prizeDeclarationProblems([lottery(HOUR)], raffle, { now })[0]?.path).toBe('prizes.0.draw_at');
    expect(prizeDeclarationProblems([lottery(HOUR + 60_000, HOUR)], raffle, { now })).toEqual([]);
    expect(prizeDeclarationProblems([lottery(HOUR / 2, HOUR)], raffle, { now })[0]?.path).toBe(
      'prizes.0.draw_at',
    );
    expect(prizeDeclarationProblems([lottery(4 * HOUR, 3 * HOUR)], raffle, { now })[0]?.path).toBe(
      'prizes.0.pre_draw_at',
    );
    const past = lottery(HOUR, -60_000);
    expect(prizeDeclarationProblems([past], raffle, { now })[0]?.path).toBe('prizes.0.pre_draw_at');
    // A pre-sorteo whose date passed (its list may be sealed) is only checked when it changes.
    expect(prizeDeclarationProblems([past], raffle, { now, checkFuture: () => false })).toEqual([]);
    const drand: PrizeDeclaration = { ...lottery(0), draw_kind: 'drand', draw_at: null };
    expect(prizeDeclarationProblems([drand], raffle, { now })).toEqual([]);
  });

  it('tells a change of source (frozen at the first sale) from a change of text (frozen at close)', () => {
    const a = lottery(3 * HOUR);
    expect(prizeSourcesDiffer([a], [{ ...a, draw_at: new Date(a.draw_at as string).toISOString() }])).toBe(
      false,
    );
    expect(prizeSourcesDiffer([a], [{ ...a, draw_lottery: 'Triple Caracas' }])).toBe(true);
    expect(prizeSourcesDiffer([a], [a, a])).toBe(true);
    const text = { title: 'TV', description: '', image: null };
    expect(prizeTextsDiffer([text], [{ ...text }])).toBe(false);
    expect(prizeTextsDiffer([text], [{ ...text, title: 'TV 55"' }])).toBe(true);
  });
});

describe('order and repeats', () => {
  const slots: PrizeSlot[] = [
    { position: 1, pre_draw: false, drawn: true, won_number: 47 },
    { position: 2, pre_draw: false, drawn: false, won_number: null },
    { position: 3, pre_draw: false, drawn: false, won_number: null },
    { position: 4, pre_draw: true, drawn: true, won_number: 12 },
  ];

  it('draws main prizes in order; a pre-sorteo has no turn to wait for', () => {
    expect(pendingEarlierPrize(slots, 2)).toBeNull();
    expect(pendingEarlierPrize(slots, 3)).toBe(2);
    expect(pendingEarlierPrize(slots, 4)).toBeNull();
  });

  it('a number wins one prize within its group; a pre-sorteo winner stays in the main draw', () => {
    expect(alreadyWonBy(slots, 2, 47)).toBe(1);
    expect(alreadyWonBy(slots, 2, 12)).toBeNull();
    expect(alreadyWonBy(slots, 4, 47)).toBeNull();
  });
});
