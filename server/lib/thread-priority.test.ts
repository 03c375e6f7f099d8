import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { BACKGROUND_NICE } from './thread-priority';

/** Field 19 of /proc/thread-self/stat is the thread's nice value (after the command in brackets). */
const niceOfThisThread = () =>
  Number(readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1]?.split(' ')[16]);

describe.runIf(process.platform === 'linux')('lowerThisThreadPriority', () => {
  it("lowers the calling worker thread's priority, and the thread that started it keeps its own", async () => {
    const before = niceOfThisThread();
    const source = `
      const { parentPort } = require('node:worker_threads');
      const { readFileSync } = require('node:fs');
      const nice = () => Number(readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1].split(' ')[16]);
      (async () => {
        (await import('tsx/esm/api')).register(); // a worker does not inherit the parent's tsx
        const { lowerThisThreadPriority } = await import(${JSON.stringify(new URL('./thread-priority.ts', import.meta.url).href)});
        const start = nice();
        const lowered = lowerThisThreadPriority();
        parentPort.postMessage({ start, lowered, after: nice() });
      })();`;
    const worker = new Worker(source, { eval: true, execArgv: [] });
    const seen = await new Promise<{ start: number; lowered: boolean; after: number }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    expect(seen.lowered).toBe(true);
    expect(seen.start).toBe(before);
    expect(seen.after).toBe(BACKGROUND_NICE);
    expect(niceOfThisThread()).toBe(before);
  });
});
