// The live streams' fan-out process (decision 067). The server hands it each accepted live stream's
// socket, with the response head it decided, and every change it receives on the change channel, in
// order over one IPC channel; this process runs the same coalesced rounds as an inline hub
// (live-streams.ts) and does the one write per stream per round that, with 10,000 open pages, was
// what the server's main thread spent its time on. It keeps its own recent events for Last-Event-ID.
// It ends when told to, or when the server's channel closes (the server stopped or died).
import type net from 'node:net';
import v8 from 'node:v8';
import vm from 'node:vm';
import type { FromFanout, HandedStream, ToFanout } from './fanout-messages';
import { LiveFrame, type LiveSink, MAX_QUEUED_BYTES, STREAM_HELLO } from './live-frames';
import { createLiveStreams, HEARTBEAT_MS, LIVE_TICK_MS } from './live-streams';
import { createRecentEvents } from './recent-events';

/** The end of a chunked body. */
const LAST_CHUNK = '0\r\n\r\n';

const recent = createRecentEvents();
const streams = createLiveStreams({
  eventsSince: recent.eventsSince,
  tickMs: LIVE_TICK_MS,
  heartbeatMs: HEARTBEAT_MS,
});
const hello = LiveFrame.of(STREAM_HELLO).chunk;

function tell(message: FromFanout) {
  if (process.connected) process.send?.(message);
}

/** A stream of this process: its socket, already past the request, and nothing else. */
class SocketSink implements LiveSink {
  leave: () => void = () => {};
  closed = false;
  constructor(
    private readonly socket: net.Socket,
    readonly batched: boolean,
    private readonly id: number,
  ) {}

  write(frame: LiveFrame) {
    if (this.closed) return;
    if (this.socket.writableLength > MAX_QUEUED_BYTES) this.socket.destroy();
    else this.socket.write(frame.chunk);
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    this.leave();
    tell({ t: 'closed', id: this.id });
    if (!this.socket.destroyed) this.socket.end(LAST_CHUNK);
  }
}

function open(id: number, stream: HandedStream, socket: net.Socket | undefined) {
  if (!socket) return tell({ t: 'closed', id });
  const sink = new SocketSink(socket, stream.batched, id);
  socket.on('error', () => {}); // 'close' follows: the sink leaves there
  socket.once('close', () => sink.close());
  socket.resume(); // an EventSource sends nothing more; reading is how its going away is seen
  socket.write(stream.head);
  socket.write(hello);
  sink.leave = streams.join(stream.raffleId, sink, stream.since);
}

let collectGarbage: (() => void) | null = null;
function reportNow(gc: boolean) {
  if (gc) {
    if (!collectGarbage) {
      v8.setFlagsFromString('--expose-gc');
      collectGarbage = vm.runInNewContext('gc') as () => void;
    }
    collectGarbage();
  }
  return {
    pid: process.pid,
    streams: streams.count(),
    stats: streams.stats(),
    memory: process.memoryUsage(),
    cpu: process.cpuUsage(),
  };
}

/** Every stream ends (each page reconnects, to another instance or this one restarted), then the process. */
function stop() {
  streams.stop();
  setImmediate(() => process.exit(0));
}

process.on('message', (message: ToFanout, socket?: net.Socket) => {
  switch (message.t) {
    case 'changes':
      recent.remember(message.raffleId, message.tickets);
      streams.push(message.raffleId, message.tickets);
      break;
    case 'raffle':
      streams.raffleChanged(message.raffleId);
      break;
    case 'stream':
      open(message.id, message, socket);
      break;
    case 'reset':
      recent.clear();
      streams.reset();
      break;
    case 'report':
      tell({ t: 'report', id: message.id, report: reportNow(message.gc) });
      break;
    case 'stop':
      stop();
      break;
  }
});
process.on('disconnect', stop);
