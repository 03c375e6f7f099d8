// The board section: the bytes of a large raffle's board against paging through the staff list, and
// the board and /api/health under a crowd of clients.
import type { BoardResult, BoardSizes } from '../board';
import type { DbKind } from '../harness';
import { bytes, ms, msExact, num, repsSpread, times } from './format';
import type { DbResults } from './results';
import { cells, type Row, sectionMarkdown, values } from './tables';
import type { Section, Verdict } from './verdicts';

type Rep = BoardResult['reps'][number];

export function boardSection(dbs: Record<DbKind, DbResults>, s: BoardSizes): Section {
  const v = values<BoardResult>(dbs, 'board');
  const perDb = (render: (r: BoardResult) => string) => cells(dbs, 'board', render);
  const perRep = (pick: (x: Rep) => number, fmt: (x: number) => string) =>
    perDb((r) => repsSpread(r.reps, pick, fmt));
  const total = s.total;
  const rows: Row[] = [
    [
      `Raffle size / numbers sold before measuring`,
      perDb((r) => `${num(r.sizes.total)} / ${num(r.sold)}`),
      '',
    ],
    [
      'Board bytes, no compression (bytes per number)',
      perDb(
        (r) => `${bytes(r.encodings.identity.bytes)} (${num(r.encodings.identity.bytes / r.sizes.total, 3)})`,
      ),
      'target ≤ 1 byte per number (+ a small JSON envelope)',
    ],
    [
      'Board bytes, gzip',
      perDb((r) => `${bytes(r.encodings.gzip.bytes)} [${r.encodings.gzip.contentEncoding}]`),
      'measured',
    ],
    [
      'Board bytes, br',
      perDb((r) => `${bytes(r.encodings.br.bytes)} [${r.encodings.br.contentEncoding}]`),
      'measured',
    ],
    [
      `Board GET time (browser accept-encoding; median of ${s.boardGetsPerRep} per repetition)`,
      perRep((x) => x.boardMs, ms),
      'measured',
    ],
    [
      `Staff list, every row in pages of ${num(s.pageSize)} (${num(Math.ceil(total / s.pageSize))} requests): time`,
      perRep((x) => x.pagesMs, ms),
      'reference (SPEC 7 reads tickets this way)',
    ],
    [
      'Staff list pages: bytes on the wire',
      perDb((r) => `${repsSpread(r.reps, (x) => x.pagesBytes, bytes)} [${r.pagesEncoding}]`),
      'reference',
    ],
    [
      'Pages / board: time, bytes',
      perDb(
        (r) =>
          `${repsSpread(r.reps, (x) => x.pagesMs / x.boardMs, times)}, ${repsSpread(r.reps, (x) => x.pagesBytes / x.boardBytes, times)}`,
      ),
      'reference',
    ],
    [
      `Board under load: ${s.loopClients} clients looping (half with If-None-Match): requests/s`,
      perDb((r) => num((r.loop.requests / r.loop.ms) * 1000)),
      'measured',
    ],
    [
      'Board under load: 200 / 304 / other, sales during the loop',
      perDb(
        (r) =>
          `${num(r.loop.ok200)} / ${num(r.loop.notModified304)} / ${num(r.loop.other)}, ${r.loop.salesDuring}`,
      ),
      'measured',
    ],
    [
      'Board under load: latency p50 / p99',
      perDb((r) => `${ms(r.loop.boardP50)} / ${ms(r.loop.boardP99)}`),
      'measured',
    ],
    [
      '/api/health during the board load: p50 / p99 / max (probes)',
      perDb(
        (r) =>
          `${ms(r.loop.health.p50)} / ${ms(r.loop.health.p99)} / ${ms(r.loop.health.max)} (${r.loop.health.n}${r.loop.health.failures ? `, ${r.loop.health.failures} failed` : ''})`,
      ),
      'target max ≤ 500 ms',
    ],
  ];
  const verdicts: Verdict[] = [
    {
      target: `board of a ${num(total)}-number raffle: ≤ 1 byte per number before compression`,
      per: Object.fromEntries(
        Object.entries(v).map(([k, r]) => {
          const envelope = r.encodings.identity.bytes - r.statusChars;
          return [
            k,
            {
              met: r.statusChars <= r.sizes.total && envelope <= 1024,
              detail: `${num(r.statusChars)} status characters for ${num(r.sizes.total)} numbers + ${num(envelope)} B of JSON envelope = ${num(r.encodings.identity.bytes / r.sizes.total, 3)} B/number`,
            },
          ];
        }),
      ),
    },
    {
      target: 'the board is served compressed',
      per: Object.fromEntries(
        Object.entries(v).map(([k, r]) => [
          k,
          {
            met: r.encodings.br.contentEncoding === 'br' && r.encodings.gzip.contentEncoding === 'gzip',
            detail: `br ${bytes(r.encodings.br.bytes)}, gzip ${bytes(r.encodings.gzip.bytes)}`,
          },
        ]),
      ),
    },
    {
      target: '/api/health max ≤ 500 ms while 30 clients loop on the board',
      per: Object.fromEntries(
        Object.entries(v).map(([k, r]) => [
          k,
          {
            met: r.loop.health.n > 0 && r.loop.health.max <= 500 && r.loop.health.failures === 0,
            detail: `max ${msExact(r.loop.health.max)} over ${r.loop.health.n} probes in ${num(r.loop.ms / 1000, 1)} s`,
          },
        ]),
      ),
    },
  ];
  const notes = [
    '',
    'How: the bytes are the response body as received (still compressed). A) the board GET, B) every row through',
    '`GET /api/raffles/:id/tickets?page=&per_page=1000` with the admin token, one page after another as SPEC 7',
    'does, interleaved A, B, A, B, A, B after a warm-up. Then the load loop: each client sends its next GET as soon',
    'as the last one is answered; a reservation every few hundred ms keeps the board changing; /api/health probed',
    'back to back. "No database query per request" is the server design (board-cache.ts); not separately measured.',
  ].join('\n');
  return { markdown: sectionMarkdown('Board', dbs, 'board', { rows, notes, verdicts }), verdicts };
}
