import type { StatementRowState } from '../../../domain/reconciliation';
import { referenceKey, statementReferenceMatches } from '../../../domain/references';
import { expectedVesCents, vesAmountMatches, withinPaymentWindow } from '../../../domain/statement-matching';
import type { StatementEntry } from './statement-layout';

/** A reported payment a credit may pay: pending (to approve) or approved (already reconciled). */
export type PaymentCandidate = {
  id: string;
  status: 'pending' | 'approved';
  reference: string;
  /** How it was paid: a reference is unique per method (decision 019), so one transfer may hide under two. */
  method?: string;
  amountCents: number;
  rateToUsd: number | null;
  /** The payment's day in Caracas, "YYYY-MM-DD". */
  day: string;
};

export type EntryMatch = {
  state: StatementRowState;
  payments: { id: string; expectedVesCents: number | null }[];
};

/** Shortest reported reference the statement's may end with (the rule in domain/references.ts). */
const MIN_SUFFIX = 6;

/** Candidates by their reference key, so a credit looks up its key and each of its suffixes. */
function indexByKey(candidates: PaymentCandidate[]) {
  const byKey = new Map<string, PaymentCandidate[]>();
  for (const candidate of candidates) {
    const key = referenceKey(candidate.reference);
    if (!key) continue;
    const list = byKey.get(key);
    if (list) list.push(candidate);
    else byKey.set(key, [candidate]);
  }
  return byKey;
}

function candidatesFor(entry: StatementEntry, byKey: Map<string, PaymentCandidate[]>) {
  const key = entry.referenceKey;
  if (!key) return [];
  const found: PaymentCandidate[] = [];
  for (let length = Math.min(MIN_SUFFIX, key.length); length <= key.length; length++) {
    const reported = key.slice(key.length - length);
    if (!statementReferenceMatches(key, reported)) continue;
    for (const candidate of byKey.get(reported) ?? []) {
      if (withinPaymentWindow(entry.postedOn, candidate.day)) found.push(candidate);
    }
  }
  return found;
}

const withExpected = (candidate: PaymentCandidate) => ({
  id: candidate.id,
  expectedVesCents: expectedVesCents(candidate.amountCents, candidate.rateToUsd),
});

/** One credit against the payments its reference names (see STATEMENT_ROW_STATES). */
function matchOne(entry: StatementEntry, candidates: PaymentCandidate[]): EntryMatch {
  const pending = candidates.filter((c) => c.status === 'pending').map(withExpected);
  const approved = candidates.filter((c) => c.status === 'approved').map(withExpected);
  if (pending.length > 0) {
    // A credit an approved payment already holds pays nothing more: a pending one claiming it too
    // (its digits typed shorter, or under another method) is a second report of one transfer, and a
    // person decides (decision 059).
    if (approved.length > 0) return { state: 'duplicate', payments: [...pending, ...approved] };
    // One transfer for several numbers: each number's payment reported with the same reference.
    const expected = pending.map((p) => p.expectedVesCents);
    const total = expected.includes(null) ? null : expected.reduce((sum, e) => (sum ?? 0) + (e ?? 0), 0);
    if (vesAmountMatches(entry.amountVesCents, total)) return { state: 'matched', payments: pending };
    const alone = pending.filter((p) => vesAmountMatches(entry.amountVesCents, p.expectedVesCents));
    if (alone.length === 1) return { state: 'matched', payments: alone };
    return { state: 'amount_mismatch', payments: pending };
  }
  if (approved.length > 0) {
    // Approved under two references or methods (a copy recorded by hand, or approved by hand
    // meanwhile): one transfer counted twice, shown to a person rather than called reconciled.
    const reports = new Set(
      candidates
        .filter((c) => c.status === 'approved')
        .map((c) => `${c.method}:${referenceKey(c.reference)}`),
    );
    return { state: reports.size > 1 ? 'duplicate' : 'already_reconciled', payments: approved };
  }
  return { state: 'unreported', payments: [] };
}

/**
 * Each credit's state. A reference seen twice in the statement, or already on a credit imported
 * before (`importedKeys`), is a duplicate, as are credits claiming the same pending payment: a
 * person decides those. The others are matched by reference, date window and amount.
 */
export function matchEntries(
  entries: StatementEntry[],
  candidates: PaymentCandidate[],
  importedKeys: ReadonlySet<string>,
): EntryMatch[] {
  const byKey = indexByKey(candidates);
  const seen = new Map<string, number>();
  for (const entry of entries) {
    if (entry.referenceKey) seen.set(entry.referenceKey, (seen.get(entry.referenceKey) ?? 0) + 1);
  }
  const results = entries.map((entry) => {
    const match = matchOne(entry, candidatesFor(entry, byKey));
    const key = entry.referenceKey;
    const repeated = key !== null && ((seen.get(key) ?? 0) > 1 || importedKeys.has(key));
    return repeated ? { ...match, state: 'duplicate' as const } : match;
  });
  // A pending payment claimed by two credits (two references ending with its digits).
  const claims = new Map<string, number>();
  for (const result of results) {
    if (result.state !== 'matched') continue;
    for (const payment of result.payments) claims.set(payment.id, (claims.get(payment.id) ?? 0) + 1);
  }
  return results.map((result) =>
    result.state === 'matched' && result.payments.some((p) => (claims.get(p.id) ?? 0) > 1)
      ? { ...result, state: 'duplicate' as const }
      : result,
  );
}
