import { afterEach, describe, expect, it, vi } from 'vitest';
import { startAnalyzeJob, startAnalyzeJobIfNeeded } from './analyze.job';
import { startReservationExpiryJob } from './expiry.job';
import type { TicketsService } from './tickets.service';

const log = { info: vi.fn(), error: vi.fn(), warn: vi.fn() } as never;

afterEach(() => vi.useRealTimers());

describe('background ticket jobs', () => {
  it('re-analyzes PGlite every period and stops when asked', async () => {
    vi.useFakeTimers();
    const analyze = vi.fn().mockResolvedValue(0);
    const stop = startAnalyzeJob({ analyze, salesSinceAnalyze: () => 0 }, log, 1000);
    await vi.advanceTimersByTimeAsync(3500);
    expect(analyze).toHaveBeenCalledTimes(3);
    stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(analyze).toHaveBeenCalledTimes(3);
  });

  it('runs on PGlite always, on PostgreSQL only when its autovacuum is off', async () => {
    vi.useFakeTimers();
    for (const [kind, autovacuum, runs] of [
      ['pglite', false, true],
      ['pglite', true, true],
      ['postgres', false, true],
      ['postgres', true, false],
    ] as const) {
      const analyze = vi.fn().mockResolvedValue(0);
      const tickets = { analyze, salesSinceAnalyze: () => 600, autovacuumOn: async () => autovacuum };
      const stop = await startAnalyzeJobIfNeeded(kind, tickets, log);
      await vi.advanceTimersByTimeAsync(5_000);
      expect(analyze.mock.calls.length > 0, `${kind}, autovacuum ${autovacuum}`).toBe(runs);
      stop();
    }
  });

  it('re-analyzes PGlite early once a rush has changed a tenth of the table, not on every check', async () => {
    vi.useFakeTimers();
    let sales = 0;
    const analyze = vi.fn(async () => {
      sales = 0;
      return 10_000; // rows seen: the next run is due after 500 + 1,000 new sales
    });
    const stop = startAnalyzeJob({ analyze, salesSinceAnalyze: () => sales }, log, 10 * 60_000);
    sales = 600;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(analyze).toHaveBeenCalledTimes(1); // 600 > 500 + 10% of 0 rows
    sales = 1_400;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(analyze).toHaveBeenCalledTimes(1); // 1,400 < 500 + 10% of 10,000
    sales = 1_600;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(analyze).toHaveBeenCalledTimes(2);
    stop();
  });

  it('analyzes the first rush within a second, then at most every 5 s while the rush goes on', async () => {
    vi.useFakeTimers();
    const analyze = vi.fn().mockResolvedValue(0);
    const stop = startAnalyzeJob({ analyze, salesSinceAnalyze: () => 10_000 }, log, 10 * 60_000);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(analyze).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(analyze).toHaveBeenCalledTimes(1); // 4 s after the last one
    await vi.advanceTimersByTimeAsync(1_000);
    expect(analyze).toHaveBeenCalledTimes(2);
    stop();
  });

  it('sweeps at start, keeps releasing expired reservations after a failed round, records each sweep', async () => {
    vi.useFakeTimers();
    const releaseExpired = vi.fn().mockRejectedValueOnce(new Error('db down')).mockResolvedValue(2);
    const recordExpirySweep = vi.fn().mockResolvedValue(undefined);
    const stop = startReservationExpiryJob(
      { releaseExpired, recordExpirySweep } as unknown as TicketsService,
      log,
      1000,
    );
    await vi.advanceTimersByTimeAsync(10);
    expect(releaseExpired).toHaveBeenCalledTimes(1); // at start, failed: nothing recorded
    expect(recordExpirySweep).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2000);
    expect(releaseExpired).toHaveBeenCalledTimes(3);
    expect(recordExpirySweep).toHaveBeenCalledTimes(2);
    expect(recordExpirySweep).toHaveBeenLastCalledWith({ released: 2, every_s: 1 });
    stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(releaseExpired).toHaveBeenCalledTimes(3);
  });
});
