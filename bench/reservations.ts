// Reservations at 50 concurrent buyers over HTTP against three references measured in the same run
// (issue 20, target 7): the database's single-row INSERT, its batched INSERT (50 rows per
// transaction) and a trivial Fastify POST; each load runs in a process of its own (bench/child.ts),
// never in the server nor in this process that measures. Then the naive read-then-write flow, and a
// crowd of 300 buyers for one number.
import os from 'node:os';
import { type BenchChild, spawnBenchChild } from './child';
import type { Target } from './harness';
import { createRaffle } from './harness';
import { client, request } from './http';
import type { HttpLoadResult } from './http-load';
import { postgresCpuBetween, postgresCpuByPid, processCpuMs } from './proc-cpu';
import { now, runPool } from './stats';
import { buyer, doubleSold, type naive } from './workloads';

export type ReservationSizes = {
  reps: number;
  concurrency: number;
  /** Distinct-number reservations per repetition (HTTP, trivial POST) and single-row inserts per repetition. */
  perRep: number;
  /** Rows of the batched reference per repetition (it is fast: more rows for a phase as long as the others). */
  batchedRows: number;
  /** Rows per transaction of the batched reference, and how many of its transactions run at once. */
  rowsPerTransaction: number;
  batchedConcurrency: number;
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

/**
 * ms of CPU (user + system, from /proc/<pid>/stat) per operation, by process:
 * - `server`: the process that answers (our server, with PGlite's worker thread in it; the trivial
 *   Fastify server); 0 for the database references, which answer nobody.
 * - `database`: every PostgreSQL process; on PGlite the reference process that owns a PGlite (for
 *   our reservations PGlite is inside `server`, so 0).
 * - `load`: the process that sends the work (the HTTP load generator; the reference process on
 *   PostgreSQL, whose callers and driver are its load).
 */
export type CpuPerOp = { server: number; database: number; load: number; total: number };

type Phase = { perSecond: number; p50: number; p99: number; done: number; cpu: CpuPerOp };

type Rep = {
  /** Our HTTP reservations, from the load generator process. */
  http: Phase & { failures: number };
  single: Phase;
  batched: Phase;
  trivial: Phase;
  /** The app's reservation path straight on the database (the batcher), in the reference process. */
  path: Phase;
  /** ours ÷ min(trivial POST, batched INSERT): the target's ratio. */
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

export type ReservationResult = {
  sizes: ReservationSizes;
  reps: Rep[];
  crowd: { winners: number; refused: number; other: number; ms: number }[];
  naiveCrowd: { told: number; concurrency: number };
  doubleSoldTotal: number;
  liveSalesTotal: number;
  /** Bytes of our 201 body: the trivial reference answers as many. */
  responseBytes: number;
  /** The machine's 1-minute load average when the section started and ended (the machine is shared). */
  load: [number, number];
};

const RAFFLE_SIZE = 100_000;

type DbRun = { ms: number; done: number; p50: number; p99: number };

export async function benchReservations(t: Target, s: ReservationSizes): Promise<ReservationResult> {
  const loadAtStart = os.loadavg()[0] ?? Number.NaN;
  const admin = client(t.port, 4, t.token);
  const buyers = client(t.port, s.concurrency);
  const crowdClient = client(t.port, s.crowd);
  const children: BenchChild[] = [];
  try {
    const httpRaffle = (await createRaffle(admin, RAFFLE_SIZE, 'Bench reservas HTTP')).id;
    const contendedRaffle = (await createRaffle(admin, RAFFLE_SIZE, 'Bench números disputados')).id;

    const load = await spawnBenchChild('http-load.ts');
    children.push(load);
    const reference = await spawnBenchChild(
      'db-reference.ts',
      t.kind === 'postgres' ? ['postgres', t.databaseUrl ?? ''] : ['pglite'],
    );
    children.push(reference);
    const refRaffles = await reference.call<{ single: string; batched: string; path: string }>({
      op: 'prepare',
    });

    /** CPU so far of every process a phase may use. */
    const cpuNow = (trivialPid = 0) => ({
      server: processCpuMs(t.pid),
      trivial: processCpuMs(trivialPid),
      load: processCpuMs(load.pid),
      reference: processCpuMs(reference.pid),
      postgres: t.kind === 'postgres' ? postgresCpuByPid() : new Map<number, number>(),
    });
    type Cpu = ReturnType<typeof cpuNow>;
    /** PostgreSQL's share: this database's backends and the shared background processes (WAL writer…). */
    const databaseMs = async (a: Cpu, b: Cpu) => {
      if (t.kind !== 'postgres') return 0;
      const { rows } = await t.query(
        `select pid from pg_stat_activity where datname = current_database() or backend_type <> 'client backend'`,
      );
      return postgresCpuBetween(
        a.postgres,
        b.postgres,
        rows.map((r) => Number(r.pid)),
      );
    };
    const perOp = (server: number, database: number, loadMs: number, ops: number): CpuPerOp => {
      const n = Math.max(1, ops);
      return {
        server: server / n,
        database: database / n,
        load: loadMs / n,
        total: (server + database + loadMs) / n,
      };
    };
    const d = (a: Cpu, b: Cpu, key: 'server' | 'trivial' | 'load' | 'reference') => b[key] - a[key];

    const httpPhase = async (port: number, raffleId: string, from: number, count: number, limitMs: number) =>
      load.call<HttpLoadResult>({
        port,
        raffleId,
        from,
        count,
        concurrency: s.concurrency,
        timeLimitMs: limitMs,
      });
    const ours = async (from: number, count: number, limitMs = s.phaseTimeLimitMs) => {
      const a = cpuNow();
      const r = await httpPhase(t.port, httpRaffle, from, count, limitMs);
      const b = cpuNow();
      return {
        r,
        phase: {
          perSecond: (r.ok / r.ms) * 1000,
          p50: r.p50,
          p99: r.p99,
          done: r.ok,
          failures: r.done - r.ok,
          cpu: perOp(d(a, b, 'server'), await databaseMs(a, b), d(a, b, 'load'), r.done),
        },
      };
    };
    /** A database reference: its CPU is the reference process's, plus PostgreSQL's. */
    const dbPhase = async (command: Record<string, unknown>): Promise<Phase> => {
      const a = cpuNow();
      const r = await reference.call<DbRun>({
        concurrency: s.concurrency,
        timeLimitMs: s.phaseTimeLimitMs,
        ...command,
      });
      const b = cpuNow();
      const cpu =
        t.kind === 'postgres'
          ? perOp(0, await databaseMs(a, b), d(a, b, 'reference'), r.done)
          : perOp(0, d(a, b, 'reference'), 0, r.done);
      return { perSecond: (r.done / r.ms) * 1000, p50: r.p50, p99: r.p99, done: r.done, cpu };
    };
    const single = (from: number, count: number) =>
      dbPhase({ op: 'single', raffleId: refRaffles.single, from, count });
    const batched = (from: number, count: number) =>
      dbPhase({
        op: 'batched',
        raffleId: refRaffles.batched,
        from,
        count,
        rowsPerTransaction: s.rowsPerTransaction,
        concurrency: s.batchedConcurrency,
      });
    const pathPhase = (from: number, count: number) =>
      dbPhase({ op: 'path', raffleId: refRaffles.path, from, count });

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
    const naivePhase = (attempts: number[], concurrency = s.concurrency, limitMs = s.phaseTimeLimitMs) => {
      const args = { op: 'naive', attempts, concurrency, timeLimitMs: limitMs };
      return reference.call<Omit<Awaited<ReturnType<typeof naive>>, 'latencies'>>(args);
    };
    await reference.call({ op: 'createNaiveTable' });

    // Warm-up: JIT, connections, plans; numbers at the top of the range, never measured.
    const warmFrom = RAFFLE_SIZE - s.warmup;
    const warmLimitMs = Math.min(s.phaseTimeLimitMs, 10_000);
    const warmOurs = await ours(warmFrom, s.warmup, warmLimitMs);
    const responseBytes = warmOurs.r.responseBytes;
    // The trivial reference answers a body as long as ours.
    const trivialServer = await spawnBenchChild('trivial-server.ts', [], {
      RESPONSE_BYTES: String(responseBytes),
    });
    children.push(trivialServer);
    const trivialPort = (await trivialServer.call<{ port: number }>({})).port;
    const trivial = async (from: number, count: number, limitMs = s.phaseTimeLimitMs): Promise<Phase> => {
      const a = cpuNow(trivialServer.pid);
      const r = await httpPhase(trivialPort, httpRaffle, from, count, limitMs);
      const b = cpuNow(trivialServer.pid);
      return {
        perSecond: (r.ok / r.ms) * 1000,
        p50: r.p50,
        p99: r.p99,
        done: r.ok,
        cpu: perOp(d(a, b, 'trivial'), 0, d(a, b, 'load'), r.done),
      };
    };
    await trivial(0, s.warmup, warmLimitMs);
    await single(warmFrom, s.warmup);
    await batched(warmFrom, s.warmup);
    await pathPhase(warmFrom, s.warmup);
    const warm = Array.from({ length: s.warmup }, (_, i) => RAFFLE_SIZE - 1 - i);
    await naivePhase(warm.slice(0, Math.min(100, s.warmup)), s.concurrency, warmLimitMs);

    const reps: Rep[] = [];
    const sectionStart = now();
    for (let rep = 0; rep < s.reps; rep++) {
      if (rep > 0 && now() - sectionStart > s.budgetMs) break;
      const from = rep * s.perRep;
      // A: our HTTP reservations, one distinct number each; then the three references.
      const h = (await ours(from, s.perRep)).phase;
      const c = await single(from, s.perRep);
      const b = await batched(rep * s.batchedRows, s.batchedRows);
      const tr = await trivial(from, s.perRep);
      // Where the time goes: the app's reservation path (the batcher) without HTTP.
      const pa = await pathPhase(from, s.perRep);
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
        h.done + h.failures < s.perRep ? `A (${h.done + h.failures}/${s.perRep})` : '',
        c.done < s.perRep ? `single (${c.done}/${s.perRep})` : '',
        b.done < s.batchedRows ? `batched (${b.done}/${s.batchedRows})` : '',
        tr.done < s.perRep ? `trivial (${tr.done}/${s.perRep})` : '',
        pa.done < s.perRep ? `path (${pa.done}/${s.perRep})` : '',
        o.done < attempts.length ? `C (${o.done}/${attempts.length})` : '',
        n.done < attempts.length ? `D (${n.done}/${attempts.length})` : '',
      ].filter(Boolean);
      reps.push({
        http: h,
        single: c,
        batched: b,
        trivial: tr,
        path: pa,
        ratio: h.perSecond / Math.min(tr.perSecond, b.perSecond),
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
    // The same crowd through the naive flow (as many at once as the path allows: PostgreSQL's pool of 50).
    const crowdConcurrency = t.kind === 'postgres' ? s.concurrency : s.crowd;
    const nc = await naivePhase(
      Array.from({ length: s.crowd }, () => 7),
      crowdConcurrency,
    );
    const naiveCrowd = { told: nc.told, concurrency: crowdConcurrency };

    await reference.call({ op: 'dropNaiveTable' });

    const all = await doubleSold(t.query, 'tickets');
    const live = await t.query('select count(*)::int as n from tickets where ended_at is null');
    return {
      sizes: s,
      reps,
      responseBytes,
      load: [loadAtStart, os.loadavg()[0] ?? Number.NaN],
      crowd,
      naiveCrowd,
      doubleSoldTotal: all.doubleSoldNumbers,
      liveSalesTotal: Number(live.rows[0]?.n ?? 0),
    };
  } finally {
    admin.agent.destroy();
    buyers.agent.destroy();
    crowdClient.agent.destroy();
    for (const child of children) await child.stop();
  }
}
