import type { TicketEvent } from '../../../domain/reservations';
import type { LiveStreams } from './live-streams';

/** An open HTTP stream handed to the fan-out process with its socket (fanout.ts). */
export type HandedStream = {
  raffleId: string;
  batched: boolean;
  /** Last-Event-ID, if the page sent one. */
  since: number | null;
  /** The response's status line and headers, ready to write: the server decided them. */
  head: string;
};

/** What the server tells the fan-out process, in order, over its IPC channel. */
export type ToFanout =
  | { t: 'changes'; raffleId: string; tickets: TicketEvent[] }
  | { t: 'raffle'; raffleId: string }
  | ({ t: 'stream'; id: number } & HandedStream)
  | { t: 'reset' }
  | { t: 'report'; id: number; gc: boolean }
  | { t: 'stop' };

/** What the fan-out process answers: a stream ended, or a report asked for. */
export type FromFanout = { t: 'closed'; id: number } | { t: 'report'; id: number; report: FanoutReport };

export type FanoutReport = {
  pid: number;
  streams: number;
  stats: ReturnType<LiveStreams['stats']>;
  memory: NodeJS.MemoryUsage;
  cpu: NodeJS.CpuUsage;
};
