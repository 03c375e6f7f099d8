// The XLSX export's worker thread: exceljs and its zip, off the server's event loop (decision 050).
// It asks tickets-xlsx.ts for rows a batch ahead, and sends the file's bytes back one piece at a
// time, each acknowledged once the client's stream took it: the client's pace is the export's pace.
import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { lowerThisThreadPriority } from '../../lib/thread-priority';
import { writeXlsxSheet, type XlsxLayout, type XlsxSegment } from './xlsx-sheet-writer';

export type XlsxWorkerData = XlsxLayout;
export type ToXlsxWorker = { kind: 'batch'; segments: XlsxSegment[] } | { kind: 'end' } | { kind: 'written' };
export type FromXlsxWorker = { kind: 'more' } | { kind: 'bytes'; bytes: Uint8Array } | { kind: 'done' };

const port = parentPort;
if (port) {
  // Buyers first: on a busy machine the export waits for a core, not the reservations (exceljs's
  // load and zipping are the most CPU the server spends on one request).
  lowerThisThreadPriority();
  const post = (message: FromXlsxWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
  const received: ({ kind: 'batch'; segments: XlsxSegment[] } | { kind: 'end' })[] = [];
  let wakeReader: (() => void) | null = null;
  let acknowledge: (() => void) | null = null;
  port.on('message', (message: ToXlsxWorker) => {
    if (message.kind === 'written') {
      const done = acknowledge;
      acknowledge = null;
      done?.();
      return;
    }
    received.push(message);
    wakeReader?.();
  });

  async function* batches(): AsyncGenerator<XlsxSegment[]> {
    post({ kind: 'more' });
    for (;;) {
      const message = received.shift();
      if (!message) {
        await new Promise<void>((resolve) => {
          wakeReader = resolve;
        });
        wakeReader = null;
        continue;
      }
      if (message.kind === 'end') return;
      // The next batch is asked for as this one is taken: reading it overlaps writing this one.
      post({ kind: 'more' });
      yield message.segments;
    }
  }

  const out = new Writable({
    highWaterMark: 64 * 1024,
    write(chunk: Buffer, _encoding, done) {
      // A copy of its own to hand over: a chunk can share its memory with others.
      const bytes = new Uint8Array(chunk);
      acknowledge = done;
      post({ kind: 'bytes', bytes }, [bytes.buffer]);
    },
  });
  await writeXlsxSheet(batches(), workerData as XlsxWorkerData, out);
  await finished(out);
  post({ kind: 'done' });
}
