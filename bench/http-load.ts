// The HTTP load generator of the reservations section, in a process of its own (bench/child.ts):
// each command sends `count` reservation requests (one distinct number each, numbers from `from`)
// with `concurrency` buyers on keep-alive sockets, to our server or to the trivial Fastify reference
// (bench/trivial-server.ts): the same requests, the same bodies, the same client code.
import { randomUUID } from 'node:crypto';
import { serveCommands } from './child';
import { client, request } from './http';
import { percentile, runPool } from './stats';
import { BENCH_PRICE_CENTS, buyer } from './workloads';

export type HttpLoadCommand = {
  port: number;
  raffleId: string;
  from: number;
  count: number;
  concurrency: number;
  timeLimitMs: number;
};

export type HttpLoadResult = {
  /** Wall time from the first request sent to the last answer received. */
  ms: number;
  done: number;
  /** Answers 201. */
  ok: number;
  statuses: Record<string, number>;
  p50: number;
  p99: number;
  /** Bytes of a 201 body (the trivial reference answers as many). */
  responseBytes: number;
};

const clients = new Map<number, ReturnType<typeof client>>();

serveCommands(async (command) => {
  const c = command as HttpLoadCommand;
  let http = clients.get(c.port);
  if (!http) {
    http = client(c.port, c.concurrency);
    clients.set(c.port, http);
  }
  const path = `/api/raffles/${c.raffleId}/reservations`;
  const statuses: Record<string, number> = {};
  let responseBytes = 0;
  const run = await runPool(
    c.count,
    c.concurrency,
    async (i) => {
      const number = c.from + i;
      try {
        const reply = await request(http, 'POST', path, {
          // As the web app sends it: a key per request (decision 057) and the total shown (decision 087).
          body: {
            numbers: [number],
            buyer: buyer(number),
            request_id: randomUUID(),
            total_cents: BENCH_PRICE_CENTS,
          },
        });
        if (reply.status === 201) responseBytes = reply.body.length;
        statuses[reply.status] = (statuses[reply.status] ?? 0) + 1;
      } catch {
        statuses.error = (statuses.error ?? 0) + 1;
      }
    },
    performance.now() + c.timeLimitMs,
  );
  return {
    ms: run.ms,
    done: run.done,
    ok: statuses['201'] ?? 0,
    statuses,
    p50: percentile(run.latencies, 50),
    p99: percentile(run.latencies, 99),
    responseBytes,
  } satisfies HttpLoadResult;
});
