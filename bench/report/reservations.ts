// The reservations section: HTTP throughput against the database's own write rate, where the time
// goes, and the double sales a contended number or a crowd could cause.
import type { DbKind } from '../harness';
import type { CpuPerOp, ReservationResult, ReservationSizes } from '../reservations';
import { spread } from '../stats';
import { ms, num, repsSpread, times } from './format';
import { type DbResults, KINDS } from './results';
import { cells, type Row, sectionMarkdown, values } from './tables';
import type { Section, Verdict } from './verdicts';

type Rep = ReservationResult['reps'][number];

/** Medians of the parts of CPU per operation: "0.66 ms = 0.22 server + 0.34 database + 0.10 load". */
function cpuSplit(parts: CpuPerOp[]): string {
  if (parts.length === 0) return '—';
  const med = (pick: (p: CpuPerOp) => number) => spread(parts.map(pick)).median;
  const f = (x: number) => num(x, 3);
  return `${f(med((p) => p.total))} ms = ${f(med((p) => p.server))} server + ${f(med((p) => p.database))} database + ${f(med((p) => p.load))} load`;
}

const medianRatio = (r: ReservationResult) => spread(r.reps.map((x) => x.ratio)).median;
const medianTail = (r: ReservationResult) => spread(r.reps.map((x) => x.http.p99 / x.http.p50)).median;

export function reservationsSection(dbs: Record<DbKind, DbResults>, s: ReservationSizes): Section {
  const v = values<ReservationResult>(dbs, 'reservations');
  const perDb = (render: (r: ReservationResult) => string) => cells(dbs, 'reservations', render);
  const perRep = (pick: (x: Rep) => number, fmt: (x: number) => string) =>
    perDb((r) => repsSpread(r.reps, pick, fmt));
  const ratio = (x: number) => times(x, 2);
  const rows: Row[] = [
    [
      `**Ours: HTTP reservations/s** (${s.concurrency} concurrent buyers, 1 distinct number each, load generator in its own process)`,
      perRep((x) => x.http.perSecond, num),
      'measured',
    ],
    [
      `Reference 1: single-row INSERT of a sale/s (same row, same unique index, ${s.concurrency} concurrent)`,
      perRep((x) => x.single.perSecond, num),
      'reference',
    ],
    [
      `Reference 2: batched INSERT of sales, rows/s (${s.rowsPerTransaction} rows per transaction, ${s.batchedConcurrency} transactions at once)`,
      perRep((x) => x.batched.perSecond, num),
      'reference (batched ceiling)',
    ],
    [
      `Reference 3: trivial Fastify POST/s (own process, same request, a 201 body as long as ours, same load generator, ${s.concurrency} concurrent)`,
      perRep((x) => x.trivial.perSecond, num),
      'reference (HTTP ceiling)',
    ],
    [
      '**Ours ÷ min(HTTP ceiling, batched ceiling)** (paired per repetition)',
      perRep((x) => x.ratio, ratio),
      'target ≥ 0.3× on PostgreSQL (0.5× the goal)',
    ],
    [
      'Ours ÷ single-row INSERT (paired per repetition)',
      perRep((x) => x.http.perSecond / x.single.perSecond, ratio),
      'reference',
    ],
    [
      "The app's reservation path straight on the database, no HTTP (the batcher of decision 016), in the reference process/s",
      perRep((x) => x.path.perSecond, num),
      'reference (where the time goes)',
    ],
    [
      'CPU per HTTP reservation by process: server + database + load generator',
      perDb((r) => cpuSplit(r.reps.map((x) => x.http.cpu))),
      'measured (on 2 shared cores the rate follows the CPU an operation costs)',
    ],
    [
      'CPU per single-row INSERT: database + load (the reference process)',
      perDb((r) => cpuSplit(r.reps.map((x) => x.single.cpu))),
      'reference',
    ],
    [
      'CPU per batched row: database + load (the reference process)',
      perDb((r) => cpuSplit(r.reps.map((x) => x.batched.cpu))),
      'reference',
    ],
    [
      'CPU per trivial POST: server (trivial Fastify) + load generator',
      perDb((r) => cpuSplit(r.reps.map((x) => x.trivial.cpu))),
      'reference',
    ],
    [
      'CPU per reservation of the app path without HTTP: database + load',
      perDb((r) => cpuSplit(r.reps.map((x) => x.path.cpu))),
      'reference',
    ],
    [
      'HTTP reservation latency p50',
      perRep((x) => x.http.p50, ms),
      'measured (includes queueing behind 49 others)',
    ],
    ['HTTP reservation latency p99', perRep((x) => x.http.p99, ms), 'measured'],
    [
      'HTTP p99 / p50',
      perRep(
        (x) => x.http.p99 / x.http.p50,
        (x) => times(x, 1),
      ),
      'target ≤ 5× on PGlite',
    ],
    [
      'Latency p50 / p99: single-row INSERT; trivial POST',
      perDb(
        (r) =>
          `${repsSpread(r.reps, (x) => x.single.p50, ms)} / ${repsSpread(r.reps, (x) => x.single.p99, ms)}; ${repsSpread(r.reps, (x) => x.trivial.p50, ms)} / ${repsSpread(r.reps, (x) => x.trivial.p99, ms)}`,
      ),
      'reference',
    ],
    [
      `Contended: ${num(s.contendedNumbers)} numbers × ${s.contenders} buyers each in a row, ours over HTTP: sold / 409 / other (numbers attempted)`,
      perDb((r) =>
        r.reps
          .map((x) => `${x.ours.winners} / ${x.ours.refused} / ${x.ours.other} (${x.ours.attemptedNumbers})`)
          .join(', '),
      ),
      'target: each attempted number sold exactly once',
    ],
    [
      'Contended, ours: numbers sold twice (SQL)',
      perDb((r) => r.reps.map((x) => String(x.ours.doubleSold)).join(', ')),
      'target 0',
    ],
    [
      'Same sequence, naive read-then-insert (SPEC 7) without the unique guarantee: buyers told "yours"',
      perDb((r) => r.reps.map((x) => `${num(x.naive.told)} (${x.naive.attemptedNumbers})`).join(', ')),
      'reference',
    ],
    [
      'Naive flow: numbers sold twice or more (SQL)',
      perDb((r) =>
        r.reps
          .map((x) => `**${num(x.naive.doubleSold)}** (+${num(x.naive.extraSales)} extra sales)`)
          .join(', '),
      ),
      'reference: what the unique index prevents',
    ],
    [
      'Contended attempts/s: ours over HTTP vs naive straight on the database',
      perDb(
        (r) =>
          `${repsSpread(r.reps, (x) => x.ours.perSecond, num)} vs ${repsSpread(r.reps, (x) => x.naive.perSecond, num)}`,
      ),
      'reference',
    ],
    [
      `Crowd: ${s.crowd} buyers at once for one number: 201 / 409 / other (per repetition)`,
      perDb((r) => r.crowd.map((x) => `${x.winners} / ${x.refused} / ${x.other}`).join(', ')),
      `target exactly 1 / ${s.crowd - 1} / 0`,
    ],
    ['Crowd time (all answered)', perDb((r) => repsSpread(r.crowd, (x) => x.ms, ms)), 'measured'],
    [
      `Same crowd through the naive flow: buyers told "yours"`,
      perDb((r) => `${num(r.naiveCrowd.told)} (${r.naiveCrowd.concurrency} at once)`),
      'reference',
    ],
    [
      'Load average (1 min) at the start / end of this section, on 2 shared cores',
      perDb((r) => `${num(r.load[0], 1)} / ${num(r.load[1], 1)}`),
      'the machine (other work on it slows every figure, not equally)',
    ],
    [
      `Repetitions run (budget ${num(s.budgetMs / 1000)} s) / phases cut by the ${num(s.phaseTimeLimitMs / 1000)} s limit (done/planned)`,
      perDb(
        (r) =>
          `${r.reps.length} of ${r.sizes.reps} / ${r.reps.some((x) => x.cut.length) ? r.reps.map((x, i) => `rep ${i + 1}: ${x.cut.join(' ') || 'none'}`).join('; ') : 'none'}`,
      ),
      'bounds on a loaded machine: rates stay valid, counts shrink',
    ],
    [
      'All live sales in `tickets` / numbers with more than one live sale (SQL count)',
      perDb((r) => `${num(r.liveSalesTotal)} / **${r.doubleSoldTotal}**`),
      'target 0 double sales',
    ],
  ];
  const verdicts: Verdict[] = [
    {
      target: 'HTTP reservations ≥ 0.3× min(trivial Fastify POST, batched INSERT), same run (PostgreSQL)',
      per: v.postgres
        ? {
            postgres: {
              met: medianRatio(v.postgres) >= 0.3,
              detail: `median ${times(medianRatio(v.postgres), 2)}`,
            },
          }
        : {},
      note: v.pglite ? `PGlite, for reference: ${times(medianRatio(v.pglite), 2)}` : '',
    },
    {
      target: 'reservation p99 ≤ 5× p50 (PGlite)',
      per: v.pglite
        ? { pglite: { met: medianTail(v.pglite) <= 5, detail: `median ${times(medianTail(v.pglite), 1)}` } }
        : {},
      note: v.postgres ? `PostgreSQL, for reference: ${times(medianTail(v.postgres), 1)}` : '',
    },
    {
      target: 'zero double sales (SQL count of live sales per number > 1)',
      per: Object.fromEntries(
        Object.entries(v).map(([k, r]) => {
          const doubles = r.doubleSoldTotal + r.reps.reduce((sum, x) => sum + x.ours.doubleSold, 0);
          const wrongWinners = r.reps.filter((x) => x.ours.winners !== x.ours.attemptedNumbers).length;
          return [
            k,
            {
              met: doubles === 0 && wrongWinners === 0,
              detail: `${doubles} numbers sold twice; contended numbers sold exactly once in ${r.reps.length - wrongWinners}/${r.reps.length} repetitions`,
            },
          ];
        }),
      ),
    },
    {
      target: `a crowd of ${s.crowd} buyers for one number gets exactly 1 winner and ${s.crowd - 1} × 409`,
      per: Object.fromEntries(
        Object.entries(v).map(([k, r]) => [
          k,
          {
            met: r.crowd.every((x) => x.winners === 1 && x.refused === r.sizes.crowd - 1),
            detail: r.crowd.map((x) => `${x.winners}/${x.refused}`).join(', '),
          },
        ]),
      ),
    },
  ];
  const notes = [
    '',
    'How: each repetition runs, in this order, A) our HTTP reservations of distinct numbers, then the references',
    '1) single-row INSERT, 2) batched INSERT, 3) trivial Fastify POST, then the app path without HTTP, C) a',
    'contended sequence over HTTP and D) the same sequence through the naive flow; so ours and its references',
    'alternate (A, refs, A, refs, A, refs) after a warm-up of each. Throughput counts successful writes (201s, rows)',
    'over the wall time of the phase as its load process saw it; latency is per request.',
    '- Every load runs in a process of its own, never in the server nor in the bench process that measures:',
    '  `bench/http-load.ts` sends ours and the trivial POST (same client code, same bodies, same concurrency);',
    '  `bench/db-reference.ts` runs the database references and the app path; `bench/trivial-server.ts` is a bare',
    `  Fastify (no logger, schema or hooks) answering 201 with a body as long as ours (${KINDS.map((k) => v[k]?.responseBytes ?? 0).filter(Boolean)[0] ?? '?'} B).`,
    "- PostgreSQL: the reference process writes to the server's database through its own pg.Pool of 50.",
    '- PGlite is embedded and one server holds its data directory, so its ceiling is a process of its own that owns',
    "  a PGlite (on disk in a temp dir, migrated like the server's, in a worker thread as the server runs it,",
    '  decision 009) and does nothing but write sales as fast as its 50 callers ask: no HTTP, no app. (A ceiling',
    '  run inside the server process shares its CPU and read 1.22× where an outside run read 0.84×.)',
    '- CPU: user + system from /proc/<pid>/stat of each process over the phase, per operation; PostgreSQL is the sum',
    "  per pid over this database's backends and the shared background processes (`pg_stat_activity`); on PGlite the",
    '  database is inside the server (ours) or the reference process. For a reference, "server" is 0 when nothing answers.',
    '- On PostgreSQL the app itself uses a pool of 10 connections (server/db/client.ts); the references use 50.',
    '- The naive flow (SPEC 7: look the number up, write it if free) runs on a scratch table `bench_naive_tickets`',
    '  (`like tickets including defaults`, a plain non-unique index on raffle + number), in the reference process,',
    '  then dropped.',
  ].join('\n');
  return {
    markdown: sectionMarkdown('Reservations', dbs, 'reservations', { rows, notes, verdicts }),
    verdicts,
  };
}
