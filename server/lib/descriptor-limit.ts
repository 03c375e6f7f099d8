import fs from 'node:fs';

/** The process's soft limit on open files (`ulimit -n`), from /proc; null where it cannot be read. */
export function openFilesLimit(): number | null {
  try {
    const limits = fs.readFileSync('/proc/self/limits', 'utf8');
    const line = limits.split('\n').find((l) => l.startsWith('Max open files'));
    const soft = line?.split(/\s{2,}/)[1];
    return soft && /^\d+$/.test(soft) ? Number(soft) : null;
  } catch {
    return null;
  }
}

/**
 * SSE_MAX_TOTAL's default: every live stream holds a socket, so the streams may use the process's
 * descriptors but for a reserve for HTTP requests, the database, files and logs (1,000, or half
 * of a small limit). Without a readable limit, 1,000 streams.
 */
export function defaultStreamsTotal(limit = openFilesLimit()): number {
  if (limit === null) return 1_000;
  return limit > 2_000 ? limit - 1_000 : Math.max(16, Math.floor(limit / 2));
}
