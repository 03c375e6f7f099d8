/**
 * Runs `task` after `firstMs`, then every `everyMs`, never two at once (a long run skips the ticks
 * it overlaps), on unref'd timers so a job never keeps the process alive. Returns the stop function.
 * The background jobs' one loop: each job keeps only what it does and how it logs a failure.
 */
export function repeat(
  task: () => Promise<void>,
  options: { everyMs: number; firstMs?: number; onError: (error: unknown) => void },
): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await task();
    } catch (error) {
      options.onError(error);
    } finally {
      running = false;
    }
  };
  const first = setTimeout(tick, options.firstMs ?? 0);
  const timer = setInterval(tick, options.everyMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
