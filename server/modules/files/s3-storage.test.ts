import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChecksResponse } from '../../../domain/test-bench';
import { files } from '../../db/schema-operations';
import { createS3Storage } from '../../lib/s3-storage';
import { buyer, makeRaffle } from '../../test/factories';
import { startS3Server } from '../../test/s3-server';
import { createTestApp, type TestApp } from '../../test/test-app';
import { download, PDF, uploaded } from '../../test/uploads';

// S3_BUCKET: uploads in an S3-compatible bucket (a local s3rver here) instead of the disk.
let s3: Awaited<ReturnType<typeof startS3Server>>;
let t: TestApp;
let admin: string;
beforeAll(async () => {
  s3 = await startS3Server();
  t = await createTestApp({ config: { s3: s3.config } });
  admin = await t.signInAdmin();
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const readAll = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
};

describe('uploads in an S3-compatible bucket', () => {
  it('stores a payment proof in the bucket and serves it back to the admin', async () => {
    const proof = await uploaded(t, PDF);
    expect(await s3.has(proof.key)).toBe(true);
    const res = await download(t, proof.key, admin);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.bytes.equals(PDF)).toBe(true);
  });

  it('makes a raffle photo’s WebP copies and keeps them in the bucket beside the original', async () => {
    const photo = await sharp({
      create: { width: 1000, height: 750, channels: 3, background: '#446688' },
    })
      .jpeg()
      .toBuffer();
    const image = await uploaded(t, photo, { kind: 'raffle-image', token: admin });
    const base = image.key.replace(/\.jpg$/, '');
    for (const key of [image.key, `${base}-w400.webp`, `${base}-w800.webp`, `${base}-w1600.webp`]) {
      expect(await s3.has(key), key).toBe(true);
    }
    const copy = await fetch(`${t.baseUrl}${image.fileUrl}?w=400`);
    expect(copy.status).toBe(200);
    expect(copy.headers.get('content-type')).toBe('image/webp');
    expect(await sharp(Buffer.from(await copy.arrayBuffer())).metadata()).toMatchObject({
      format: 'webp',
      width: 400,
      height: 300,
    });
    const original = await download(t, image.key);
    expect(original.bytes.equals(photo)).toBe(true);
  });

  it('answers 404 when the bucket lost the bytes of a known file', async () => {
    const proof = await uploaded(t, PDF);
    await t.app.services.storage.delete(proof.key);
    expect(await s3.has(proof.key)).toBe(false);
    const res = await download(t, proof.key, admin);
    expect(res.status).toBe(404);
  });

  it('the orphan-proof cleanup deletes the object from the bucket', async () => {
    const raffle = await makeRaffle(t);
    const orphan = await uploaded(t, PDF);
    const kept = await uploaded(t, PDF);
    const reserved = await t.api('POST', `/api/raffles/${raffle.id}/reservations`, {
      body: { numbers: [1], buyer: buyer(), payment_proof: kept.fileUrl },
    });
    expect(reserved.status).toBe(201);
    await t.db
      .update(files)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(sql`${files.key} in (${orphan.key}, ${kept.key})`);
    expect(await t.app.services.files.deleteOrphanProofs()).toMatchObject({ deleted: 1 });
    expect(await s3.has(orphan.key)).toBe(false);
    expect(await t.db.select().from(files).where(eq(files.key, orphan.key))).toEqual([]);
    expect(await s3.has(kept.key)).toBe(true);
  });

  it('the storage itself: put, get, delete twice, unknown and invalid keys', async () => {
    const storage = createS3Storage(s3.config);
    try {
      const key = '0f0e0d0c-0b0a-4000-8000-000000000001.png';
      await storage.put(key, Buffer.from('bytes'), 'image/png');
      const stream = await storage.get(key);
      expect(stream && (await readAll(stream)).toString()).toBe('bytes');
      await storage.delete(key);
      await storage.delete(key); // an unknown key is not an error
      expect(await storage.get(key)).toBeNull();
      expect(await storage.get('../secreto')).toBeNull();
      await expect(storage.put('../secreto', Buffer.from('x'), 'text/plain')).rejects.toThrow(
        /invalid storage key/,
      );
    } finally {
      storage.close();
    }
  });

  it('passes the configured credentials (s3rver knows one access key id)', async () => {
    const storage = createS3Storage({
      ...s3.config,
      credentials: { accessKeyId: 'DESCONOCIDA', secretAccessKey: 'S3RVER' },
    });
    try {
      await expect(
        storage.put('0f0e0d0c-0b0a-4000-8000-000000000002.png', Buffer.from('x'), 'image/png'),
      ).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
    } finally {
      storage.close();
    }
  });

  it('the test bench storage check passes on the bucket', async () => {
    const res = await t.api<ChecksResponse>('POST', '/api/test-bench/checks', { token: admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.checks.find((c: { kind: string }) => c.kind === 'storage')).toMatchObject({ ok: true });
  });
});
