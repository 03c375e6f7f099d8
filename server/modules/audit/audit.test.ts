import type { IncomingMessage } from 'node:http';
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, AuditPage } from '../../../domain/audit';
import { AUDIT_GENESIS, type AuditVerdict, auditEntryHash } from '../../../domain/audit-chain';
import type { ReservationResult } from '../../../domain/reservations';
import { queryRows } from '../../db/client';
import { buyer, makeRaffle, makeUser } from '../../test/factories';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../test/test-app';
import { hashRefreshToken } from '../auth/tokens';
import { sha256 } from './audit.service';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
});
afterAll(() => t?.close());

/** Entries land after the answer is sent: wait for them (between steps too, so the order is the steps'). */
const settle = () => t.app.services.audit.settled();
/** The log as the admin reads it, newest first. */
async function entries(query = ''): Promise<AuditEntry[]> {
  await settle();
  const page = await t.api<AuditPage>('GET', `/api/audit${query}`, { token: admin });
  expect(page.status).toBe(200);
  return page.body.entries;
}
const verify = async () => {
  await t.app.services.audit.settled();
  return (await t.api<AuditVerdict>('GET', '/api/audit/verify', { token: admin })).body;
};
/** Direct SQL past the immutability trigger, as someone with the database's keys would do. */
async function tamper(statement: ReturnType<typeof sql>) {
  await t.db.execute(sql`alter table audit_log disable trigger audit_log_immutable`);
  try {
    await t.db.execute(statement);
  } finally {
    await t.db.execute(sql`alter table audit_log enable trigger audit_log_immutable`);
  }
}
const sqlState = async (work: Promise<unknown>) => {
  const error = await work.then(
    () => null,
    (e: unknown) => e as { code?: string; cause?: { code?: string } },
  );
  return error?.code ?? error?.cause?.code ?? null;
};

describe('audit log', () => {
  it('chains a sign-in and a staff sale change, each naming the previous hash', async () => {
    const raffle = await makeRaffle(t, { total_numbers: 100, digit_count: 2 });
    const reserved = await t.api<ReservationResult>('POST', `/api/raffles/${raffle.id}/reservations`, {
      body: { numbers: [7], buyer: buyer() },
    });
    const ticketId = reserved.body.tickets[0]?.id as string;
    const seller = await makeUser(t);
    await settle();
    const patched = await t.api('PATCH', `/api/tickets/${ticketId}`, {
      token: admin,
      body: { status: 'cancelado' },
    });
    expect(patched.status).toBe(200);

    const [change, sellerSignIn] = await entries();
    expect(change).toMatchObject({
      action: 'PATCH /api/tickets/:id',
      actor_email: TEST_ADMIN.email,
      actor_role: 'admin',
      raffle_id: raffle.id,
      target: { id: ticketId },
      summary: { status: 200, fields: ['status'], values: { status: 'cancelado' } },
    });
    expect(sellerSignIn).toMatchObject({
      action: 'auth.sign_in',
      actor_email: seller.email,
      actor_role: 'vendedor',
      summary: { status: 200 },
    });
    expect(change?.prev_hash).toBe(sellerSignIn?.hash);
    // The hash is recomputable from the answer alone (what docs/verification.md (audit section) tells a verifier).
    const { prev_hash, hash, ...content } = change as AuditEntry;
    expect(auditEntryHash(sha256, prev_hash, content)).toBe(hash);

    // The buyer's reservation is no staff action: the raffle's entries are its creation and the change.
    const [, creation] = await entries(`?raffle_id=${raffle.id}`);
    expect(creation).toMatchObject({ action: 'POST /api/raffles', target: { created_id: raffle.id } });
    expect((await entries(`?raffle_id=${raffle.id}`)).map((e) => e.action)).toEqual([
      'PATCH /api/tickets/:id',
      'POST /api/raffles',
    ]);
    expect((await entries('?action=post%20/API/RAFFLES')).map((e) => e.action)).toEqual([
      'POST /api/raffles',
    ]);
  });

  it('records a change whose client hung up before the answer: the change committed, so does its entry', async () => {
    const raffle = await makeRaffle(t, { total_numbers: 100, digit_count: 2 });
    const reserved = await t.api<ReservationResult>('POST', `/api/raffles/${raffle.id}/reservations`, {
      body: { numbers: [8], buyer: buyer() },
    });
    const ticketId = reserved.body.tickets[0]?.id as string;
    await settle();
    // A raw request whose socket is destroyed once the server has read its body, while the change
    // is being written: no answer ever reaches it (and the server sees no 'finish').
    const { port } = new URL(t.baseUrl);
    const body = JSON.stringify({ status: 'cancelado' });
    const socket = new net.Socket();
    let answered = false;
    socket.on('data', () => {
      answered = true;
    });
    t.app.server.once('request', (request: IncomingMessage) => request.once('end', () => socket.destroy()));
    await new Promise<void>((resolve) => {
      socket.on('close', () => resolve());
      socket.on('error', () => resolve());
      socket.connect(Number(port), '127.0.0.1', () =>
        socket.write(
          `PATCH /api/tickets/${ticketId} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${admin}\r\n` +
            `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
        ),
      );
    });
    let status = '';
    for (let i = 0; i < 100 && status !== 'cancelado'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      status = (await t.api<{ status: string }>('GET', `/api/tickets/${ticketId}`, { token: admin })).body
        .status;
    }
    expect(status).toBe('cancelado');
    expect(answered).toBe(false);
    const [change] = await entries(`?raffle_id=${raffle.id}`);
    expect(change).toMatchObject({ action: 'PATCH /api/tickets/:id', target: { id: ticketId } });
    expect((await verify()).ok).toBe(true);
  });

  it('records a refused sign-in with the e-mail tried, and neither password', async () => {
    const tried = await t.api('POST', '/api/auth/sign-in', {
      body: { email: 'Nadie@Test.local', password: 'Adivinanza-123' },
    });
    expect(tried.status).toBe(400);
    const wrong = await t.api('POST', '/api/auth/sign-in', {
      body: { email: TEST_ADMIN.email, password: 'Casi-La-Clave-1' },
    });
    expect(wrong.status).toBe(400);
    // Appended after each answer: the two may land in either order.
    const failed = await entries('?action=auth.sign_in_failed');
    const first = failed.find((e) => e.actor_email === 'nadie@test.local');
    const second = failed.find((e) => e.actor_email === TEST_ADMIN.email);
    expect(first).toMatchObject({
      actor_email: 'nadie@test.local',
      actor_id: null,
      summary: { status: 400 },
    });
    expect(second).toMatchObject({ actor_email: TEST_ADMIN.email, actor_role: 'admin' });
    const stored = await queryRows<{ all: string }>(
      t.db,
      sql`select string_agg(audit_log::text, ' ') as all from audit_log`,
    );
    expect(stored[0]?.all).not.toContain('Adivinanza');
    expect(stored[0]?.all).not.toContain('Casi-La-Clave');
    expect(stored[0]?.all).not.toContain(TEST_ADMIN.password);
  });

  it("never stores a payment's cedula, a new user's password or a session's tokens", async () => {
    const raffle = await makeRaffle(t, { total_numbers: 100, digit_count: 2 });
    const reserved = await t.api<ReservationResult>('POST', `/api/raffles/${raffle.id}/reservations`, {
      body: { numbers: [3], buyer: buyer({ cedula: 'V-27654321' }) },
    });
    const ticketId = reserved.body.tickets[0]?.id as string;
    const paid = await t.api<{ payment: { id: string } }>('POST', '/api/payments', {
      token: admin,
      body: { ticket_id: ticketId, amount_cents: 500, cedula: 'V-27654321', reference: '12345678' },
    });
    expect(paid.status).toBe(201);
    await settle();
    const created = await t.api('POST', '/api/users', {
      token: admin,
      body: {
        email: 'nueva@test.local',
        password: 'Secreto-Muy-Largo-9',
        full_name: 'Ana Díaz',
        role: 'vendedor',
      },
    });
    expect(created.status).toBe(201);
    await settle();
    const { session } = await t.signIn('nueva@test.local', 'Secreto-Muy-Largo-9');

    const [signIn, user, payment] = await entries();
    expect(payment).toMatchObject({ action: 'POST /api/payments', raffle_id: raffle.id });
    expect(payment?.summary.fields).toContain('cedula');
    expect(user).toMatchObject({ action: 'POST /api/users', summary: { values: { role: 'vendedor' } } });
    expect(user?.summary.fields).toContain('password');
    expect(signIn?.action).toBe('auth.sign_in');
    const [row] = await queryRows<{ all: string }>(
      t.db,
      sql`select string_agg(audit_log::text, ' ') as all from audit_log`,
    );
    for (const secret of ['27654321', 'Secreto-Muy-Largo-9', session.access_token, session.refresh_token])
      expect(row?.all).not.toContain(secret);
  });

  it('records sign-out and a replayed refresh token, and nothing for a refused request', async () => {
    const seller = await makeUser(t);
    const refreshed = await t.api('POST', '/api/auth/refresh', {
      body: { refresh_token: seller.refreshToken },
    });
    expect(refreshed.status).toBe(200);
    // Replayed after the two-tabs grace window (issue 21): as if used a minute ago.
    await t.db.execute(
      sql`update refresh_tokens set used_at = now() - interval '1 minute' where token_hash = ${hashRefreshToken(seller.refreshToken)}`,
    );
    const replayed = await t.api('POST', '/api/auth/refresh', {
      body: { refresh_token: seller.refreshToken },
    });
    expect(replayed.status).toBe(401);
    const bystander = await makeUser(t);
    const forbidden = await t.api('POST', '/api/users', { token: bystander.token, body: {} });
    expect(forbidden.status).toBe(403);
    await settle();
    const other = await makeUser(t);
    await settle();
    expect((await t.api('POST', '/api/auth/sign-out', { token: other.token })).status).toBe(204);

    const [signOut, otherSignIn, , reuse] = await entries();
    expect(reuse).toMatchObject({
      action: 'auth.refresh_token_reused',
      actor_email: seller.email,
      summary: { status: 401, session_revoked: true },
    });
    expect(otherSignIn?.action).toBe('auth.sign_in');
    expect(signOut).toMatchObject({
      action: 'auth.sign_out',
      actor_email: other.email,
      summary: { status: 204 },
    });
  });

  it('verifies an intact chain, and names the first entry altered by direct SQL', async () => {
    const intact = await verify();
    expect(intact).toMatchObject({ ok: true });
    const count = (intact as { count: number }).count;
    expect(count).toBeGreaterThan(10);
    const page = await t.api<AuditPage>('GET', '/api/audit', { token: admin });
    expect(page.body.total).toBe(count);

    const [target] = await queryRows<{ seq: string; summary: unknown }>(
      t.db,
      sql`select seq, summary from audit_log where action = 'PATCH /api/tickets/:id' order by seq limit 1`,
    );
    const seq = Number(target?.seq);
    await tamper(
      sql`update audit_log set summary = '{"status":200,"fields":["status"],"values":{"status":"pagado"}}' where seq = ${seq}`,
    );
    expect(await verify()).toEqual({
      ok: false,
      first_broken_seq: seq,
      reason: 'hash_mismatch',
      count: expect.any(Number),
    });
    await tamper(
      sql`update audit_log set summary = ${JSON.stringify(target?.summary)}::jsonb where seq = ${seq}`,
    );
    expect(await verify()).toEqual({ ok: true, count });

    // A removed entry: the next one no longer names the hash before it.
    const [next] = await queryRows<{ seq: string }>(
      t.db,
      sql`select min(seq) as seq from audit_log where seq > ${seq}`,
    );
    const [removed] = await queryRows<Record<string, unknown>>(
      t.db,
      sql`select * from audit_log where seq = ${seq}`,
    );
    await tamper(sql`delete from audit_log where seq = ${seq}`);
    expect(await verify()).toMatchObject({
      ok: false,
      first_broken_seq: Number(next?.seq),
      reason: 'prev_hash_mismatch',
    });
    await tamper(
      sql`insert into audit_log select * from json_populate_record(null::audit_log, ${JSON.stringify(removed)}::json)`,
    );
    expect(await verify()).toEqual({ ok: true, count });
  });

  it('refuses to change, remove or empty an entry, in the database itself', async () => {
    expect(await sqlState(t.db.execute(sql`update audit_log set actor_email = 'otro@test.local'`))).toBe(
      'RF423',
    );
    expect(await sqlState(t.db.execute(sql`delete from audit_log`))).toBe('RF423');
    expect(await sqlState(t.db.execute(sql`truncate audit_log`))).toBe('RF423');
    // A second entry after the same head cannot exist: the chain cannot fork.
    const head = await t.app.services.audit.head();
    expect(
      await sqlState(
        t.db.execute(
          sql`insert into audit_log (at, action, prev_hash, hash) values (now(), 'x', (select prev_hash from audit_log where seq = ${head?.seq}), ${'f'.repeat(64)})`,
        ),
      ),
    ).toBe('23505');
  });

  it('keeps one chain when 20 appends race', async () => {
    const before = await t.app.services.audit.head();
    const appended = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.app.services.audit.append({ action: 'test.concurrent', summary: { i } }),
      ),
    );
    const chain = [...appended].sort((a, b) => a.seq - b.seq);
    expect(chain[0]?.prev_hash).toBe(before?.hash ?? AUDIT_GENESIS);
    for (let i = 1; i < chain.length; i++) expect(chain[i]?.prev_hash).toBe(chain[i - 1]?.hash);
    expect(await t.app.services.audit.head()).toEqual({ seq: chain.at(-1)?.seq, hash: chain.at(-1)?.hash });
    expect(await verify()).toMatchObject({ ok: true });
  });

  it("appends inside a caller's transaction: it commits or rolls back with the caller's work", async () => {
    const audit = t.app.services.audit;
    const before = await audit.head();
    await t.db
      .transaction(async (tx) => {
        await audit.append({ action: 'test.rolled_back' }, tx);
        throw new Error('the caller gives up');
      })
      .catch(() => {});
    expect(await audit.head()).toEqual(before);
    const kept = await t.db.transaction(async (tx) => {
      const entry = await audit.append({ action: 'test.committed' }, tx);
      expect(await audit.head(tx)).toEqual({ seq: entry.seq, hash: entry.hash });
      return entry;
    });
    expect(kept.prev_hash).toBe(before?.hash);
    expect(await verify()).toMatchObject({ ok: true });
  });

  it('is for admins only: a vendedor gets 403, no session 401', async () => {
    const seller = await makeUser(t);
    expect((await t.api('GET', '/api/audit', { token: seller.token })).status).toBe(403);
    expect((await t.api('GET', '/api/audit/verify', { token: seller.token })).status).toBe(403);
    expect((await t.api('GET', '/api/audit')).status).toBe(401);
    expect((await t.api('GET', '/api/audit/verify')).status).toBe(401);
  });

  it('filters by actor and days, and pages 50 at a time', async () => {
    for (let i = 0; i < 30; i++) await t.app.services.audit.append({ action: 'test.page', summary: { i } });
    const all = await t.api<AuditPage>('GET', '/api/audit', { token: admin });
    expect(all.body).toMatchObject({ page: 1, page_size: 50 });
    const second = await t.api<AuditPage>('GET', '/api/audit?page=2', { token: admin });
    expect(all.body.entries).toHaveLength(50);
    // Newest first, and page 2 goes on where page 1 ended.
    const seqs = [...all.body.entries, ...second.body.entries].map((e) => e.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
    expect(new Set(seqs).size).toBe(seqs.length);
    const mine = await t.api<AuditPage>('GET', '/api/audit?actor=ADMIN@test', { token: admin });
    expect(mine.body.total).toBeGreaterThan(0);
    expect(mine.body.entries.every((e) => e.actor_email === TEST_ADMIN.email)).toBe(true);
    const past = await t.api<AuditPage>('GET', '/api/audit?from=2001-01-01&to=2001-01-31', { token: admin });
    expect(past.body).toMatchObject({ entries: [], total: 0 });
    expect((await t.api('GET', '/api/audit?from=2026-02-30', { token: admin })).status).toBe(400);
  });
});
