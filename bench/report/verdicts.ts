// A verdict is one target met or missed, per database. Each section lists its own under its table;
// the document gathers all of them into the targets table at the top.
import type { DbKind } from '../harness';
import { type DbResults, KINDS } from './results';

export type Verdict = {
  target: string;
  per: Partial<Record<DbKind, { met: boolean; detail: string }>>;
  note?: string;
  /** Misses that belong to no database (Lighthouse pages). */
  missed?: string[];
};

/** A section of the document and the verdicts it contributes to the targets table. */
export type Section = { markdown: string; verdicts: Verdict[] };

/** The "- Target: ... — PGlite **met** (...)" lines under a section's table. */
export function verdictLines(verdicts: Verdict[], dbs: Record<DbKind, DbResults>): string {
  return verdicts
    .map((v) => {
      const parts = KINDS.filter((k) => v.per[k]).map((k) => {
        const r = v.per[k] as { met: boolean; detail: string };
        return `${dbs[k].label} **${r.met ? 'met' : 'MISSED'}** (${r.detail})`;
      });
      if (parts.length === 0) parts.push('not measured');
      return `- Target: ${v.target} — ${parts.join('; ')}${v.note ? `. ${v.note}` : ''}`;
    })
    .join('\n');
}

/** One row per verdict of the targets table: met or missed per database, without the details. */
export function targetRows(verdicts: Verdict[], dbs: Record<DbKind, DbResults>): string[] {
  return verdicts.map((v) => {
    const parts = KINDS.filter((k) => v.per[k]).map(
      (k) => `${dbs[k].label} ${(v.per[k] as { met: boolean }).met ? 'met' : '**MISSED**'}`,
    );
    return `| ${v.target} | ${parts.length ? parts.join(', ') : v.note || 'not measured'} |`;
  });
}

/** Every miss with its detail, so the top of the document says what failed without scrolling. */
export function missedTargets(verdicts: Verdict[], dbs: Record<DbKind, DbResults>): string[] {
  return verdicts.flatMap((v) => [
    ...KINDS.filter((k) => v.per[k] && !(v.per[k] as { met: boolean }).met).map(
      (k) => `${v.target} — ${dbs[k].label}: ${(v.per[k] as { detail: string }).detail}`,
    ),
    ...(v.missed ?? []),
  ]);
}
