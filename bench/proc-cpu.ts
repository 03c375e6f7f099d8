// CPU time of processes as the kernel counts it (/proc/<pid>/stat utime + stime), so every process
// of a phase (server, database, load generator, reference) is measured the same way from outside.
import fs from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux: a tick is 10 ms

function statCpuMs(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/** CPU ms used so far by process `pid` (every thread of it: PGlite's worker counts); NaN once gone. */
export function processCpuMs(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  try {
    return statCpuMs(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return Number.NaN;
  }
}

/** CPU ms used so far by each PostgreSQL process of this machine, by pid. */
export function postgresCpuByPid(): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.includes('(postgres)')) byPid.set(Number(entry), statCpuMs(stat));
    } catch {
      // the process ended meanwhile
    }
  }
  return byPid;
}

/**
 * CPU ms the processes `pids` used between two snapshots. Only those: the machine is shared, and
 * other databases' backends (and backends that end, whose time would come off a plain sum) are not
 * this phase's. A process started meanwhile counts whole.
 */
export function postgresCpuBetween(a: Map<number, number>, b: Map<number, number>, pids: Iterable<number>) {
  let total = 0;
  for (const pid of pids) {
    const end = b.get(pid);
    if (end !== undefined) total += end - (a.get(pid) ?? 0);
  }
  return total;
}
