import { describe, expect, it } from 'vitest';
import { createInFlightCount } from './in-flight-count';

describe('in-flight count (decision 048)', () => {
  it('averages over time what was under way since the last look, settled or not', async () => {
    let now = 0;
    const count = createInFlightCount(() => now);
    let finish: () => void = () => {};
    const long = count.track(() => new Promise<void>((resolve) => (finish = resolve)));
    now = 10;
    await count.track(async () => {
      now = 20; // two under way for 10 ms
    });
    now = 40; // one for 20 ms more
    expect(count.now()).toBe(1);
    // 0-10: 1, 10-20: 2, 20-40: 1 → (10 + 20 + 20) / 40.
    expect(count.meanSinceLastLook()).toBeCloseTo(50 / 40);
    now = 50;
    finish();
    await long;
    now = 100;
    // Since the last look (40): one for 10 ms of 60.
    expect(count.meanSinceLastLook()).toBeCloseTo(10 / 60);
    expect(count.now()).toBe(0);
    // No time since: what is under way now.
    expect(count.meanSinceLastLook()).toBe(0);
  });

  it('stops counting work that fails, and passes its error on', async () => {
    const count = createInFlightCount();
    await expect(count.track(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(count.now()).toBe(0);
  });
});
