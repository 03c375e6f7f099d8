import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { SignInResponse } from '../../../domain/auth';
import type { Raffle } from '../../../domain/raffles';
import type { Board, ReservationResult } from '../../../domain/reservations';
import { openDatabase } from '../../db/client';

/**
 * The fault test's scenario, for either database: a real server (`server/main.ts`, as `npm start`
 * runs it) takes a storm of concurrent reservations, is killed with SIGKILL in the middle of it,
 * and is started again on the same data. Then every reservation that was answered 201 must still
 * be there, as answered, and no number may have two live owners.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const ADMIN = { email: 'admin@fault.local', password: `Fault-${randomBytes(8).toString('hex')}` };
const WORKERS = 24;
/** Numbers the storm aims at: few enough that buyers collide (409s) as in a real rush. */
const TARGET_NUMBERS = 2_000;
/** Kill once this many reservations were answered 201, or at the deadline, whichever comes first. */
const KILL_AFTER_ACCEPTED = 200;
const STORM_DEADLINE_MS = 15_000;

type Server = { child: ChildProcess; port: number; exited: Promise<unknown>; output: () => string };

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function startServer(env: Record<string, string>): Promise<Server & { startMs: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // Every buyer here is 127.0.0.1: the limits would only measure themselves.
      RATE_LIMIT_SIGN_IN: '100000',
      RATE_LIMIT_RESERVATIONS: '100000000',
      RATE_LIMIT_RESERVATIONS_PER_IP: '100000000',
      RESERVATION_MAX_NUMBERS_PER_IP: '100000000',
      RESERVATION_CHALLENGE_PER_MINUTE: '0',
      WEB_DIST_DIR: path.join(root, 'no-web-for-fault-test'),
      RATES_URL: '',
      REDIS_URL: '',
      ...env,
    },
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const server = { child, port, exited, output: () => output };
  const until = Date.now() + 90_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited during start-up:\n${output}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return { ...server, startMs: performance.now() - started };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start within 90 s:\n${output}`);
}

async function stopServer(server: Server) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
  await server.exited;
  clearTimeout(timer);
}

/** `T` names the body read (a domain type of the answer); unknown when it is not read. */
async function api<T = unknown>(port: number, method: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

async function signIn(port: number) {
  const res = await api<SignInResponse>(port, 'POST', '/api/auth/sign-in', ADMIN);
  if (res.status !== 200) throw new Error(`sign-in: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.session.access_token;
}

type Accepted = { ticketId: string; number: number; cedula: string };

export type KillStormFigures = {
  database: string;
  acceptedBeforeKill: number;
  conflictsBeforeKill: number;
  inFlightAtKill: number;
  foundAfterRestart: number;
  missing: Accepted[];
  changed: string[];
  doubleOwners: number[];
  /** Live sales found that no 201 reported (committed while the answer was cut off). */
  committedUnanswered: number;
  restartMs: number;
  timings: { firstStartMs: number; stormMs: number; checkMs: number };
};

/**
 * Runs the scenario. `env` selects the database (DATA_DIR for PGlite, DATABASE_URL for
 * PostgreSQL); `directDatabase` opens the same data from the test once the server is stopped.
 */
export async function killStorm(options: {
  database: string;
  env: Record<string, string>;
  directDatabase: { databaseUrl?: string; pgliteDataDir?: string };
}): Promise<KillStormFigures> {
  const first = await startServer(options.env);
  let second: Server | null = null;
  try {
    const token = await signIn(first.port);
    const created = await api<Raffle>(
      first.port,
      'POST',
      '/api/raffles',
      {
        name: 'Rifa de la tormenta',
        price_cents: 100,
        total_numbers: 10_000,
        digit_count: 4,
        payment_type: 'pago_unico',
        status: 'activa',
        draw_source: 'Triple Táchira A',
        draw_kind: 'drand',
      },
      token,
    );
    if (created.status !== 201) throw new Error(`create raffle: ${created.status}`);
    const raffleId = created.body.id;

    // The storm: each worker reserves 1-3 random numbers per request, each request a new buyer.
    const accepted: Accepted[] = [];
    let conflicts = 0;
    let inFlight = 0;
    let killed = false;
    let serial = 0;
    let killNow: () => void = () => {};
    const killSignal = new Promise<void>((resolve) => {
      killNow = resolve;
    });
    const worker = async () => {
      while (!killed) {
        const count = 1 + Math.floor(Math.random() * 3);
        const numbers = [
          ...new Set(Array.from({ length: count }, () => Math.floor(Math.random() * TARGET_NUMBERS))),
        ];
        const cedula = `V-${10_000_000 + ++serial}`;
        inFlight++;
        try {
          const res = await api<ReservationResult>(
            first.port,
            'POST',
            `/api/raffles/${raffleId}/reservations`,
            {
              numbers,
              buyer: { name: 'Comprador Tormenta', phone: '0414-1234567', address: 'Av. Bolívar 1', cedula },
            },
          );
          if (res.status === 201) {
            for (const t of res.body.tickets) accepted.push({ ticketId: t.id, number: t.number, cedula });
            if (accepted.length >= KILL_AFTER_ACCEPTED) killNow();
          } else if (res.status === 409) conflicts++;
          else throw new Error(`reservation answered ${res.status}: ${JSON.stringify(res.body)}`);
        } catch (error) {
          if (!killed) throw error;
          return; // the connection died with the server: this answer is unknown
        } finally {
          inFlight--;
        }
      }
    };
    const stormStarted = performance.now();
    const workers = Array.from({ length: WORKERS }, worker);
    const deadline = setTimeout(killNow, STORM_DEADLINE_MS);
    await Promise.race([killSignal, Promise.all(workers)]);
    clearTimeout(deadline);
    // Mid-storm: requests are on the wire when the process dies.
    const inFlightAtKill = inFlight;
    killed = true;
    first.child.kill('SIGKILL');
    const stormMs = performance.now() - stormStarted;
    await first.exited;
    await Promise.allSettled(workers);
    // Every 201 that reached us was answered before the process died.
    const acceptedBeforeKill = accepted.length;
    const conflictsBeforeKill = conflicts;

    // Restart on the same data and look through the API: every accepted number is taken.
    second = await startServer(options.env);
    const restartMs = (second as Server & { startMs: number }).startMs;
    const checkStarted = performance.now();
    const board = await api<Board>(second.port, 'GET', `/api/raffles/${raffleId}/board`);
    if (board.status !== 200) throw new Error(`board after restart: ${board.status}`);
    const statuses = board.body.statuses;
    const notTakenOnBoard = accepted
      .filter((a) => statuses[a.number] !== 'a')
      .map((a) => `#${a.number} on board`);
    await stopServer(second);

    // Then straight from the database (no index: every row of the table).
    const database = await openDatabase(options.directDatabase);
    try {
      const rows = (await database.db.execute(
        sql`select id, raffle_id, number, buyer_cedula, status, ended_at from tickets`,
      )) as unknown as { rows: Array<Record<string, unknown>> };
      const byId = new Map(rows.rows.map((r) => [String(r.id), r]));
      const missing = accepted.filter((a) => !byId.has(a.ticketId));
      const changed = [...notTakenOnBoard];
      for (const a of accepted) {
        const row = byId.get(a.ticketId);
        if (!row) continue;
        if (
          row.number !== a.number ||
          row.buyer_cedula !== a.cedula ||
          row.ended_at !== null ||
          row.status !== 'apartado'
        )
          changed.push(`#${a.number}: ${JSON.stringify(row)}`);
      }
      const owners = new Map<number, number>();
      for (const row of rows.rows) {
        if (row.raffle_id !== raffleId || row.ended_at !== null) continue;
        owners.set(Number(row.number), (owners.get(Number(row.number)) ?? 0) + 1);
      }
      const doubleOwners = [...owners].filter(([, n]) => n > 1).map(([number]) => number);
      const acceptedIds = new Set(accepted.map((a) => a.ticketId));
      const live = rows.rows.filter((r) => r.raffle_id === raffleId && r.ended_at === null);
      return {
        database: options.database,
        acceptedBeforeKill,
        conflictsBeforeKill,
        inFlightAtKill,
        foundAfterRestart: accepted.length - missing.length,
        missing,
        changed,
        doubleOwners,
        committedUnanswered: live.filter((r) => !acceptedIds.has(String(r.id))).length,
        restartMs: Math.round(restartMs),
        timings: {
          firstStartMs: Math.round(first.startMs),
          stormMs: Math.round(stormMs),
          checkMs: Math.round(performance.now() - checkStarted),
        },
      };
    } finally {
      await database.close();
    }
  } finally {
    first.child.kill('SIGKILL');
    if (second) await stopServer(second);
  }
}

export const describeFigures = (f: KillStormFigures) =>
  `kill -9 storm on ${f.database}: ${f.acceptedBeforeKill} numbers answered 201 before the kill ` +
  `(${f.conflictsBeforeKill} conflicts, ${f.inFlightAtKill} requests in flight at the kill); ` +
  `${f.foundAfterRestart}/${f.acceptedBeforeKill} found after restart; double owners ${f.doubleOwners.length}; ` +
  `${f.committedUnanswered} committed but unanswered; restart to healthy ${f.restartMs} ms ` +
  `(first start ${f.timings.firstStartMs} ms, storm ${f.timings.stormMs} ms, checks ${f.timings.checkMs} ms)`;
