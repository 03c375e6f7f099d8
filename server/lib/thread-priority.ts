import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/** The nice value of background work: the scheduler gives a core to buyers' threads first. */
export const BACKGROUND_NICE = 10;

/**
 * Lowers the CPU priority of the calling thread only (a worker thread doing a staff export, say).
 * On Linux a thread has a nice value of its own, and setpriority(2) given a thread's id changes that
 * thread alone: the id comes from /proc/thread-self (`<pid>/task/<tid>`). Raising the nice value
 * needs no privilege. Elsewhere, or without /proc, nothing changes (false).
 */
export function lowerThisThreadPriority(nice = BACKGROUND_NICE): boolean {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
    if (!Number.isInteger(tid) || tid <= 0) return false;
    setPriority(tid, nice);
    return true;
  } catch {
    return false;
  }
}
