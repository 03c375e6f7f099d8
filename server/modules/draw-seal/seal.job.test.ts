import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSealJob } from './seal.job';

const log = { info: vi.fn(), error: vi.fn(), warn: vi.fn() } as never;

afterEach(() => vi.useRealTimers());

describe('seal job', () => {
  it('passes at start and every period (each raffle keeps its backoff), goes on after a failed pass, stops', async () => {
    vi.useFakeTimers();
    const sealPending = vi
      .fn()
      .mockRejectedValueOnce(new Error('db down'))
      .mockResolvedValue({ skipped: false, sealed: 0, failed: 0, pending: 0 });
    const job = startSealJob({ seals: { enabled: true, sealPending }, log, everyMs: 1000 });
    await vi.advanceTimersByTimeAsync(10);
    expect(sealPending).toHaveBeenCalledTimes(1);
    expect(sealPending).toHaveBeenLastCalledWith();
    await vi.advanceTimersByTimeAsync(2000);
    expect(sealPending).toHaveBeenCalledTimes(3);
    await job.kick();
    expect(sealPending).toHaveBeenLastCalledWith({ now: true });
    job.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(sealPending).toHaveBeenCalledTimes(4);
  });

  it('does nothing without TSA_URL', async () => {
    vi.useFakeTimers();
    const sealPending = vi.fn();
    const job = startSealJob({ seals: { enabled: false, sealPending }, log, everyMs: 1000 });
    await vi.advanceTimersByTimeAsync(5000);
    expect(sealPending).not.toHaveBeenCalled();
    job.stop();
  });
});
