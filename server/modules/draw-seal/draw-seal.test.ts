import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiError } from '../../../domain/api';
import type { DrawResult } from '../../../domain/draw';
import { type Database, openDatabase } from '../../db/client';
import { raffles } from '../../db/schema';
import { jobRunsRepo } from '../../lib/job-runs';
import { buyer, makeRaffle } from '../../test/factories';
import { type LocalTsa, startLocalTsa } from '../../test/local-tsa';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createDrawSealService, SEAL_JOB_NAME, sealView } from './draw-seal.service';
import { startSealJob } from './seal.job';

let tsa: LocalTsa;
let t: TestApp;
beforeAll(async () => {
  tsa = await startLocalTsa();
  t = await createTestApp({ config: { tsaUrl: tsa.url, sealRetrySeconds: 60 } });
});
afterAll(async () => {
  await t?.close();
  await tsa?.close();
});

const newRoot = () => createHash('sha256').update(randomBytes(16)).digest('hex');

/** A raffle as the close leaves it with an authority configured: Merkle root, seal pending. */
async function closedRaffle(overrides: Partial<typeof raffles.$inferInsert> = {}) {
  const raffle = await makeRaffle(t);
  const root = newRoot();
  await t.db
    .update(raffles)
    .set({
      status: 'cerrada',
      closedAt: new Date(),
      drawCommitment: root,
      commitmentVersion: 2,
      lineCount: 0,
      sealStatus: 'pendiente',
      ...overrides,
    })
    .where(eq(raffles.id, raffle.id));
  return { id: raffle.id, root };
}

async function row(id: string) {
  const [found] = await t.db.select().from(raffles).where(eq(raffles.id, id));
  if (!found) throw new Error(`no raffle ${id}`);
  return found;
}

const untilSealed = (id: string) =>
  vi.waitFor(async () => expect((await row(id)).sealStatus).toBe('sellado'), {
    timeout: 20_000,
    interval: 100,
  });

const download = (id: string) => fetch(`${t.baseUrl}/api/raffles/${id}/seal.tsr`);

describe('sealing a closed raffle with an RFC 3161 authority', () => {
  it('seals right after the close; the .tsr served verifies with `openssl ts -verify -digest <root>`', async () => {
    const { id, root } = await closedRaffle();
    t.app.services.seals.sealNow(id);
    await untilSealed(id);

    const sealed = await row(id);
    expect(sealed.sealAuthority).toBe('TSA de Prueba Rifas');
    expect(sealed.sealAttempts).toBe(0);
    expect(sealed.sealError).toBeNull();
    expect(sealView(sealed)).toEqual({
      status: 'sellado',
      authority: 'TSA de Prueba Rifas',
      time: sealed.sealTime?.toISOString(),
      token_url: `/api/raffles/${id}/seal.tsr`,
    });

    const response = await download(id);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/timestamp-reply');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="sello-${id}.tsr"`);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.toString('base64')).toBe(sealed.sealToken);
    const openssl = await tsa.opensslVerify(bytes, root);
    expect(openssl.output).toContain('Verification: OK');
    expect(openssl.code).toBe(0);
    expect((await tsa.opensslVerify(bytes, newRoot())).code).not.toBe(0);

    expect((await jobRunsRepo.last(t.db, SEAL_JOB_NAME))?.result).toMatchObject({ sealed: 1, failed: 0 });
  });

  it('a close through the API leaves the seal pending and seals it at once; the draw answer shows it', async () => {
    const raffle = await makeRaffle(t, { total_numbers: 10, digit_count: 1 });
    await t.api('POST', `/api/raffles/${raffle.id}/reservations`, { body: { numbers: [4], buyer: buyer() } });
    const admin = await t.signInAdmin();
    expect((await t.api('POST', `/api/raffles/${raffle.id}/close`, { token: admin })).status).toBe(200);
    await untilSealed(raffle.id);
    const draw = await t.api<DrawResult>('GET', `/api/raffles/${raffle.id}/draw`);
    expect(draw.body.timestamp).toMatchObject({
      status: 'sellado',
      authority: 'TSA de Prueba Rifas',
      token_url: `/api/raffles/${raffle.id}/seal.tsr`,
    });
    const bytes = Buffer.from(await (await download(raffle.id)).arrayBuffer());
    expect((await tsa.opensslVerify(bytes, draw.body.draw_commitment ?? '')).code).toBe(0);
  });

  it('authority down: the job keeps the raffle pending with the error and one attempt; back up, it is sealed', async () => {
    await tsa.stop();
    const { id } = await closedRaffle();
    const job = startSealJob({ seals: t.app.services.seals, log: t.app.log, everyMs: 60_000 });
    try {
      await vi.waitFor(async () => expect((await row(id)).sealAttempts).toBe(1), {
        timeout: 20_000,
        interval: 50,
      });
      const waiting = await row(id);
      expect(waiting.sealStatus).toBe('pendiente');
      expect(waiting.sealError).toMatch(/No se pudo contactar a la autoridad de sellado/);
      expect(waiting.sealToken).toBeNull();
      expect(sealView(waiting)).toEqual({
        status: 'pendiente',
        authority: null,
        time: null,
        token_url: null,
      });
      const notYet = await download(id);
      expect(notYet.status).toBe(404);
      expect(((await notYet.json()) as ApiError).error.code).toBe('SEAL_NOT_FOUND');

      await tsa.start();
      // Within its backoff (SEAL_RETRY_SECONDS after one failure) the periodic pass leaves it…
      expect(await t.app.services.seals.sealPending()).toMatchObject({
        skipped: false,
        sealed: 0,
        pending: 1,
      });
      // …and a kick asks at once.
      expect(await job.kick()).toEqual({ skipped: false, sealed: 1, failed: 0, pending: 0 });
      const sealed = await row(id);
      expect(sealed.sealStatus).toBe('sellado');
      expect(sealed.sealAttempts).toBe(1);
      expect(sealed.sealError).toBeNull();
      expect((await download(id)).status).toBe(200);
    } finally {
      job.stop();
      if (!tsa.up) await tsa.start();
    }
  });

  it('two instances sealing at once ask the authority once and store one token', async () => {
    const { id } = await closedRaffle();
    // Another instance: its own connections on PostgreSQL; on PGlite the one process's database.
    const second: Database | null = t.databaseUrl
      ? await openDatabase({ databaseUrl: t.databaseUrl, migrate: false })
      : null;
    try {
      const other = createDrawSealService({ db: second?.db ?? t.db, tsaUrl: tsa.url, log: t.app.log });
      const asked = tsa.stats.requests;
      const jobs = [
        startSealJob({ seals: t.app.services.seals, log: t.app.log }),
        startSealJob({ seals: other, log: t.app.log }),
      ];
      const passes = await Promise.all([...jobs.map((j) => j.kick()), other.sealPending({ now: true })]);
      for (const job of jobs) job.stop();
      await untilSealed(id);
      expect(tsa.stats.requests - asked).toBe(1);
      const sealedCount = passes.reduce((n, p) => n + (p.skipped ? 0 : p.sealed), 0);
      expect(sealedCount).toBe(1);
    } finally {
      await second?.close();
    }
  });

  it('only pending Merkle roots are sealed; the .tsr is 404 for a raffle without a seal', async () => {
    const flat = await closedRaffle({ commitmentVersion: 1 });
    const off = await closedRaffle({ sealStatus: null });
    const asked = tsa.stats.requests;
    expect(await t.app.services.seals.sealPending({ now: true })).toMatchObject({ sealed: 0, pending: 0 });
    expect(tsa.stats.requests).toBe(asked);
    expect((await row(flat.id)).sealStatus).toBe('pendiente');
    expect(sealView(await row(off.id))).toBeNull();
    for (const id of [flat.id, off.id, '00000000-0000-4000-8000-000000000000']) {
      expect((await download(id)).status).toBe(404);
    }
    expect((await download('no-es-un-id')).status).toBe(400);
  });

  it('with no TSA_URL sealing is off: a close leaves no seal and the job does nothing', async () => {
    const off = createDrawSealService({ db: t.db, tsaUrl: null, log: t.app.log });
    expect(off.enabled).toBe(false);
    expect(off.statusAtClose).toBeNull();
    expect(t.app.services.seals.statusAtClose).toBe('pendiente');
    await closedRaffle();
    const asked = tsa.stats.requests;
    expect(await startSealJob({ seals: off, log: t.app.log }).kick()).toEqual({ skipped: true });
    off.sealNow('00000000-0000-4000-8000-000000000000');
    expect(tsa.stats.requests).toBe(asked);
  });
});
