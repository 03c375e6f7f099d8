// Reservations at 50 concurrent buyers over HTTP, against the database's own single-row write ceiling
// and the naive read-then-write flow, interleaved; then a crowd of 300 buyers for one number.
import fs from 'node:fs';
import type { Target } from './harness';
import { createRaffle } from './harness';
import { client, request } from './http';
import { now, percentile, runPool } from './stats';
import {
  buyer,
  ceiling,
  createNaiveTable,
  doubleSold,
  dropNaiveTable,
  naive,
  reservationStatement,
} from './workloads';

export type ReservationSizes = {
  reps: number;
  concurrency: number;
  /** Distinct-number reservations per repetition (HTTP) and inserts per repetition (ceiling). */
  perRep: number;
  warmup: number;
  /** Contended numbers per repetition; each is wanted by `contenders` buyers in a row. */
  contendedNumbers: number;
  contenders: number;
  crowd: number;
  crowdReps: number;
  /** No phase runs longer than this (a loaded machine does fewer operations, reported as cut). */
  phaseTimeLimitMs: number;
  /** No repetition starts after the section has run this long. */
  budgetMs: number;
};

type Rep = {
  http: {
    perSecond: number;
    p50: number;
    p99: number;
    done: number;
    failures: number;
    /** CPU time of the server process (user + system) per reservation. */
    serverCpuMs: number;
    /** CPU per reservation of the whole machine's share in it: server, database processes, load generator. */
    cpu: CpuPerOp;
  };
  ceiling: { perSecond: number; p50: number; p99: number; done: number; cpu: CpuPerOp };
  statement: { perSecond: number; p50: number; p99: number; done: number };
  ratio: number;
  ours: {
    perSecond: number;
    /** Distinct numbers that got at least one attempt (all of them unless the phase was cut). */
    attemptedNumbers: number;
    winners: number;
    refused: number;
    other: number;
    doubleSold: number;
  };
  naive: {
    perSecond: number;
    attemptedNumbers: number;
    told: number;
    doubleSold: number;
    extraSales: number;
  };
  /** Phases stopped by phaseTimeLimitMs before their count. */
  cut: string[];
};

/** ms of CPU (user + system) per operation. `database` is 0 on PGlite (it runs in the server). */
export type CpuPerOp = { server: number; database: number; load: number; total: number };

/** CPU ms used so far by every PostgreSQL process of this machine (the bench only loads loopback). */
function databaseCpuMs(): number {
  const tick = 10; // USER_HZ is 100 on Linux: a tick is 10 ms
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += (Number(fields[11]) + Number(fields[12])) * tick;
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

export type ReservationResult = {
  sizes: ReservationSizes;
  ceilingPath: string;
  reps: Rep[];
  crowd: { winners: number; refused: number; other: number; ms: number }[];
  naiveCrowd: { told: number; concurrency: number };
  doubleSoldTotal: number;
  liveSalesTotal: number;
};

const RAFFLE_SIZE = 100_000;

export async function benchReservations(t: Target, s: ReservationSizes): Promise<ReservationResult> {
  const admin = client(t.port, 4, t.token);
  const buyers = client(t.port, s.concurrency);
  const crowdClient = client(t.port, s.crowd);
  try {
    const httpRaffle = (await createRaffle(admin, RAFFLE_SIZE, 'Bench reservas HTTP')).id;
    const ceilingRaffle = (await createRaffle(admin, RAFFLE_SIZE, 'Bench techo SQL')).id;
    const contendedRaffle = (await createRaffle(admin, RAFFLE_SIZE, 'Bench números disputados')).id;
    const statementRaffle = (await createRaffle(admin, RAFFLE_SIZE, 'Bench sentencia de reserva')).id;

    const reserve = async (raffleId: string, number: number, who: number) => {
      try {
        const reply = await request(buyers, 'POST', `/api/raffles/${raffleId}/reservations`, {
          body: { numbers: [number], buyer: buyer(who) },
        });
        return reply.status;
      } catch {
        return 0;
      }
    };
    const httpPhase = (raffleId: string, numbers: number[], limitMs = s.phaseTimeLimitMs) =>
      runPool(
        numbers.length,
        s.concurrency,
        (i) => reserve(raffleId, numbers[i] as number, numbers[i] as number),
        now() + limitMs,
      );
    /** On PostgreSQL the bench's own pool of 50; on PGlite its one connection, in the server process. */
    const ceilingPhase = (from: number, count: number, limitMs = s.phaseTimeLimitMs) => {
      const args = { raffleId: ceilingRaffle, from, count, concurrency: s.concurrency, timeLimitMs: limitMs };
      return t.kind === 'postgres'
        ? ceiling(t.query, args)
        : t.control<Awaited<ReturnType<typeof ceiling>>>('ceiling', args);
    };
    /** The app's reservation statement without HTTP, on the same path as the ceiling. */
    const statementPhase = (from: number, count: number, limitMs = s.phaseTimeLimitMs) => {
      const args = {
        raffleId: statementRaffle,
        from,
        count,
        concurrency: s.concurrency,
        timeLimitMs: limitMs,
      };
      return t.db
        ? reservationStatement(t.db, args)
        : t.control<Awaited<ReturnType<typeof reservationStatement>>>('reservationStatement', args);
    };
    const serverCpu = async () => {
      const u = await t.control<{ user: number; system: number }>('cpu');
      return (u.user + u.system) / 1000;
    };
    /** Where the machine's CPU goes during a phase: the server, the database, this load generator. */
    const machineCpu = async () => {
      const load = process.cpuUsage();
      return {
        server: await serverCpu(),
        database: t.kind === 'postgres' ? databaseCpuMs() : 0,
        load: (load.user + load.system) / 1000,
      };
    };
    const cpuPerOp = (
      a: Awaited<ReturnType<typeof machineCpu>>,
      b: Awaited<ReturnType<typeof machineCpu>>,
      ops: number,
    ): CpuPerOp => {
      const n = Math.max(1, ops);
      const server = (b.server - a.server) / n;
      const database = (b.database - a.database) / n;
      const load = (b.load - a.load) / n;
      return { server, database, load, total: server + database + load };
    };
    const naivePhase = (attempts: number[], concurrency = s.concurrency, limitMs = s.phaseTimeLimitMs) => {
      const args = { attempts, concurrency, timeLimitMs: limitMs };
      return t.kind === 'postgres'
        ? naive(t.query, args)
        : t.control<Awaited<ReturnType<typeof naive>>>('naive', args);
    };
    if (t.kind === 'postgres') await createNaiveTable(t.query);
    else await t.control('createNaiveTable');

    // Warm-up: JIT, connections, plans; numbers at the top of the range, never measured.
    const warm = Array.from({ length: s.warmup }, (_, i) => RAFFLE_SIZE - 1 - i);
    const warmLimitMs = Math.min(s.phaseTimeLimitMs, 10_000);
    await httpPhase(httpRaffle, warm, warmLimitMs);
    await ceilingPhase(RAFFLE_SIZE - s.warmup, s.warmup, warmLimitMs);
    await statementPhase(RAFFLE_SIZE - s.warmup, s.warmup, warmLimitMs);
    await naivePhase(warm.slice(0, Math.min(100, s.warmup)), s.concurrency, warmLimitMs);

    const reps: Rep[] = [];
    const sectionStart = now();
    for (let rep = 0; rep < s.reps; rep++) {
      if (rep > 0 && now() - sectionStart > s.budgetMs) break;
      const from = rep * s.perRep;
      // A: HTTP reservations, one distinct number each.
      const numbers = Array.from({ length: s.perRep }, (_, i) => from + i);
      const cpuBefore = await machineCpu();
      const h = await httpPhase(httpRaffle, numbers);
      const cpuAfterHttp = await machineCpu();
      const serverCpuMs = cpuAfterHttp.server - cpuBefore.server;
      const ok = h.results.filter((x) => x === 201).length;
      // B: the database's own ceiling, same row shape, distinct numbers of another raffle.
      const c = await ceilingPhase(from, s.perRep);
      // On PGlite the ceiling runs inside the server process: its CPU is the server's.
      const cpuAfterCeiling = await machineCpu();
      // B': the app's reservation statement straight on the database (no HTTP), a third raffle.
      const st = await statementPhase(from, s.perRep);
      // C: a contended sequence (each number wanted by `contenders` buyers in a row), ours over HTTP...
      const base = rep * s.contendedNumbers;
      const attempts = Array.from(
        { length: s.contendedNumbers * s.contenders },
        (_, i) => base + Math.floor(i / s.contenders),
      );
      const o = await runPool(
        attempts.length,
        s.concurrency,
        (i) => reserve(contendedRaffle, attempts[i] as number, 50_000 + i),
        now() + s.phaseTimeLimitMs,
      );
      const ourDoubles = await doubleSold(t.query, 'tickets', contendedRaffle);
      // D: ...and the same sequence through the naive read-then-insert flow.
      const n = await naivePhase(attempts);
      const distinct = (done: number) => new Set(attempts.slice(0, done)).size;
      const cut = [
        h.done < numbers.length ? `A (${h.done}/${numbers.length})` : '',
        c.done < s.perRep ? `B (${c.done}/${s.perRep})` : '',
        st.done < s.perRep ? `B' (${st.done}/${s.perRep})` : '',
        o.done < attempts.length ? `C (${o.done}/${attempts.length})` : '',
        n.done < attempts.length ? `D (${n.done}/${attempts.length})` : '',
      ].filter(Boolean);
      const httpPerSecond = (ok / h.ms) * 1000;
      const ceilingPerSecond = (c.done / c.ms) * 1000;
      reps.push({
        http: {
          perSecond: httpPerSecond,
          p50: percentile(h.latencies, 50),
          p99: percentile(h.latencies, 99),
          done: ok,
          failures: h.done - ok,
          serverCpuMs: serverCpuMs / Math.max(1, h.done),
          cpu: cpuPerOp(cpuBefore, cpuAfterHttp, h.done),
        },
        ceiling: {
          perSecond: ceilingPerSecond,
          p50: percentile(c.latencies, 50),
          p99: percentile(c.latencies, 99),
          done: c.done,
          cpu: cpuPerOp(cpuAfterHttp, cpuAfterCeiling, c.done),
        },
        statement: {
          perSecond: (st.done / st.ms) * 1000,
          p50: percentile(st.latencies, 50),
          p99: percentile(st.latencies, 99),
          done: st.done,
        },
        ratio: httpPerSecond / ceilingPerSecond,
        ours: {
          perSecond: (o.done / o.ms) * 1000,
          attemptedNumbers: distinct(o.done),
          winners: o.results.filter((x) => x === 201).length,
          refused: o.results.filter((x) => x === 409).length,
          other: o.results.filter((x) => x !== 201 && x !== 409).length,
          doubleSold: ourDoubles.doubleSoldNumbers,
        },
        naive: {
          perSecond: (n.done / n.ms) * 1000,
          attemptedNumbers: distinct(n.done),
          told: n.told,
          doubleSold: n.doubleSoldNumbers,
          extraSales: n.extraSales,
        },
        cut,
      });
      console.error(`  [${t.label}] reservations rep ${rep + 1}/${s.reps}:`, JSON.stringify(reps.at(-1)));
    }

    // The crowd: `crowd` buyers at once for one number, each on its own connection.
    const crowd: ReservationResult['crowd'] = [];
    for (let rep = 0; rep < s.crowdReps; rep++) {
      const number = RAFFLE_SIZE - s.warmup - 1 - rep;
      const start = now();
      const statuses = await Promise.all(
        Array.from({ length: s.crowd }, (_, i) =>
          request(crowdClient, 'POST', `/api/raffles/${contendedRaffle}/reservations`, {
            body: { numbers: [number], buyer: buyer(80_000 + i) },
          }).then(
            (r) => r.status,
            () => 0,
          ),
        ),
      );
      crowd.push({
        winners: statuses.filter((x) => x === 201).length,
        refused: statuses.filter((x) => x === 409).length,
        other: statuses.filter((x) => x !== 201 && x !== 409).length,
        ms: now() - start,
      });
    }
    // The same crowd through the naive flow (as many at once as the path allows).
    const crowdConcurrency = t.kind === 'postgres' ? s.concurrency : s.crowd;
    const nc = await naivePhase(
      Array.from({ length: s.crowd }, () => 7),
      crowdConcurrency,
    );
    const naiveCrowd = { told: nc.told, concurrency: crowdConcurrency };

    if (t.kind === 'postgres') await dropNaiveTable(t.query);
    else await t.control('dropNaiveTable');

    const all = await doubleSold(t.query, 'tickets');
    const live = await t.query('select count(*)::int as n from tickets where ended_at is null');
    return {
      sizes: s,
      ceilingPath:
        t.kind === 'postgres'
          ? `from the bench process, through a pg.Pool of ${s.concurrency} connections, one statement per sale`
          : `inside the server process, on PGlite's one connection, ${s.concurrency} concurrent callers, one statement per sale`,
      reps,
      crowd,
      naiveCrowd,
      doubleSoldTotal: all.doubleSoldNumbers,
      liveSalesTotal: Number(live.rows[0]?.n ?? 0),
    };
  } finally {
    admin.agent.destroy();
    buyers.agent.destroy();
    crowdClient.agent.destroy();
  }
}
