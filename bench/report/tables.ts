// A database section's markdown: one table with a column per database, its notes, its verdicts, and
// why a database's column is empty when the section failed there.
import type { DbKind } from '../harness';
import { oneLine } from './format';
import { type DbResults, type DbSection, KINDS, type Outcome } from './results';
import { type Verdict, verdictLines } from './verdicts';

type Cell = string;
export type Row = [figure: string, cells: Record<DbKind, Cell>, reference: string];

function table(rows: Row[], dbs: Record<DbKind, DbResults>): string {
  const head = `| figure | ${KINDS.map((k) => dbs[k].label).join(' | ')} | reference / target |`;
  const sep = `|---|${KINDS.map(() => '---').join('|')}|---|`;
  return [
    head,
    sep,
    ...rows.map(([f, cells, ref]) => `| ${f} | ${KINDS.map((k) => cells[k]).join(' | ')} | ${ref} |`),
  ].join('\n');
}

/** Per database: the value of a section, or the reason it is missing. */
export function cells<T>(
  dbs: Record<DbKind, DbResults>,
  section: DbSection,
  render: (value: T) => string,
): Record<DbKind, Cell> {
  const out = {} as Record<DbKind, Cell>;
  for (const k of KINDS) {
    const db = dbs[k];
    const outcome = db[section] as Outcome<T>;
    if (db.skipped) out[k] = 'not measured';
    else if (!outcome) out[k] = 'not run';
    else if (!outcome.ok) out[k] = 'failed';
    else out[k] = render(outcome.value);
  }
  return out;
}

/** The databases where a section succeeded, with its result: what the verdicts are decided on. */
export function values<T>(dbs: Record<DbKind, DbResults>, section: DbSection): Partial<Record<DbKind, T>> {
  const out: Partial<Record<DbKind, T>> = {};
  for (const k of KINDS) {
    const outcome = dbs[k][section] as Outcome<T>;
    if (outcome?.ok) out[k] = outcome.value;
  }
  return out;
}

function failures(dbs: Record<DbKind, DbResults>, section: DbSection) {
  const lines = KINDS.flatMap((k) => {
    const o = dbs[k][section];
    return o && !o.ok ? [`- ${dbs[k].label}: this section failed: \`${oneLine(o.error)}\``] : [];
  });
  return lines.length ? `\n${lines.join('\n')}\n` : '';
}

export function sectionMarkdown(
  title: string,
  dbs: Record<DbKind, DbResults>,
  section: DbSection,
  part: { rows: Row[]; notes: string; verdicts: Verdict[] },
): string {
  return `## ${title}\n\n${table(part.rows, dbs)}\n${part.notes}\n\n${verdictLines(part.verdicts, dbs)}\n${failures(dbs, section)}`;
}
