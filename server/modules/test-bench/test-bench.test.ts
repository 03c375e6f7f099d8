import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiError, ApiValidationError } from '../../../domain/api';
import type { MeResponse } from '../../../domain/auth';
import type { PaymentCounts, StaffPayment } from '../../../domain/payments';
import type { Raffle } from '../../../domain/raffles';
import type { HistoryPage } from '../../../domain/staff-tickets';
import type { ChecksResponse, DrillResponse, RunsResponse } from '../../../domain/test-bench';
import { TEST_BENCH_CHECKS, type TestBenchRun } from '../../../domain/test-bench';
import type { TrackingResult } from '../../../domain/tracking';
import { migrationsFolder, queryRows } from '../../db/client';
import { raffles } from '../../db/schema';
import { payments } from '../../db/schema-money';
import { jobRuns } from '../../db/schema-operations';
import { buyer, makeRaffle, makeUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { startReservationExpiryJob } from '../tickets/expiry.job';
import { sandboxReservation, sseTicketNumbers } from './test-bench.checks';
import { testBenchRepo } from './test-bench.repo';

let t: TestApp;
let admin: string;
let vendedor: string;
let realRaffleId: string;

const count = async (query: ReturnType<typeof sql>) =>
  Number((await queryRows<{ n: number }>(t.db, query))[0]?.n ?? 0);
const sandboxCount = () => count(sql`select count(*)::int as n from raffles where is_sandbox`);
/** Sales and history rows of raffles that no longer exist or are sandboxes (must stay 0). */
const sandboxTraces = () =>
  count(sql`select (select count(*) from tickets t left join raffles r on r.id = t.raffle_id
                    where r.id is null or r.is_sandbox)
                 + (select count(*) from ticket_events e left join raffles r on r.id = e.raffle_id
                    where r.id is null or r.is_sandbox) as n`);

async function runChecks() {
  const res = await t.api<ChecksResponse>('POST', '/api/test-bench/checks', { token: admin });
  expect(res.status).toBe(200);
  return new Map((res.body.checks as TestBenchRun[]).map((c) => [c.kind, c]));
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
  vendedor = (await makeUser(t, { role: 'vendedor' })).token;
  // A real raffle with a sale: the drill must leave it and its history untouched.
  realRaffleId = (await makeRaffle(t, { name: 'Rifa real', total_numbers: 100 })).id;
  const sale = await t.api('POST', `/api/raffles/${realRaffleId}/reservations`, {
    body: { numbers: [5], buyer: buyer() },
  });
  expect(sale.status).toBe(201);
});
afterAll(() => t?.close());

describe('test bench access', () => {
  const endpoints = [
    ['POST', '/api/test-bench/checks', undefined],
    ['GET', '/api/test-bench/runs', undefined],
    ['POST', '/api/test-bench/drill', { buyers: 5 }],
  ] as const;

  it('answers 401 without a session and 403 to a vendedor', async () => {
    for (const [method, path, body] of endpoints) {
      expect((await t.api(method, path, { body })).status, path).toBe(401);
      const res = await t.api<ApiError>(method, path, { body, token: vendedor });
      expect(res.status, path).toBe(403);
      expect(res.body.error.message).toBe('No tienes permiso para realizar esta acción.');
    }
  });

  it('rejects drills outside 1..1000 buyers (422) and malformed bodies or fractions (400)', async () => {
    for (const buyers of [0, 1001, -3]) {
      const res = await t.api<ApiValidationError>('POST', '/api/test-bench/drill', {
        token: admin,
        body: { buyers },
      });
      expect(res.status, String(buyers)).toBe(422);
      expect(res.body.error.fields[0].message).toBe('Indica entre 1 y 1000 compradores');
    }
    for (const body of [{}, { buyers: '200' }, { buyers: 2.5 }, { buyers: 10, extra: true }]) {
      expect((await t.api('POST', '/api/test-bench/drill', { token: admin, body })).status).toBe(400);
    }
    expect((await t.api('GET', '/api/test-bench/runs?kind=otro', { token: admin })).status).toBe(400);
    expect((await t.api('GET', '/api/test-bench/runs?limit=0', { token: admin })).status).toBe(400);
    expect(await sandboxCount()).toBe(0);
  });
});

describe('live checks', () => {
  it('fail the rate and the expiry sweep while there is none, with a reason', async () => {
    const checks = await runChecks();
    expect([...checks.keys()]).toEqual([...TEST_BENCH_CHECKS]);
    expect(checks.get('rates')).toMatchObject({
      ok: false,
      result: { detail: 'No hay tasa de cambio del bolívar (VES) registrada' },
    });
    expect(checks.get('expiry')).toMatchObject({
      ok: false,
      result: { detail: 'El barrido de reservas vencidas no se ha ejecutado nunca' },
    });
    expect(checks.get('database')?.ok).toBe(true);
  });

  it('all pass with a rate of today and a running expiry job, and are recorded', async () => {
    expect(
      (await t.api('PUT', '/api/exchange-rates/VES', { token: admin, body: { rate_to_usd: 36.5 } })).status,
    ).toBe(200);
    const stop = startReservationExpiryJob(t.app.services.tickets, t.app.log, 60_000);
    try {
      await vi.waitFor(async () => expect(await t.db.select().from(jobRuns)).toHaveLength(1), {
        timeout: 10_000,
      });
    } finally {
      stop();
    }
    const checks = await runChecks();
    for (const name of TEST_BENCH_CHECKS) {
      const check = checks.get(name);
      expect(check?.ok, `${name}: ${check?.result.detail}`).toBe(true);
      expect(check?.duration_ms).toBeGreaterThanOrEqual(0);
      expect(typeof check?.result.detail).toBe('string');
    }
    // Every migration of the journal, applied on this fresh database.
    const shipped = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'))
      .entries.length as number;
    expect(shipped).toBeGreaterThanOrEqual(8);
    expect(checks.get('database')?.result).toMatchObject({ applied: shipped, shipped });
    expect(checks.get('database')?.result.detail).toContain(`migraciones al día (${shipped} de ${shipped}`);
    expect(checks.get('rates')?.result.detail).toBe('Bs 36,50 por dólar, actualizada hace menos de 1 h');
    expect(checks.get('expiry')?.result).toMatchObject({ released: 0, every_s: 60 });
    expect(checks.get('realtime')?.result.round_trip_ms).toBeGreaterThanOrEqual(0);
    // The realtime check's sandbox and the storage check's file leave nothing behind.
    expect(await sandboxCount()).toBe(0);
    expect(await sandboxTraces()).toBe(0);
    expect(await count(sql`select count(*)::int as n from files`)).toBe(0);

    const runs = await t.api<RunsResponse>('GET', '/api/test-bench/runs?kind=realtime', { token: admin });
    expect(runs.body.runs).toHaveLength(2);
    expect(runs.body.runs[0]).toEqual(checks.get('realtime'));
  });

  it('fail a stale rate and a stopped expiry job', async () => {
    await t.db.execute(sql`update daily_exchange_rates set rate_date = rate_date - 2`);
    await t.db.update(jobRuns).set({ ranAt: sql`now() - interval '1 hour'` });
    const checks = await runChecks();
    expect(checks.get('rates')?.ok).toBe(false);
    expect(checks.get('rates')?.result.detail).toMatch(
      /^La tasa \(Bs 36,50 por dólar\) es del .+ desactualizada$/,
    );
    expect(checks.get('expiry')).toMatchObject({
      ok: false,
      result: { detail: 'El último barrido fue hace 60 min: el trabajo parece detenido' },
    });
    expect(checks.get('storage')?.ok).toBe(true);
  });

  it('fail the audit check on an entry altered by direct SQL, naming it', async () => {
    await t.app.services.audit.settled();
    const [entry] = await queryRows<{ seq: string }>(t.db, sql`select min(seq) as seq from audit_log`);
    const seq = Number(entry?.seq);
    // Past the immutability trigger, as someone holding the database's keys would.
    const tamper = async (actor: string) => {
      await t.db.execute(sql`alter table audit_log disable trigger audit_log_immutable`);
      await t.db.execute(sql`update audit_log set actor_email = ${actor} where seq = ${seq}`);
      await t.db.execute(sql`alter table audit_log enable trigger audit_log_immutable`);
    };
    const [original] = await queryRows<{ actor_email: string }>(
      t.db,
      sql`select actor_email from audit_log where seq = ${seq}`,
    );
    await tamper('otra@test.local');
    try {
      const checks = await runChecks();
      expect(checks.get('audit')).toMatchObject({
        ok: false,
        result: { first_broken_seq: seq, reason: 'hash_mismatch' },
      });
      expect(checks.get('audit')?.result.detail).toBe(
        `La cadena de auditoría está rota en la entrada #${seq}: fue alterada, borrada o insertada después`,
      );
    } finally {
      await tamper(original?.actor_email as string);
    }
    expect((await runChecks()).get('audit')?.ok).toBe(true);
  });
});

describe('concurrency drill', () => {
  it.each([50, 200])('races %i buyers: no double sale, conflicts, nothing left behind', async (buyers) => {
    const before = {
      tickets: await count(sql`select count(*)::int as n from tickets`),
      events: await count(sql`select count(*)::int as n from ticket_events`),
      boards: t.app.services.boards.size(),
    };
    const res = await t.api<DrillResponse>('POST', '/api/test-bench/drill', {
      token: admin,
      body: { buyers },
    });
    expect(res.status).toBe(200);
    const drill = res.body;
    expect(drill).toMatchObject({ buyers, double_sales: 0, errors: 0, total_numbers: Math.ceil(buyers / 2) });
    expect(drill.conflicts).toBeGreaterThan(0);
    expect(drill.reserved + drill.conflicts).toBe(buyers);
    expect(drill.sold_numbers).toBeLessThanOrEqual(drill.total_numbers);
    expect(drill.reservations_per_s).toBeGreaterThan(0);
    expect(drill.p99_ms).toBeGreaterThanOrEqual(drill.p50_ms);
    expect(drill.run).toMatchObject({ kind: 'drill', ok: true, result: { buyers, double_sales: 0 } });
    // The sandbox, its sales and their history are gone; real data untouched; no board kept.
    expect(await sandboxCount()).toBe(0);
    expect(await sandboxTraces()).toBe(0);
    expect(await count(sql`select count(*)::int as n from tickets`)).toBe(before.tickets);
    expect(await count(sql`select count(*)::int as n from ticket_events`)).toBe(before.events);
    expect(t.app.services.boards.size()).toBe(before.boards);
  });

  it('runs one drill at a time: the second at once gets 409', async () => {
    // In process: the second call finds the first one's flag set before either touches the database.
    const me = await t.api<MeResponse>('GET', '/api/auth/me', { token: admin });
    const actor = { userId: me.body.profile.id, sessionId: '', email: '', role: 'admin' as const };
    const first = t.app.services.bench.drill(actor, 20);
    await expect(t.app.services.bench.drill(actor, 20)).rejects.toMatchObject({
      statusCode: 409,
      code: 'DRILL_RUNNING',
    });
    expect((await first).double_sales).toBe(0);

    // One drills, the other is refused: only the refused one's body is read.
    const [a, b] = await Promise.all([
      t.api<ApiError>('POST', '/api/test-bench/drill', { token: admin, body: { buyers: 40 } }),
      t.api<ApiError>('POST', '/api/test-bench/drill', { token: admin, body: { buyers: 40 } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const refused = a.status === 409 ? a : b;
    expect(refused.body.error).toEqual({
      code: 'DRILL_RUNNING',
      message: 'Ya hay un simulacro en curso. Espera a que termine.',
    });
    expect(await sandboxCount()).toBe(0);
    // Free again afterwards.
    expect(
      (await t.api<DrillResponse>('POST', '/api/test-bench/drill', { token: admin, body: { buyers: 1 } }))
        .body,
    ).toMatchObject({ buyers: 1, reserved: 1, conflicts: 0, double_sales: 0 });
  });

  it('lists past runs newest first, drills and checks, filtered by kind and limited', async () => {
    const all = await t.api<RunsResponse>('GET', '/api/test-bench/runs', { token: admin });
    expect(all.status).toBe(200);
    const runs = all.body.runs as TestBenchRun[];
    const times = runs.map((r) => r.created_at);
    expect(times).toEqual([...times].sort().reverse());
    expect(runs[0]).toMatchObject({ kind: 'drill', result: { buyers: 1 } });
    expect(new Set(runs.map((r) => r.kind))).toEqual(new Set([...TEST_BENCH_CHECKS, 'drill']));
    const drills = await t.api<RunsResponse>('GET', '/api/test-bench/runs?kind=drill&limit=2', {
      token: admin,
    });
    expect(drills.body.runs.map((r: TestBenchRun) => [r.kind, r.result.buyers])).toEqual([
      ['drill', 1],
      ['drill', 40],
    ]);
    const checks = await t.api<RunsResponse>('GET', '/api/test-bench/runs?kind=storage', { token: admin });
    // One per run of the checks above: missing rate, all passing, stale rate, audit altered and restored.
    expect(checks.body.runs).toHaveLength(5);
  });
});

describe('a sandbox raffle', () => {
  it('is invisible in every list, board, page, history, tracking and payment', async () => {
    const sandbox = await testBenchRepo.createSandbox(t.db, {
      totalNumbers: 20,
      sellerId: null,
      name: 'Oculta',
    });
    await t.db
      .update(raffles)
      .set({ images: ['/api/files/oculta.png'] })
      .where(eq(raffles.id, sandbox.id));
    const cedula = 'V-31999888';
    const [sold] = await t.app.services.tickets.reserve(
      sandbox.id,
      { ...sandboxReservation([3], 0), buyer: { ...sandboxReservation([3], 0).buyer, cedula } },
      { sandbox: true },
    );
    expect(sold?.number).toBe(3);
    await t.db.insert(payments).values({ ticketId: sold?.id ?? '', amountCents: 100, payerCedula: cedula });
    const id = sandbox.id;
    const ticketId = sold?.id ?? '';
    // The home list keeps its counts in the real raffles' boards (issue 20): load those first, so
    // what is measured is only whether the sandbox gets a board of its own.
    await t.api('GET', '/api/raffles');
    const boards = t.app.services.boards.size();

    for (const token of [undefined, admin]) {
      const list = await t.api<Raffle[]>('GET', '/api/raffles', { token });
      expect(list.status).toBe(200);
      expect(list.body.map((r: { id: string }) => r.id)).toEqual([realRaffleId]);
      expect(list.body[0].stats.apartado).toBe(1);
      for (const path of [`/api/raffles/${id}`, `/api/raffles/${id}/board`, `/api/raffles/${id}/events`]) {
        const res = await t.api('GET', path, { token });
        expect(res.status, path).toBe(404);
      }
    }
    expect(t.app.services.boards.size()).toBe(boards);
    const reserve = await t.api('POST', `/api/raffles/${id}/reservations`, {
      body: { numbers: [4], buyer: buyer() },
    });
    expect(reserve.status).toBe(404);
    expect((await t.api('POST', `/api/raffles/${id}/lucky-pick`, { body: { count: 1 } })).status).toBe(404);
    for (const path of [
      `/api/raffles/${id}/tickets`,
      `/api/raffles/${id}/tickets.csv`,
      `/api/raffles/${id}/buyers`,
      `/api/tickets/${ticketId}`,
      `/api/tickets/${ticketId}/payments`,
      `/api/history?raffle_id=${id}`,
    ]) {
      expect((await t.api('GET', path, { token: admin })).status, path).toBe(404);
    }
    expect(
      (await t.api('PATCH', `/api/tickets/${ticketId}`, { token: admin, body: { buyer_name: 'Otro' } }))
        .status,
    ).toBe(404);
    for (const path of [`/api/raffles/${id}/close`]) {
      expect((await t.api('POST', path, { token: admin })).status, path).toBe(404);
    }
    expect((await t.api('DELETE', `/api/raffles/${id}`, { token: admin })).status).toBe(404);

    const history = await t.api<HistoryPage>('GET', '/api/history?per_page=200', { token: admin });
    expect(history.status).toBe(200);
    expect(history.body.items.every((e: { raffle_id: string }) => e.raffle_id === realRaffleId)).toBe(true);
    expect(history.body.count).toBe(history.body.items.length);

    const tracking = await t.api<TrackingResult>('POST', '/api/tracking', {
      body: { cedula, phone_last4: '4567' },
    });
    expect(tracking.status).toBe(200);
    expect(tracking.body.tickets).toEqual([]);

    const paymentsList = await t.api<StaffPayment[]>('GET', '/api/payments', { token: admin });
    expect(paymentsList.status).toBe(200);
    expect(paymentsList.body.some((p: { ticket_id: string }) => p.ticket_id === ticketId)).toBe(false);
    const counts = await t.api<PaymentCounts>('GET', '/api/payments/counts', { token: admin });
    expect(counts.body).toEqual({ pending: 0, approved: 0, rejected: 0 });
    const pay = await t.api('POST', '/api/payments', {
      body: { ticket_id: ticketId, amount_cents: 100, cedula, reference: 'X-1' },
    });
    expect(pay.status).toBe(404);

    expect(await t.app.services.raffles.homeCover()).toBeNull();
    await testBenchRepo.deleteSandbox(t.db, id);
    expect(await sandboxCount()).toBe(0);
  });
});

describe('the realtime check reads the live stream’s own frames', () => {
  it('finds the numbers of ticket events, not of pings or resets', () => {
    const text =
      'retry: 3000\n: conectado\n\n: ping\n\nevent: reset\ndata: {}\n\n' +
      'event: ticket\nid: 7\ndata: {"number":3,"status":"apartado","version":7}\n\n' +
      'event: ticket\nid: 8\ndata: {"number":0,"status":"apartado","version":8}\n\n';
    expect(sseTicketNumbers(text)).toEqual([3, 0]);
    expect(sseTicketNumbers('event: reset\ndata: {}\n\n')).toEqual([]);
  });
});
