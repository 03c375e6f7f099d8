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

/** CPU ms used so far by every PostgreSQL process of this machine (the bench only loads loopback). */
export function postgresCpuMs(): number {
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.includes('(postgres)')) total += statCpuMs(stat);
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}
