// The delivery reference of the live10k section (issue 20, target 2), in a process of its own: a bare
// node:http server with nothing of the app in it (no database, no Fastify, no hooks, no validation).
// It takes the same reservation POST (the numbers noted, 201 at once) and the same `?batch=1` stream
// GET; every TICK_MS (the app's tick, 50 ms) it packs the changes noted since the last tick into one
// frame, serialized once, and writes it to every open stream in one synchronous loop. Read by the same
// streams' process and fed by the same paced buyers as the app, on the same cores: what coalescing and
// one write per stream per tick cost on this machine, the floor under our delivery figures.
//   node --import tsx bench/sse-reference-server.ts   (prints READY, then answers {port, rounds} to any command)
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { packTicketEvents } from '../domain/live-events';
import type { TicketEvent } from '../domain/reservations';
import { percentiles } from '../server/modules/realtime/round-figures';
import { serveCommands } from './child';

const TICK_MS = Number(process.env.TICK_MS ?? 50);
const streams = new Set<http.ServerResponse>();
let pending: TicketEvent[] = [];
let version = 0;

const server = http.createServer((request, response) => {
  if (request.method === 'GET' && request.url?.includes('/events')) {
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
    response.write(': ok\n\n'); // the head goes out now, chunked, as the app's
    streams.add(response);
    request.once('close', () => streams.delete(response));
    return;
  }
  if (request.method === 'POST' && request.url?.endsWith('/reservations')) {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const { numbers } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { numbers: number[] };
      for (const number of numbers) pending.push({ number, status: 'apartado', version: ++version });
      response.writeHead(201, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify({ numbers }));
    });
    return;
  }
  response.writeHead(404).end();
});
server.maxConnections = 20_000;
server.keepAliveTimeout = 60_000;

/** Each loop's frames written, time spent, and start to the next start (the app's `stats().rounds`). */
const rounds: { writes: number; workMs: number; periodMs: number }[] = [];
let lastStart: number | null = null;

setInterval(() => {
  if (pending.length === 0) return;
  const start = performance.now();
  const frame = `event: ticket\ndata: ${JSON.stringify(packTicketEvents(pending))}\n\n`;
  pending = [];
  for (const stream of streams) stream.write(frame);
  const writes = streams.size;
  const periodMs = start - (lastStart ?? Number.NaN);
  // node:http corks each response's socket and writes it on the next tick: the loop's time ends after those.
  process.nextTick(() => rounds.push({ writes, workMs: performance.now() - start, periodMs }));
  lastStart = start;
}, TICK_MS);

await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const address = server.address();
const port = typeof address === 'object' && address ? address.port : 0;
serveCommands(async () => ({
  port,
  rounds: {
    ended: rounds.length,
    writes: percentiles(rounds.map((round) => round.writes)),
    workMs: percentiles(rounds.map((round) => round.workMs)),
    periodMs: percentiles(rounds.map((round) => round.periodMs)),
  },
}));
