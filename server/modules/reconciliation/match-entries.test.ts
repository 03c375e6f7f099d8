import { describe, expect, it } from 'vitest';
import { referenceKey } from '../../../domain/references';
import { matchEntries, type PaymentCandidate } from './match-entries';
import type { StatementEntry } from './statement-layout';

const RATE = 245.5;
let line = 0;
const credit = (reference: string, amountVesCents: number, postedOn = '2026-11-03'): StatementEntry => ({
  line: ++line,
  postedOn,
  reference,
  referenceKey: referenceKey(reference),
  description: '',
  amountVesCents,
  checksum: `c${line}`,
});
let id = 0;
const payment = (
  reference: string,
  amountCents: number,
  more: Partial<PaymentCandidate> = {},
): PaymentCandidate => ({
  id: `p${++id}`,
  status: 'pending',
  reference,
  amountCents,
  rateToUsd: RATE,
  day: '2026-11-03',
  ...more,
});
const states = (entries: StatementEntry[], candidates: PaymentCandidate[], imported: string[] = []) =>
  matchEntries(entries, candidates, new Set(imported)).map((m) => m.state);

describe('matching a credit to the payments buyers reported', () => {
  it('matches by normalised reference, amount within the rounding, and date window', () => {
    const p = payment('REF-40218833', 1000);
    const [match] = matchEntries([credit('40218833', 245_500 + 900)], [p], new Set());
    expect(match).toEqual({ state: 'matched', payments: [{ id: p.id, expectedVesCents: 245_500 }] });
  });

  it('matches a longer statement reference that ends with the reported digits (6 or more)', () => {
    expect(states([credit('000040551234', 245_500)], [payment('40551234', 1000)])).toEqual(['matched']);
    expect(states([credit('201126884410', 245_500)], [payment('884410', 1000)])).toEqual(['matched']);
    expect(states([credit('201126884410', 245_500)], [payment('84410', 1000)])).toEqual(['unreported']);
  });

  it('says the amount differs when the reference matches but the money does not', () => {
    expect(states([credit('55512309', 200_000)], [payment('55512309', 1000)])).toEqual(['amount_mismatch']);
    expect(states([credit('55512310', 245_500)], [payment('55512310', 1000, { rateToUsd: null })])).toEqual([
      'amount_mismatch',
    ]);
  });

  it('leaves to a person a credit an approved payment holds and a pending one claims too (decision 059)', () => {
    const approved = payment('0102448833', 1000, { status: 'approved' });
    const shorter = payment('02448833', 1000);
    const [match] = matchEntries([credit('0102448833', 245_500)], [approved, shorter], new Set());
    expect(match?.state).toBe('duplicate');
    expect(match?.payments.map((p) => p.id).sort()).toEqual([approved.id, shorter.id].sort());
    expect(
      states([credit('0102448834', 245_500)], [payment('0102448834', 1000, { status: 'approved' })]),
    ).toEqual(['already_reconciled']);
  });

  it('matches one transfer for several numbers: the payments of one reference, summed', () => {
    const three = [payment('77665544', 500), payment('77665544', 500), payment('77665544', 500)];
    const [match] = matchEntries([credit('77665544', 3 * 122_750)], three, new Set());
    expect(match?.state).toBe('matched');
    expect(match?.payments.map((p) => p.id)).toEqual(three.map((p) => p.id));
  });

  it('leaves to a person pending reports of one credit under two references or methods (decision 085)', () => {
    // A copy of 50 cents fits in the amount's tolerance: summed, it would ride along.
    const buyer = payment('0102448840', 1000, { method: 'transfer' });
    const copy = payment('02448840', 0.5 * 100, { method: 'transfer' });
    const [match] = matchEntries([credit('0102448840', 245_500)], [buyer, copy], new Set());
    expect(match?.state).toBe('duplicate');
    const otherMethod = payment('0102448841', 50, { method: 'pago_movil' });
    expect(
      states(
        [credit('0102448841', 245_500)],
        [payment('0102448841', 1000, { method: 'transfer' }), otherMethod],
      ),
    ).toEqual(['duplicate']);
  });

  it('finds the payments of a credit whose leading zeros a spreadsheet dropped (decision 085)', () => {
    const approved = payment('0001234567', 1000, { status: 'approved', method: 'transfer' });
    const copy = payment('1234567', 1000, { method: 'transfer' });
    expect(states([credit('1234567', 245_500)], [approved, copy])).toEqual(['duplicate']);
    expect(states([credit('1234568', 245_500)], [payment('0001234568', 1000)])).toEqual(['matched']);
    // Imported before with its zeros: the same credit again (the keys come without them).
    expect(states([credit('1234569', 245_500)], [], ['1234569'])).toEqual(['duplicate']);
    expect(states([credit('0001234570', 245_500), credit('1234570', 245_500)], [])).toEqual([
      'duplicate',
      'duplicate',
    ]);
  });

  it('picks the one payment whose amount fits when the sum does not', () => {
    const right = payment('88776655', 1000);
    const [match] = matchEntries(
      [credit('88776655', 245_500)],
      [right, payment('88776655', 4000)],
      new Set(),
    );
    expect(match?.payments.map((p) => p.id)).toEqual([right.id]);
  });

  it('calls an approved payment already reconciled, and no payment unreported', () => {
    expect(
      states([credit('26884999', 368_250)], [payment('26884999', 1500, { status: 'approved' })]),
    ).toEqual(['already_reconciled']);
    expect(states([credit('93310087', 1_234_567)], [])).toEqual(['unreported']);
    expect(states([credit('', 1000)], [payment('', 1000)])).toEqual(['unreported']);
  });

  it('ignores payments reported outside the 3-day window', () => {
    expect(
      states([credit('40559001', 245_500, '2026-11-12')], [payment('40559001', 1000, { day: '2026-11-07' })]),
    ).toEqual(['unreported']);
    expect(
      states([credit('40559002', 245_500, '2026-11-10')], [payment('40559002', 1000, { day: '2026-11-07' })]),
    ).toEqual(['matched']);
  });

  it('flags a reference seen twice in the statement, or imported before, as duplicate', () => {
    const p = payment('12345987', 1000);
    expect(states([credit('12345987', 245_500), credit('12345987', 245_500)], [p])).toEqual([
      'duplicate',
      'duplicate',
    ]);
    expect(states([credit('12345988', 245_500)], [payment('12345988', 1000)], ['12345988'])).toEqual([
      'duplicate',
    ]);
  });

  it('flags two credits that claim the same payment as duplicates', () => {
    const p = payment('884410', 1000);
    expect(states([credit('111884410', 245_500), credit('222884410', 245_500)], [p])).toEqual([
      'duplicate',
      'duplicate',
    ]);
  });
});
