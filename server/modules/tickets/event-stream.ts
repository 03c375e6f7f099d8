import type { FastifyReply, FastifyRequest } from 'fastify';
import { type TicketEvent, ticketEventSchema } from '../../../domain/reservations';
import type { RealtimeHub } from '../realtime/realtime.hub';

const HEARTBEAT_MS = 20_000;

// Encoded by its schema: whatever else a change carried, only number, status and version go out.
const ticketMessage = (event: TicketEvent) =>
  `event: ticket\nid: ${event.version}\ndata: ${JSON.stringify(ticketEventSchema.encode(event))}\n\n`;

const RESET_MESSAGE = 'event: reset\ndata: {}\n\n';

/** The version a reconnecting EventSource last saw (it sends it back as Last-Event-ID). */
function lastEventId(request: FastifyRequest): number | null {
  const header = request.headers['last-event-id'];
  const value = Array.isArray(header) ? header[0] : header;
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  return Number(value);
}

/**
 * The frames of a raffle's live stream, written to `write` as they happen: every change of the
 * raffle, the ones missed since `since` (a reconnecting stream), and `event: reset` whenever they
 * are not known here. The HTTP stream below and the test bench's realtime check both read them.
 */
export function streamTicketEvents(
  write: (text: string) => void,
  hub: RealtimeHub,
  raffleId: string,
  since: number | null,
): () => void {
  const unsubscribe = hub.subscribe(raffleId, (events) => {
    for (const event of events) write(ticketMessage(event));
  });
  // Subscribed first, then the replay: nothing falls between them (a repeat is harmless, the
  // client keeps the highest version per number).
  if (since !== null) {
    const missed = hub.eventsSince(raffleId, since);
    if (missed === null) write(RESET_MESSAGE);
    else for (const event of missed) write(ticketMessage(event));
  }
  // Events were lost on this instance's way in: the page reads the board again.
  const unreset = hub.onReset(() => write(RESET_MESSAGE));
  return () => {
    unreset();
    unsubscribe();
  };
}

/**
 * Server-Sent Events: `event: ticket` with `{number,status,version}`; never buyer data. A stream
 * that reconnects with Last-Event-ID gets the events it missed from this instance's recent ones,
 * or `event: reset` when they are not known here (the client reads the board again).
 */
export function openEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  hub: RealtimeHub,
  raffleId: string,
  onClose: () => void = () => {},
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

  const stopEvents = streamTicketEvents((text) => res.write(text), hub, raffleId, lastEventId(request));
  const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
  heartbeat.unref();

  let untrack = () => {};
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    onClose();
    clearInterval(heartbeat);
    stopEvents();
    untrack();
    if (!res.writableEnded) res.end();
  };
  untrack = hub.trackStream(close);
  request.raw.on('close', close);
}
