import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RealtimeHub } from '../realtime/realtime.hub';

const HEARTBEAT_MS = 20_000;

/** Server-Sent Events: `event: ticket` with `{number,status,version}`; never buyer data. */
export function openEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  hub: RealtimeHub,
  raffleId: string,
) {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  res.write('retry: 3000\n: conectado\n\n');

  const unsubscribe = hub.subscribe(raffleId, (events) => {
    for (const event of events) {
      res.write(`event: ticket\nid: ${event.version}\ndata: ${JSON.stringify(event)}\n\n`);
    }
  });
  const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
  heartbeat.unref();

  let untrack = () => {};
  const close = () => {
    clearInterval(heartbeat);
    unsubscribe();
    untrack();
    if (!res.writableEnded) res.end();
  };
  untrack = hub.trackStream(close);
  request.raw.on('close', close);
}
