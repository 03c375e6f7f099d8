import { describe, expect, it } from 'vitest';
import { createReadsInFlight } from './reads-in-flight';

/** A read that finishes when the test says so. */
function deferred<V>() {
  let resolve!: (value: V) => void;
  const promise = new Promise<V>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('reads in flight', () => {
  it('share one read among callers that ask while it runs', async () => {
    const reads = createReadsInFlight<string, string>();
    const first = deferred<string>();
    let loads = 0;
    const load = () => {
      loads++;
      return first.promise;
    };
    const a = reads.read('home', load);
    const b = reads.read('home', load);
    first.resolve('list');
    expect(await Promise.all([a, b])).toEqual(['list', 'list']);
    expect(loads).toBe(1);
  });

  it('never hand a read started before a change to a caller that asks after it', async () => {
    const reads = createReadsInFlight<string, string[]>();
    const before = deferred<string[]>();
    const started: number[] = [];
    const stale = reads.read('home', (generation) => {
      started.push(generation);
      return before.promise;
    });
    reads.invalidate(); // a raffle was created and its creator answered
    const fresh = deferred<string[]>();
    const after = reads.read('home', (generation) => {
      started.push(generation);
      return fresh.promise;
    });
    expect(after).not.toBe(stale);
    // The older read ends first: the newer one is still the one shared.
    before.resolve([]);
    expect(await stale).toEqual([]);
    let loadedAgain = false;
    const again = reads.read('home', async () => {
      loadedAgain = true;
      return [];
    });
    fresh.resolve(['rifa nueva']);
    expect(await after).toEqual(['rifa nueva']);
    expect(await again).toEqual(['rifa nueva']);
    expect(loadedAgain).toBe(false);
    // The older read may not be cached; the newer one may.
    expect(started.map(reads.isCurrent)).toEqual([false, true]);
  });
});
