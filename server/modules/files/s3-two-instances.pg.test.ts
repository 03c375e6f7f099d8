// PostgreSQL only (vitest.config.ts runs *.pg.test.ts when TEST_DATABASE_URL is set): two app
// instances share one database, which PGlite (one process) cannot do, and one S3 bucket.
import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema-operations';
import { buyer, makeRaffle } from '../../test/factories';
import { startS3Server } from '../../test/s3-server';
import { createTestApp, type TestApp } from '../../test/test-app';
import { download, PDF, uploaded } from '../../test/uploads';

let s3: Awaited<ReturnType<typeof startS3Server>>;
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  s3 = await startS3Server();
  a = await createTestApp({ config: { s3: s3.config } });
  b = await createTestApp({ config: { s3: s3.config }, attachToDatabaseUrl: a.databaseUrl });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await s3?.close();
});

describe('two instances sharing a database and a bucket', () => {
  it('a photo uploaded through A is served by B, with its WebP copies', async () => {
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#c05020' } })
      .jpeg()
      .toBuffer();
    const image = await uploaded(a, photo, { kind: 'raffle-image', token: await a.signInAdmin() });
    const original = await download(b, image.key);
    expect(original.status).toBe(200);
    expect(original.bytes.equals(photo)).toBe(true);
    const copy = await fetch(`${b.baseUrl}${image.fileUrl}?w=800`);
    expect(copy.headers.get('content-type')).toBe('image/webp');
    expect(await sharp(Buffer.from(await copy.arrayBuffer())).metadata()).toMatchObject({ width: 800 });
  });

  it('a proof uploaded through A is sent with a reservation made on B and read by B’s admin', async () => {
    const proof = await uploaded(a, PDF);
    const raffle = await makeRaffle(b);
    const reserved = await b.api('POST', `/api/raffles/${raffle.id}/reservations`, {
      body: { numbers: [1], buyer: buyer(), payment_proof: proof.fileUrl },
    });
    expect(reserved.status).toBe(201);
    const res = await download(b, proof.key, await b.signInAdmin());
    expect(res.status).toBe(200);
    expect(res.bytes.equals(PDF)).toBe(true);
  });

  it('one instance at a time cleans orphan proofs: busy while another holds the lock', async () => {
    const orphan = await uploaded(a, PDF);
    await a.db
      .update(files)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(files.key, orphan.key));
    const pool = (a.db as unknown as { $client: pg.Pool }).$client;
    const other = await pool.connect();
    try {
      await other.query('select pg_advisory_lock(727005)');
      expect(await b.app.services.files.deleteOrphanProofs()).toBe('busy');
      expect(await s3.has(orphan.key)).toBe(true);
      await other.query('select pg_advisory_unlock(727005)');
    } finally {
      other.release();
    }
    expect(await b.app.services.files.deleteOrphanProofs()).toMatchObject({ deleted: 1 });
    expect(await s3.has(orphan.key)).toBe(false);
    expect((await download(a, orphan.key, await a.signInAdmin())).status).toBe(404);
  });
});
