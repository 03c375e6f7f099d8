// Open raffle pages in a process of their own (issue 20, target 2):
//   node --import tsx bench/sse-streams.ts <port> <raffleId> <streams> <firstNumber> <numbers> <sampleEvery>
// Opens <streams> live streams (`?batch=1`, as the web app does; a server that sends one
// `event: ticket` per change is read too), prints STREAMS_OPEN <ms to open all>, then counts, per
// stream, the changes of numbers in [firstNumber, firstNumber + numbers) and keeps the arrival time
// (epoch ms) of every <sampleEvery>-th of them on every stream. Commands on stdin:
//   `drain`            stop reading frames (bytes still read off the sockets, so nothing backs up)
//   `report <json>`    with [[number, epochMsOf201], ...]: prints one JSON line with the delivery
//                      latencies (arrival − 201) over every stream, and what was delivered vs expected
//   `stop`             closes every stream and exits.
// Time is epoch ms from performance.timeOrigin + performance.now(): comparable across processes.
import net from 'node:net';
import readline from 'node:readline';
import { type TicketsFrame, unpackTicketEvents } from '../domain/live-events';

const [port, raffleId, count, first, numbers, every] = process.argv
  .slice(2)
  .map((a, i) => (i === 1 ? a : Number(a))) as [number, string, number, number, number, number];
const slots = Math.ceil(numbers / every);
/** arrivals[stream * slots + slot]: when that stream got the sampled number (NaN: not yet). */
const arrivals = new Float64Array(count * slots).fill(Number.NaN);
const received = new Uint32Array(count);
const duplicates = new Uint32Array(count);
/** Each stream's last version seen: a change older than it arrived out of order. */
const lastVersion = new Float64Array(count);
let outOfOrder = 0;
let parsing = true;
let closedByServer = 0;
let bytes = 0;
const epoch = () => performance.timeOrigin + performance.now();
type Change = { number: number; version: number };
/**
 * Every stream receives the same frames: each distinct data line is parsed once here, so this
 * process spends its CPU on reading 10,000 sockets, not on 10,000 copies of one JSON.parse.
 */
const parsedData = new Map<string, Change[]>();
function parse(data: string): Change[] {
  let changes = parsedData.get(data);
  if (!changes) {
    const value = JSON.parse(data) as Change | TicketsFrame;
    changes = 'numbers' in value ? unpackTicketEvents(value) : [value];
    if (parsedData.size > 256) parsedData.clear();
    parsedData.set(data, changes);
  }
  return changes;
}
const sockets: net.Socket[] = [];
/** seen[stream * numbers + offset]: that stream got that number already. */
const seen = new Uint8Array(count * numbers);

function onChange(stream: number, change: Change, at: number) {
  const offset = change.number - first;
  if (offset < 0 || offset >= numbers) return;
  if (seen[stream * numbers + offset]) duplicates[stream]++;
  else {
    seen[stream * numbers + offset] = 1;
    received[stream]++;
  }
  if (change.version < (lastVersion[stream] ?? 0)) outOfOrder++;
  else lastVersion[stream] = change.version;
  if (offset % every === 0) {
    const index = stream * slots + offset / every;
    if (Number.isNaN(arrivals[index])) arrivals[index] = at;
  }
}

/**
 * The SSE text of one stream, frame by frame, as its chunks arrive: `at` is when the bytes were read.
 */
function readFrames(stream: number) {
  let buffer = '';
  return (text: string, at: number) => {
    buffer += text;
    for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
      const frame = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const data = /^data: (.*)$/m.exec(frame)?.[1];
      if (!data || !frame.startsWith('event: ticket')) continue;
      for (const change of parse(data)) onChange(stream, change, at);
    }
  };
}

/**
 * One page's stream over a bare socket: the request written by hand, the status line checked, the
 * HTTP/1.1 chunks taken apart here. node:http's client (its parser, IncomingMessage stream and string
 * decoder per read) cost this process ~25 µs per read, ~0.7 of a core at 10,000 streams, taken from the
 * same 2 cores as the server it measures; real pages each have a phone of their own.
 */
function open(stream: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setNoDelay(true);
    socket.write(
      `GET /api/raffles/${raffleId}/events?batch=1 HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
        'Accept: text/event-stream\r\n\r\n',
    );
    const frames = readFrames(stream);
    let head = true;
    let pending: Buffer = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (!head && !parsing) return;
      const at = epoch();
      pending = pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk;
      if (head) {
        const end = pending.indexOf('\r\n\r\n');
        if (end < 0) return;
        const headers = pending.toString('latin1', 0, end);
        if (!headers.startsWith('HTTP/1.1 200 ') || !/\r\ntransfer-encoding: chunked\r?$/im.test(headers)) {
          reject(new Error(`stream ${stream}: ${headers.split('\r\n')[0]} (chunked expected)`));
          socket.destroy();
          return;
        }
        head = false;
        pending = pending.subarray(end + 4);
        resolve();
      }
      for (;;) {
        const lineEnd = pending.indexOf('\r\n');
        if (lineEnd < 0) break;
        const size = Number.parseInt(pending.toString('latin1', 0, lineEnd), 16);
        const dataEnd = lineEnd + 2 + size;
        if (pending.length < dataEnd + 2) break;
        if (parsing) frames(pending.toString('utf8', lineEnd + 2, dataEnd), at);
        pending = pending.subarray(dataEnd + 2);
      }
    });
    socket.on('close', () => closedByServer++);
    socket.on('error', reject);
    sockets.push(socket);
  });
}

function percentile(sorted: Float64Array, p: number) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

function report(replied: [number, number][]) {
  const latencies: number[] = [];
  let beforeReply = 0;
  let missingSamples = 0;
  for (const [number, at201] of replied) {
    const offset = number - first;
    if (offset < 0 || offset >= numbers || offset % every !== 0) continue;
    for (let stream = 0; stream < count; stream++) {
      const at = arrivals[stream * slots + offset / every] as number;
      if (Number.isNaN(at)) {
        missingSamples++;
        continue;
      }
      if (at < at201) beforeReply++;
      latencies.push(Math.max(0, at - at201));
    }
  }
  const sorted = Float64Array.from(latencies).sort();
  // Delivered: the changes of numbers answered 201, on every stream. A number whose answer the
  // buyer never got (a timeout) may still have committed and been delivered: counted apart.
  let expectedPerStream = 0;
  let delivered = 0;
  for (const [number] of replied) {
    const offset = number - first;
    if (offset < 0 || offset >= numbers) continue;
    expectedPerStream++;
    for (let stream = 0; stream < count; stream++) delivered += seen[stream * numbers + offset] as number;
  }
  let all = 0;
  let dup = 0;
  for (let s = 0; s < count; s++) {
    all += received[s] as number;
    dup += duplicates[s] as number;
  }
  const cpu = process.cpuUsage();
  return {
    streams: count,
    expected: expectedPerStream * count,
    delivered,
    unanswered: all - delivered,
    duplicates: dup,
    cpuMs: (cpu.user + cpu.system) / 1000,
    outOfOrder,
    samples: sorted.length,
    missingSamples,
    beforeReply,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.length ? (sorted[sorted.length - 1] as number) : Number.NaN,
    closedByServer,
    bytes,
  };
}

const start = performance.now();
// 200 connections at a time: the server accepts them as fast as it can, none waits for a timeout.
for (let i = 0; i < count; i += 200) {
  await Promise.all(Array.from({ length: Math.min(200, count - i) }, (_, j) => open(i + j)));
}
process.stdout.write(`STREAMS_OPEN ${Math.round(performance.now() - start)}\n`);

const lines = readline.createInterface({ input: process.stdin });
lines.on('line', (line) => {
  const [command, ...rest] = line.split(' ');
  if (command === 'drain') parsing = false;
  else if (command === 'report')
    process.stdout.write(`${JSON.stringify(report(JSON.parse(rest.join(' ')) as [number, number][]))}\n`);
  else if (command === 'stop') {
    for (const socket of sockets) socket.destroy();
    process.exit(0);
  }
});
