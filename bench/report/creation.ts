// The raffle creation section: creating a large raffle (one row) against the old way (a row
// per number), and whether /api/health stays answered meanwhile.
import type { CreationResult, CreationSizes } from '../creation';
import type { DbKind } from '../harness';
import { spread } from '../stats';
import { ms, msExact, num, repsSpread, times } from './format';
import { type DbResults, KINDS } from './results';
import { cells, type Row, sectionMarkdown, values } from './tables';
import type { Section, Verdict } from './verdicts';

type Rep = CreationResult['reps'][number];

export function creationSection(dbs: Record<DbKind, DbResults>, s: CreationSizes): Section {
  const v = values<CreationResult>(dbs, 'creation');
  const perDb = (render: (r: CreationResult) => string) => cells(dbs, 'creation', render);
  const perRep = (pick: (x: Rep) => number, fmt: (x: number) => string) =>
    perDb((r) => repsSpread(r.reps, pick, fmt));
  const total = num(s.total);
  const rows: Row[] = [
    [`POST /api/raffles, ${total} numbers`, perRep((x) => x.newMs, ms), 'target < 200 ms'],
    [
      `Old way: a row per number in batches of ${s.batch} (time for ${total} rows)`,
      perDb(
        (r) =>
          `${repsSpread(
            r.reps,
            (x) => x.old.projectedMs,
            (x) => `${num(x / 1000, 1)} s`,
          )}${r.reps.some((x) => !x.old.finished) ? ' (projected)' : ''}`,
      ),
      'reference',
    ],
    [
      'Old way: rows written / statements before its time cap',
      perDb((r) =>
        r.reps
          .map((x) => `${num(x.old.rows)} / ${num(x.old.statements)}${x.old.finished ? '' : ' (capped)'}`)
          .join(', '),
      ),
      `cap ${num(s.oldTimeLimitMs / 1000)} s per repetition; linear projection beyond`,
    ],
    ['Old way / new way', perRep((x) => x.old.projectedMs / x.newMs, times), 'reference'],
    [
      '/api/health while the new creation runs: probes, max',
      perDb(
        (r) =>
          `${r.reps.map((x) => x.newHealth.n).join(', ')}; ${repsSpread(r.reps, (x) => x.newHealth.max, ms)}`,
      ),
      'target max ≤ 500 ms',
    ],
    [
      '/api/health while the old way runs: p50 / max',
      perDb(
        (r) =>
          `${repsSpread(r.reps, (x) => x.oldHealth.p50, ms)} / ${repsSpread(r.reps, (x) => x.oldHealth.max, ms)}`,
      ),
      'reference',
    ],
  ];
  const verdicts: Verdict[] = [
    {
      target: `creating a ${total}-number raffle takes < 200 ms`,
      per: Object.fromEntries(
        Object.entries(v).map(([k, r]) => {
          const newMs = spread(r.reps.map((x) => x.newMs));
          return [
            k,
            {
              met: newMs.median < 200,
              detail: `median ${msExact(newMs.median)}, slowest ${msExact(newMs.max)}${newMs.max >= 200 && newMs.median < 200 ? ' (one repetition over)' : ''}`,
            },
          ];
        }),
      ),
    },
    {
      target: '/api/health ≤ 500 ms while a raffle is being created',
      per: Object.fromEntries(
        Object.entries(v).map(([k, r]) => {
          const max = Math.max(...r.reps.map((x) => x.newHealth.max).filter(Number.isFinite));
          const probes = r.reps.reduce((sum, x) => sum + x.newHealth.n, 0);
          return [k, { met: probes > 0 && max <= 500, detail: `max ${msExact(max)} over ${probes} probes` }];
        }),
      ),
    },
  ];
  const notes = [
    '',
    'How: A) one POST /api/raffles (the server inserts the raffle row only), B) the old way into a scratch table',
    '`bench_old_tickets` (`like tickets including defaults including indexes`, dropped after each repetition),',
    'interleaved A, B, A, B, A, B after a warm-up. A prober calls GET /api/health back to back (10 ms pause)',
    'during each.',
    ...KINDS.flatMap((k) => (v[k] ? [`- ${dbs[k].label} old way measured ${v[k]?.oldPath}.`] : [])),
  ].join('\n');
  return {
    markdown: sectionMarkdown('Raffle creation', dbs, 'creation', { rows, notes, verdicts }),
    verdicts,
  };
}
