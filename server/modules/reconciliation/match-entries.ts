import type { StatementRowState } from '../../../domain/reconciliation';
import { referenceKey, statementReferenceMatches, withoutLeadingZeros } from '../../../domain/references';
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

type CandidateIndex = { byKey: Map<string, PaymentCandidate[]>; byBareKey: Map<string, PaymentCandidate[]> };

function push(map: Map<string, PaymentCandidate[]>, key: string, candidate: PaymentCandidate) {
  const list = map.get(key);
  if (list) list.push(candidate);
  else map.set(key, [candidate]);
}

/**
 * Candidates by their reference key, so a credit looks up its key and each of its suffixes, and by
 * that key without leading zeros, so a credit whose zeros a spreadsheet dropped still finds them.
 */
function indexByKey(candidates: PaymentCandidate[]): CandidateIndex {
  const index: CandidateIndex = { byKey: new Map(), byBareKey: new Map() };
  for (const candidate of candidates) {
    const key = referenceKey(candidate.reference);
    if (!key) continue;
    push(index.byKey, key, candidate);
    push(index.byBareKey, withoutLeadingZeros(key), candidate);
  }
  return index;
}

function candidatesFor(entry: StatementEntry, index: CandidateIndex) {
  const key = entry.referenceKey;
  if (!key) return [];
  const found = new Map<string, PaymentCandidate>();
  const add = (candidate: PaymentCandidate) => {
    if (withinPaymentWindow(entry.postedOn, candidate.day)) found.set(candidate.id, candidate);
  };
  for (let length = Math.min(MIN_SUFFIX, key.length); length <= key.length; length++) {
    const reported = key.slice(key.length - length);
    if (!statementReferenceMatches(key, reported)) continue;
    for (const candidate of index.byKey.get(reported) ?? []) add(candidate);
  }
  for (const candidate of index.byBareKey.get(withoutLeadingZeros(key)) ?? []) add(candidate);
  return [...found.values()];
}

/** How a payment was reported: one transfer reported twice shows as two of these. */
const reportOf = (candidate: PaymentCandidate) => `${candidate.method}:${referenceKey(candidate.reference)}`;

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
    // Pending reports of one credit under two references or methods (a copy typed shorter, or
    // under another method): one transfer reported twice, and a copy within the amount's tolerance
    // would ride along in the sum. A person decides.
    const reports = new Set(candidates.filter((c) => c.status === 'pending').map(reportOf));
    if (reports.size > 1) return { state: 'duplicate', payments: pending };
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
    const reports = new Set(candidates.filter((c) => c.status === 'approved').map(reportOf));
    return { state: reports.size > 1 ? 'duplicate' : 'already_reconciled', payments: approved };
  }
  return { state: 'unreported', payments: [] };
}

/**
 * Each credit's state. A reference seen twice in the statement, or already on a credit imported
 * before (`importedKeys`: keys without their leading zeros), is a duplicate, as are credits claiming the same pending payment: a
 * person decides those. The others are matched by reference, date window and amount.
 */
export function matchEntries(
  entries: StatementEntry[],
  candidates: PaymentCandidate[],
  importedKeys: ReadonlySet<string>,
): EntryMatch[] {
  const byKey = indexByKey(candidates);
  const seen = new Map<string, number>();
  const bareKey = (entry: StatementEntry) =>
    entry.referenceKey ? withoutLeadingZeros(entry.referenceKey) : null;
  for (const entry of entries) {
    const key = bareKey(entry);
    if (key) seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  const results = entries.map((entry) => {
    const match = matchOne(entry, candidatesFor(entry, byKey));
    const key = bareKey(entry);
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
