import { packTicketEvents, type RaffleFrame, raffleRefreshSpreadMs } from '../../../domain/live-events';
import { type TicketEvent, ticketEventSchema } from '../../../domain/reservations';

// What a live stream is written (the frames, serialized once for every stream) and what writes it
// (a sink): shared by the rounds (live-streams.ts), the HTTP stream and the fan-out process.

/**
 * One open live stream as the fan-out sees it. The HTTP stream (tickets/event-stream.ts) and the
 * test bench's realtime check implement it; the fan-out keeps nothing else per stream.
 */
export interface LiveSink {
  /** `event: tickets` (one array per tick) rather than one `event: ticket` per change. */
  readonly batched: boolean;
  /** The same frame goes to every stream of a raffle: a sink must not modify its bytes. */
  write(frame: LiveFrame): void;
  close(): void;
}

/**
 * Frames serialized once for every stream: `bytes` is the Server-Sent Events text; `chunk` the same
 * as one HTTP/1.1 chunk (length line, bytes, CRLF), built on first use and shared too, so an HTTP
 * stream writes it straight to its socket: no per-stream framing, copy or encoding.
 */
export class LiveFrame {
  private chunked: Buffer | undefined;
  constructor(readonly bytes: Buffer) {}
  static of(text: string) {
    return new LiveFrame(Buffer.from(text));
  }
  get chunk(): Buffer {
    this.chunked ??= Buffer.concat([
      Buffer.from(`${this.bytes.length.toString(16)}\r\n`),
      this.bytes,
      Buffer.from('\r\n'),
    ]);
    return this.chunked;
  }
}

/**
 * What a reader that does not read may leave queued before its stream is cut (it reconnects with
 * Last-Event-ID and catches up): the chunks are shared, but the queue is not.
 */
export const MAX_QUEUED_BYTES = 256 * 1024;
/** The first bytes of every live stream: the reconnection delay and a comment. */
export const STREAM_HELLO = 'retry: 3000\n: conectado\n\n';

// Encoded by its schema: whatever else a change carried, only number, status and version go out.
const publicEvent = (event: TicketEvent) => ticketEventSchema.encode(event);

/** The frames of API.md: one `event: ticket` per change, each with its version as id. */
export const ticketFrames = (events: readonly TicketEvent[]) =>
  events
    .map((event) => `event: ticket\nid: ${event.version}\ndata: ${JSON.stringify(publicEvent(event))}\n\n`)
    .join('');

/**
 * One `event: tickets`: the changes in order, packed (domain/live-events.ts: numbers, board
 * characters, versions, nothing else); its id is the last one's version (Last-Event-ID).
 */
export const ticketsFrame = (events: readonly TicketEvent[]) =>
  `event: tickets\nid: ${events.at(-1)?.version}\ndata: ${JSON.stringify(packTicketEvents(events))}\n\n`;

/** The changes as one frame, in the stream's format. */
export const encodeTicketEvents = (events: readonly TicketEvent[], batched: boolean) =>
  LiveFrame.of(batched ? ticketsFrame(events) : ticketFrames(events));

export const RESET_FRAME = LiveFrame.of('event: reset\ndata: {}\n\n');
/**
 * The raffle's own row changed (its price, packages, prizes, status, result): the page reads the
 * raffle again, at a random moment of the spread named for the pages this process holds of it
 * (domain/live-events.ts). No id, so a page's Last-Event-ID stays that of its last ticket change.
 */
export const raffleFrame = (openPages: number) =>
  LiveFrame.of(
    `event: raffle\ndata: ${JSON.stringify({ spread_ms: raffleRefreshSpreadMs(openPages) } satisfies RaffleFrame)}\n\n`,
  );
export const PING_FRAME = LiveFrame.of(': ping\n\n');
