import { afterEach, describe, expect, it, vi } from 'vitest';
import { startPgliteAnalyzeJob } from './analyze.job';
import { startReservationExpiryJob } from './expiry.job';
import type { TicketsService } from './tickets.service';

const log = { info: vi.fn(), error: vi.fn() } as never;

afterEach(() => vi.useRealTimers());

describe('background ticket jobs', () => {
  it('re-analyzes PGlite every period and stops when asked', async () => {
    vi.useFakeTimers();
    const analyze = vi.fn().mockResolvedValue(undefined);
    const stop = startPgliteAnalyzeJob({ analyze } as unknown as TicketsService, log, 1000);
    await vi.advanceTimersByTimeAsync(3500);
    expect(analyze).toHaveBeenCalledTimes(3);
    stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(analyze).toHaveBeenCalledTimes(3);
  });

  it('keeps releasing expired reservations after a failed round', async () => {
    vi.useFakeTimers();
    const releaseExpired = vi.fn().mockRejectedValueOnce(new Error('db down')).mockResolvedValue(2);
    const stop = startReservationExpiryJob({ releaseExpired } as unknown as TicketsService, log, 1000);
    await vi.advanceTimersByTimeAsync(2500);
    expect(releaseExpired).toHaveBeenCalledTimes(2);
    stop();
  });
});
