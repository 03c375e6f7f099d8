import { unpackTicketEvents } from '../../domain/live-events';
import type { TicketEvent } from '../../domain/reservations';
import type { Database } from '../db/client';
import type { LiveFrame, LiveSink } from '../modules/realtime/live-frames';
import { createRealtimeHub } from '../modules/realtime/realtime.hub';

// Live streams as the tests see them: sinks that record what they are written, a hub on a fake
// change channel, and slow sockets.

/** A sink that records the chunks written to it, and the changes they carry, in order. */
export function recorder(batched: boolean) {
  const chunks: Buffer[] = [];
  const written: LiveFrame[] = [];
  const sink: LiveSink & { chunks: Buffer[]; written: LiveFrame[]; closed: boolean } = {
    batched,
    chunks,
    written,
    closed: false,
    write: (frame) => {
      written.push(frame);
      chunks.push(frame.bytes);
    },
    close: () => {
      sink.closed = true;
    },
  };
  const frames = () =>
    chunks
      .map((chunk) => chunk.toString('utf8'))
      .join('')
      .split('\n\n')
      .filter((frame) => frame.startsWith('event: '));
  return {
    sink,
    frames,
    /** Every change received, in order, whatever the frame. */
    events: () =>
      frames()
        .filter((frame) => /^event: tickets?\n/.test(frame))
        .flatMap((frame) => {
          const data = JSON.parse(/^data: (.*)$/m.exec(frame)?.[1] ?? 'null') as TicketEvent;
          return frame.startsWith('event: tickets\n') ? unpackTicketEvents(data) : [data];
        }),
    ids: () => frames().map((frame) => Number(/^id: (\d+)$/m.exec(frame)?.[1] ?? Number.NaN)),
  };
}

/** A hub on a database that only delivers the notifications the test sends. */
export async function hubWithFakeChannel() {
  let deliver: (payload: string) => void = () => {};
  let reset: () => void = () => {};
  const database = {
    kind: 'postgres',
    db: {},
    listen: async (_channel: string, onPayload: (payload: string) => void) => {
      deliver = onPayload;
      return async () => {};
    },
    onListenerReset: (callback: () => void) => {
      reset = callback;
    },
    close: async () => {},
  } as unknown as Database;
  const hub = createRealtimeHub(database);
  await hub.start();
  let version = 100;
  return {
    hub,
    /** One committed change of `raffleId` as the NOTIFY brings it. */
    change(raffleId: string, number: number, status = 'apartado'): TicketEvent {
      const event = { number, status, version: ++version };
      deliver(JSON.stringify({ raffle_id: raffleId, tickets: [event] }));
      return event;
    },
    listenerReset: () => reset(),
  };
}

/** A stream whose every write takes 0.5 ms, as a socket write does with thousands open. */
export function slow(sink: LiveSink) {
  const write = sink.write.bind(sink);
  sink.write = (frame) => {
    const until = performance.now() + 0.5;
    while (performance.now() < until);
    write(frame);
  };
}
