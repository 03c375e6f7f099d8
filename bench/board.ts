// The public board of a 100,000-number raffle with some sales: bytes on the wire per encoding and time,
// against fetching the full rows in pages of 1,000 through the staff list (SPEC 7's way), interleaved;
// then 30 clients looping on the board while /api/health is probed.
import type { Target } from './harness';
import { createRaffle, healthProbe } from './harness';
import { client, expect, request } from './http';
import { median, now, percentile, shuffled, sleep } from './stats';
import { buyer } from './workloads';

export type BoardSizes = {
  reps: number;
  total: number;
  sold: number;
  boardGetsPerRep: number;
  pageSize: number;
  loopClients: number;
  loopMs: number;
  /** A reservation every this many ms during the loop, so the board keeps changing. */
  loopSaleEveryMs: number;
};

type Encoding = { bytes: number; contentEncoding: string };
type Rep = {
  boardMs: number;
  boardBytes: number;
  pagesMs: number;
  pagesBytes: number;
  pages: number;
  rows: number;
};

export type BoardResult = {
  sizes: BoardSizes;
  sold: number;
  encodings: Record<'identity' | 'gzip' | 'br', Encoding>;
  statusChars: number;
  pagesEncoding: string;
  reps: Rep[];
  loop: {
    ms: number;
    requests: number;
    ok200: number;
    notModified304: number;
    other: number;
    salesDuring: number;
    boardP50: number;
    boardP99: number;
    health: { n: number; p50: number; p99: number; max: number; failures: number };
  };
};

const BROWSER_ENCODING = 'gzip, deflate, br';

export async function benchBoard(t: Target, s: BoardSizes): Promise<BoardResult> {
  const admin = client(t.port, 2, t.token);
  const reader = client(t.port, 1, t.token);
  const loopClient = client(t.port, s.loopClients);
  const seller = client(t.port, 4);
  const prober = client(t.port, 1);
  try {
    const raffleId = (await createRaffle(admin, s.total, 'Bench tablero 100k')).id;
    const boardPath = `/api/raffles/${raffleId}/board`;

    // Some sales spread over the board: reservations of 100 numbers (the most one may hold).
    const numbers = shuffled(
      Array.from({ length: s.total }, (_, i) => i),
      8,
    ).slice(0, s.sold);
    let sold = 0;
    for (let i = 0; i < numbers.length; i += 100) {
      const reply = await request(seller, 'POST', `/api/raffles/${raffleId}/reservations`, {
        body: { numbers: numbers.slice(i, i + 100), buyer: buyer(200_000 + i) },
      });
      expect(reply, 201, 'board sales');
      sold += Math.min(100, numbers.length - i);
    }

    // Bytes on the wire per encoding (the body as received, before any decompression).
    const encodings = {} as BoardResult['encodings'];
    for (const encoding of ['identity', 'gzip', 'br'] as const) {
      const reply = expect(
        await request(reader, 'GET', boardPath, { headers: { 'accept-encoding': encoding } }),
        200,
        'board',
      );
      encodings[encoding] = {
        bytes: reply.body.length,
        contentEncoding: String(reply.headers['content-encoding'] ?? 'identity'),
      };
    }
    const identity = await request(reader, 'GET', boardPath, { headers: { 'accept-encoding': 'identity' } });
    const statusChars = (JSON.parse(identity.body.toString('utf8')) as { statuses: string }).statuses.length;

    const pages = Math.ceil(s.total / s.pageSize);
    const fetchAllPages = async () => {
      const start = now();
      let bytes = 0;
      let rows = 0;
      let encoding = 'identity';
      for (let page = 1; page <= pages; page++) {
        const reply = expect(
          await request(
            reader,
            'GET',
            `/api/raffles/${raffleId}/tickets?page=${page}&per_page=${s.pageSize}`,
            {
              auth: true,
              headers: { 'accept-encoding': BROWSER_ENCODING },
            },
          ),
          200,
          'staff list page',
        );
        bytes += reply.body.length;
        encoding = String(reply.headers['content-encoding'] ?? 'identity');
        if (encoding === 'identity')
          rows += (JSON.parse(reply.body.toString('utf8')) as { items: unknown[] }).items.length;
        else rows += s.pageSize;
      }
      return { ms: now() - start, bytes, rows, encoding };
    };
    const fetchBoards = async () => {
      const times: number[] = [];
      let bytes = 0;
      for (let i = 0; i < s.boardGetsPerRep; i++) {
        const reply = expect(
          await request(reader, 'GET', boardPath, { headers: { 'accept-encoding': BROWSER_ENCODING } }),
          200,
          'board',
        );
        times.push(reply.ms);
        bytes = reply.body.length;
      }
      return { ms: median(times), bytes };
    };

    // Warm-up, then A (board) / B (every row in pages) interleaved.
    await fetchBoards();
    await request(reader, 'GET', `/api/raffles/${raffleId}/tickets?page=1&per_page=${s.pageSize}`, {
      auth: true,
    });
    const reps: Rep[] = [];
    let pagesEncoding = 'identity';
    for (let rep = 0; rep < s.reps; rep++) {
      const b = await fetchBoards();
      const p = await fetchAllPages();
      pagesEncoding = p.encoding;
      reps.push({
        boardMs: b.ms,
        boardBytes: b.bytes,
        pagesMs: p.ms,
        pagesBytes: p.bytes,
        pages,
        rows: p.rows,
      });
      console.error(`  [${t.label}] board rep ${rep + 1}/${s.reps}:`, JSON.stringify(reps.at(-1)));
    }

    // The crowd on the board: half the clients revalidate with If-None-Match (a phone that has it).
    const probe = healthProbe(prober);
    const latencies: number[] = [];
    const counts = { ok200: 0, notModified304: 0, other: 0 };
    const loopStart = now();
    const deadline = loopStart + s.loopMs;
    let salesDuring = 0;
    const trickle = (async () => {
      for (let n = s.total - 1; now() < deadline && n >= 0; n--) {
        const reply = await request(seller, 'POST', `/api/raffles/${raffleId}/reservations`, {
          body: { numbers: [n], buyer: buyer(300_000 + n) },
        }).catch(() => null);
        if (reply?.status === 201) salesDuring++;
        await sleep(s.loopSaleEveryMs);
      }
    })();
    await Promise.all(
      Array.from({ length: s.loopClients }, async (_, i) => {
        const revalidates = i % 2 === 0;
        let etag = '';
        while (now() < deadline) {
          const headers: Record<string, string> = { 'accept-encoding': BROWSER_ENCODING };
          if (revalidates && etag) headers['if-none-match'] = etag;
          try {
            const reply = await request(loopClient, 'GET', boardPath, { headers });
            latencies.push(reply.ms);
            if (reply.status === 200) {
              counts.ok200++;
              etag = String(reply.headers.etag ?? '');
            } else if (reply.status === 304) counts.notModified304++;
            else counts.other++;
          } catch {
            counts.other++;
          }
        }
      }),
    );
    const loopMs = now() - loopStart;
    await trickle;
    const h = await probe.stop();
    return {
      sizes: s,
      sold,
      encodings,
      statusChars,
      pagesEncoding,
      reps,
      loop: {
        ms: loopMs,
        requests: latencies.length,
        ...counts,
        salesDuring,
        boardP50: percentile(latencies, 50),
        boardP99: percentile(latencies, 99),
        health: {
          n: h.samples.length,
          p50: percentile(h.samples, 50),
          p99: percentile(h.samples, 99),
          max: h.samples.length ? Math.max(...h.samples) : Number.NaN,
          failures: h.failures,
        },
      },
    };
  } finally {
    for (const c of [admin, reader, loopClient, seller, prober]) c.agent.destroy();
  }
}
