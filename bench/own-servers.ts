// The sections that start servers of their own rather than share the run's: the page (cache off, then
// on), the 10,000 live streams, and memory (`npm start`'s build, fresh and restarted, then the
// bench's server under tsx for the main thread's own figures).
import os from 'node:os';
import { type DbKind, defaultPgUrl, startTarget } from './harness';
import { benchLive10k, type Live10kResult } from './live10k';
import { benchMemory, type MemoryResult, sourceFigures } from './memory';
import { benchPage, type PageResult } from './page';
import { measuredHere, NOT_THIS_DB, type SectionOutcome, section } from './sections';
import { live10kSizes, sizes } from './sizes';

export const MEMORY_IDLE_MS = 10_000;

export const pageResults: Record<string, SectionOutcome<PageResult>> = {};
export const pageLoads: Record<string, [number, number]> = {};
export const live10kResults: Record<string, SectionOutcome<Live10kResult>> = {};
export const memoryResults: Record<string, SectionOutcome<MemoryResult>> = {};

export async function measurePage(kind: DbKind, label: string) {
  if (!measuredHere(kind)) {
    pageResults[label] = { skipped: NOT_THIS_DB };
    return;
  }
  const load = os.loadavg()[0] ?? Number.NaN;
  pageResults[label] = await section(label, 'page', () => benchPage(kind, sizes.page));
  pageLoads[label] = [load, os.loadavg()[0] ?? Number.NaN];
}

export async function measureLive10k(kind: DbKind, label: string) {
  if (!measuredHere(kind)) {
    live10kResults[label] = { skipped: NOT_THIS_DB };
    return;
  }
  live10kResults[label] = await section(label, 'live10k', () => benchLive10k(kind, live10kSizes));
}

export async function measureMemory(kind: DbKind, label: string) {
  if (!measuredHere(kind)) {
    memoryResults[label] = { skipped: NOT_THIS_DB };
    return;
  }
  memoryResults[label] = await section(label, 'memory', () =>
    benchMemory(kind, defaultPgUrl, MEMORY_IDLE_MS, async () => {
      const target = await startTarget(kind);
      try {
        await new Promise((r) => setTimeout(r, MEMORY_IDLE_MS));
        return sourceFigures(await target.control<NodeJS.MemoryUsage>('memory'));
      } finally {
        await target.stop();
      }
    }),
  );
}

/** PostgreSQL could not be reached: its rows say why. */
export function ownServersSkipped(label: string, reason: string) {
  pageResults[label] = { skipped: reason };
  live10kResults[label] = { skipped: reason };
  memoryResults[label] = { skipped: reason };
}
