import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { streamHead } from '../realtime/fanout';
import { type LiveFrame, type LiveSink, MAX_QUEUED_BYTES, STREAM_HELLO } from '../realtime/live-frames';
import type { RealtimeHub } from '../realtime/realtime.hub';

const HELLO = Buffer.from(STREAM_HELLO);

const STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
};

/**
 * Fastify listens for the response's end to run the onResponse hooks and log the request: until
 * then its request, reply, route context and child logger stay reachable, about half of what an
 * open stream costs (decision 030). A stream ends hours later and no onResponse hook of ours is
 * about streams, so they are let go once the stream is open (the listener is Fastify's
 * `onResFinished`; if a version names it otherwise, only the memory figure of bench/LIVE.md moves).
 */
function releaseFastifyRequest(res: ServerResponse) {
  for (const event of ['finish', 'error'] as const)
    for (const listener of res.listeners(event))
      if (listener.name === 'onResFinished') res.removeListener(event, listener as () => void);
}

/** The version a reconnecting EventSource last saw (it sends it back as Last-Event-ID). */
function lastEventId(request: FastifyRequest): number | null {
  const header = request.headers['last-event-id'];
  const value = Array.isArray(header) ? header[0] : header;
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  return Number(value);
}

/**
 * The frames of a raffle's live stream, written to `write` as text: the raffle's changes (one tick's
 * worth per frame), the ones missed since `since`, and `event: reset` whenever they are not known
 * here. The test bench's realtime check reads them.
 */
export function streamTicketEvents(
  write: (text: string) => void,
  hub: RealtimeHub,
  raffleId: string,
  since: number | null,
  batched = false,
): () => void {
  let leave = () => {};
  const sink: LiveSink = {
    batched,
    write: (frame) => write(frame.bytes.toString('utf8')),
    close: () => leave(),
  };
  leave = hub.joinStream(raffleId, sink, since);
  return () => leave();
}

/**
 * An HTTP live stream as the fan-out sees it. A class, not closures: all it holds per stream is its
 * response and how to leave (memory per open page is what caps an instance, decision 030).
 */
class ResponseSink implements LiveSink {
  leave: () => void = () => {};
  closed = false;
  constructor(
    private readonly res: ServerResponse,
    readonly batched: boolean,
    private readonly onClose: () => void,
  ) {}

  write(frame: LiveFrame) {
    if (this.closed) return;
    const socket = this.res.socket;
    if (!socket || this.res.writableLength > MAX_QUEUED_BYTES) this.res.destroy();
    // The response is chunked and has nothing of its own queued (outputSize): the shared chunk goes
    // to the socket as is, skipping the response's per-write framing. Otherwise its own way.
    else if (this.res.writableLength === socket.writableLength) socket.write(frame.chunk);
    else this.res.write(frame.bytes);
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    this.leave();
    this.onClose();
    if (!this.res.writableEnded) this.res.end();
  }
}

/**
 * Server-Sent Events: `event: ticket` with `{number,status,version}` per change, or with `batch`
 * one `event: tickets` per tick carrying them as an array (id = the last one's version); never
 * buyer data. A stream that reconnects with Last-Event-ID gets the events it missed from this
 * instance's recent ones, or `event: reset` when they are not known here (the client reads the
 * board again). A plain HTTP/1.1 socket goes to the fan-out process when the hub has one (decision
 * 067): it writes the same head and frames from there.
 */
export function openEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  hub: RealtimeHub,
  raffleId: string,
  options: { batched: boolean; onClose: () => void },
) {
  reply.hijack();
  const res = reply.raw;
  const since = lastEventId(request);
  const socket = res.socket;
  if (hub.takesSocket(socket) && request.raw.httpVersion === '1.1' && !res.headersSent) {
    const head = streamHead({ ...res.getHeaders(), ...STREAM_HEADERS });
    hub.handOver(socket, { raffleId, batched: options.batched, since, head }, options.onClose);
    return;
  }
  res.writeHead(200, STREAM_HEADERS);
  res.write(HELLO);
  releaseFastifyRequest(res);
  const sink = new ResponseSink(res, options.batched, options.onClose);
  sink.leave = hub.joinStream(raffleId, sink, since);
  res.once('close', () => sink.close());
}
