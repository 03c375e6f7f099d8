import fs from 'node:fs';
import path from 'node:path';

/**
 * Free space on the disk that holds `dir` (what an unprivileged process may still write), in MB;
 * null when the system cannot tell (the check is then skipped rather than refusing everything).
 */
export async function freeDiskMb(dir: string): Promise<number | null> {
  // DATA_DIR may not exist yet (S3 uploads, a first start): its nearest existing folder's disk.
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    try {
      const stats = await fs.promises.statfs(at);
      return Math.floor((stats.bavail * stats.bsize) / (1024 * 1024));
    } catch {
      if (path.dirname(at) === at) return null;
    }
  }
}

/** Whether `error` (or what it wraps) is a full disk: the OS's ENOSPC or PostgreSQL's disk_full. */
export function isDiskFull(error: unknown): boolean {
  for (
    let e = error as { code?: string; message?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === 'ENOSPC' || e.code === '53100') return true;
    if (/No space left on device|could not extend file/i.test(e.message ?? '')) return true;
  }
  return false;
}
