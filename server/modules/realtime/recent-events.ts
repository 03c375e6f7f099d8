import type { TicketEvent } from '../../../domain/reservations';

/** Recent events kept per raffle for streams that reconnect with Last-Event-ID. */
const REPLAY_EVENTS = 1_000;
/** Raffles whose recent events are kept; the least recently changed is forgotten first. */
const REPLAY_RAFFLES = 500;

/**
 * Per raffle, the last events in the order this process received them: what a stream reconnecting
 * with Last-Event-ID missed. The hub keeps one; the fan-out process (fanout-process.ts) its own.
 */
export function createRecentEvents() {
  const recent = new Map<string, TicketEvent[]>();
  return {
    remember(raffleId: string, events: readonly TicketEvent[]) {
      const list = recent.get(raffleId) ?? [];
      recent.delete(raffleId);
      list.push(...events);
      if (list.length > REPLAY_EVENTS) list.splice(0, list.length - REPLAY_EVENTS);
      recent.set(raffleId, list);
      if (recent.size > REPLAY_RAFFLES) {
        const oldest = recent.keys().next().value;
        if (oldest !== undefined) recent.delete(oldest);
      }
    },
    /**
     * The events received after `lastVersion`, or null when it cannot tell (the event is not among
     * the recent ones here, e.g. the stream was on another instance): the client must then read the
     * board again.
     */
    eventsSince(raffleId: string, lastVersion: number): TicketEvent[] | null {
      const list = recent.get(raffleId) ?? [];
      const at = list.findLastIndex((e) => e.version === lastVersion);
      return at < 0 ? null : list.slice(at + 1);
    },
    /** After a gap in the change stream a replay would skip what was lost: reconnecting pages get `reset`. */
    clear: () => recent.clear(),
  };
}

export type RecentEvents = ReturnType<typeof createRecentEvents>;
