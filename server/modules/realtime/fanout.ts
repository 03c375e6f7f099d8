import { type ChildProcess, fork } from 'node:child_process';
import type { OutgoingHttpHeaders } from 'node:http';
import net from 'node:net';
import tls from 'node:tls';
import { fileURLToPath } from 'node:url';
import type { TicketEvent } from '../../../domain/reservations';
import type { FanoutReport, FromFanout, HandedStream, ToFanout } from './fanout-messages';

/** How long a report may take before the fan-out process is taken as unresponsive. */
const REPORT_TIMEOUT_MS = 5_000;
/** How long a stopping fan-out process has to end its streams before it is killed. */
const STOP_TIMEOUT_MS = 2_000;

type Log = { error(object: object, message: string): void };

/**
 * A plain TCP socket can be handed to another process; a TLS one cannot (its session lives here).
 * The app serves HTTP/1.1 behind a proxy: that is what arrives here in production.
 */
export const canHandOver = (socket: unknown): socket is net.Socket =>
  socket instanceof net.Socket && !(socket instanceof tls.TLSSocket) && !socket.destroyed;

/** A 200 response's head as Node would write it for a chunked stream: the fan-out process writes it. */
export function streamHead(headers: OutgoingHttpHeaders): string {
  let head = 'HTTP/1.1 200 OK\r\n';
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) head += `${name}: ${one}\r\n`;
  }
  return `${head}date: ${new Date().toUTCString()}\r\ntransfer-encoding: chunked\r\n\r\n`;
}

/**
 * The server's side of the live streams' fan-out process (fanout-process.ts, decision 067). Started
 * with the first stream handed to it (an instance nobody watches live carries no second process); a
 * process that dies takes its streams with it, their pages reconnect and the next stream starts a
 * new one. Changes go to it only while it runs: a page that reconnects with a Last-Event-ID it
 * cannot know gets `event: reset` and reads its board again.
 */
export function createFanout(options: { log: Log }) {
  let child: ChildProcess | null = null;
  let nextId = 1;
  /** Streams handed over and not yet ended: the process holding each, and what the server does when it ends. */
  const open = new Map<number, { holder: ChildProcess; onClose: () => void }>();
  const reports = new Map<number, (report: FanoutReport | null) => void>();

  function ended(id: number) {
    const stream = open.get(id);
    open.delete(id);
    stream?.onClose();
  }

  function start(): ChildProcess {
    if (child?.connected) return child;
    const started = fork(fileURLToPath(new URL('./fanout-process.mjs', import.meta.url)), [], {
      execArgv: [],
      serialization: 'json',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    started.on('message', (message: FromFanout) => {
      if (message.t === 'closed') ended(message.id);
      else reports.get(message.id)?.(message.report);
    });
    started.on('error', (error) => options.log.error({ err: error }, 'fan-out process error'));
    started.once('exit', (code, signal) => {
      if (child === started) child = null;
      if (code !== 0) options.log.error({ code, signal }, 'fan-out process ended');
      // Its streams only: a process started since (this one was already leaving) keeps its own.
      for (const [id, stream] of [...open]) if (stream.holder === started) ended(id);
      for (const answer of reports.values()) answer(null);
    });
    child = started;
    return started;
  }

  function send(message: ToFanout) {
    if (child?.connected) child.send(message);
  }

  return {
    /**
     * Hands an accepted stream's socket to the fan-out process, which writes its head and frames from
     * now on; `onClose` runs once when it ends there. The server's socket object is let go at once.
     */
    handOver(socket: net.Socket, stream: HandedStream, onClose: () => void) {
      const id = nextId++;
      const holder = start();
      open.set(id, { holder, onClose });
      const message: ToFanout = { t: 'stream', id, ...stream };
      // Node tracks a socket of a `net.Server` sent to a child as that server's "worker" connection:
      // the server's close then waits on the child's sockets, and never ends once the child has exited
      // (it polls zero workers). Untied here, the server counts it as its own until it is let go below.
      Reflect.set(socket, 'server', null);
      // A socket waits in Node's queue while an earlier one is not acknowledged, and its handle is
      // taken only when it leaves: it is let go here once sent. What is left here then is the HTTP
      // server's bookkeeping of the request, released now rather than when the page leaves.
      holder.send(message, socket, (error) => {
        if (error) ended(id);
        socket.destroy();
      });
    },
    push(raffleId: string, tickets: TicketEvent[]) {
      send({ t: 'changes', raffleId, tickets });
    },
    raffleChanged(raffleId: string) {
      send({ t: 'raffle', raffleId });
    },
    reset() {
      send({ t: 'reset' });
    },
    /** Streams handed over and still open. */
    count: () => open.size,
    /** The process's figures (after a collection with `gc`), or null when it does not run or answer. */
    report(gc = false): Promise<FanoutReport | null> {
      const running = child;
      if (!running?.connected) return Promise.resolve(null);
      const id = nextId++;
      return new Promise((resolve) => {
        const timer = setTimeout(() => answer(null), REPORT_TIMEOUT_MS);
        function answer(report: FanoutReport | null) {
          clearTimeout(timer);
          reports.delete(id);
          resolve(report);
        }
        reports.set(id, answer);
        running.send({ t: 'report', id, gc } satisfies ToFanout);
      });
    },
    /** Ends every stream and the process. */
    async stop() {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
      send({ t: 'stop' });
      const killer = setTimeout(() => running.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(killer);
    },
  };
}

export type Fanout = ReturnType<typeof createFanout>;
