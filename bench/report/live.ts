// The live updates section: how long a sale takes to reach hundreds of open raffle pages over SSE,
// and whether every page gets every event.
import type { DbKind } from '../harness';
import type { LiveResult, LiveSizes } from '../live';
import { ms, msExact, num, repsSpread } from './format';
import type { DbResults } from './results';
import { cells, type Row, sectionMarkdown, values } from './tables';
import type { Section, Verdict } from './verdicts';

type Rep = LiveResult['reps'][number];

export function liveSection(dbs: Record<DbKind, DbResults>, s: LiveSizes): Section {
  const v = values<LiveResult>(dbs, 'live');
  const perDb = (render: (r: LiveResult) => string) => cells(dbs, 'live', render);
  const perRep = (pick: (x: Rep) => number, fmt: (x: number) => string) =>
    perDb((r) => repsSpread(r.reps, pick, fmt));
  const rows: Row[] = [
    [
      `Open SSE streams on one raffle; time to open them all`,
      perDb((r) => `${num(r.sizes.streams)}; ${ms(r.connectMs)}`),
      '',
    ],
    [
      'Events delivered / expected (per repetition)',
      perDb((r) => r.reps.map((x) => `${num(x.delivered)}/${num(x.expected)}`).join(', ')),
      'target all',
    ],
    ['Latency from the 201 to the event: p50', perRep((x) => x.p50, ms), 'measured'],
    ['p99', perRep((x) => x.p99, ms), 'target < 1,000 ms (“a fraction of a second”)'],
    ['max', perRep((x) => x.max, ms), 'measured'],
    [
      'Events that arrived before the buyer saw the 201 (counted as 0 ms)',
      perDb((r) => r.reps.map((x) => num(x.beforeReply)).join(', ')),
      'measured',
    ],
  ];
  const verdicts: Verdict[] = [
    {
      target: `live updates reach ${num(s.streams)} open raffle pages within a fraction of a second (every event, p99 < 1 s)`,
      per: Object.fromEntries(
        Object.entries(v).map(([k, r]) => {
          const p99 = Math.max(...r.reps.map((x) => x.p99));
          const lost = r.reps.reduce((sum, x) => sum + x.expected - x.delivered, 0);
          return [
            k,
            { met: lost === 0 && p99 < 1000, detail: `worst p99 ${msExact(p99)}, ${lost} events lost` },
          ];
        }),
      ),
    },
  ];
  const notes = [
    '',
    `How: ${num(s.streams)} GET /api/raffles/:id/events streams (each its own keep-alive socket, read by a`,
    `minimal SSE parser in the bench process); ${s.reps} repetitions of ${s.reservationsPerRep} reservations, one after`,
    `another ${s.gapMs} ms apart; latency = arrival of the \`ticket\` event on a stream − arrival of the 201 at the`,
    'buyer, both on the bench clock. All streams are read by the one bench process, so the figure includes reading',
    'hundreds of sockets in one event loop.',
  ].join('\n');
  return { markdown: sectionMarkdown('Live updates', dbs, 'live', { rows, notes, verdicts }), verdicts };
}
