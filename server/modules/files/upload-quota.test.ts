import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../domain/api';
import type { UploadedFile } from '../../../domain/uploads';
import { createTestApp, type TestApp } from '../../test/test-app';
import { PDF, UNREADABLE_PNG as SMALL_PNG, upload } from '../../test/uploads';
import { createMemoryUploadQuota } from './upload-quota';

// UPLOAD_BYTES_PER_HOUR: what one IP may store per hour, counted in bytes actually stored.
const CAP = 100;
let t: TestApp;
beforeAll(async () => {
  // trustProxy: each test speaks as its own client address through X-Forwarded-For.
  t = await createTestApp({ config: { uploadBytesPerHour: CAP, trustProxy: true } });
});
afterAll(() => t?.close());

const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
/** A PDF (by its signature) of exactly `size` bytes. */
const pdfOf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(size - 9, 0x20)]);

describe('bytes stored per IP per hour', () => {
  it('refuses with 429 in Spanish what would go over the cap; a refused file counts nothing', async () => {
    const ip = '10.0.0.1';
    expect(PDF.length * 2).toBeGreaterThan(CAP);
    expect((await upload(t, PDF, from(ip))).status).toBe(201);
    const refused = await upload<ApiError>(t, PDF, from(ip));
    expect(refused.status).toBe(429);
    expect(refused.body.error).toEqual({
      code: 'UPLOAD_QUOTA_EXCEEDED',
      message: 'Has subido demasiados archivos en la última hora. Inténtalo de nuevo más tarde.',
    });
    // What is left still fits smaller files, to the byte.
    const left = CAP - PDF.length;
    expect((await upload(t, pdfOf(left - SMALL_PNG.length), from(ip))).status).toBe(201);
    expect((await upload(t, pdfOf(SMALL_PNG.length + 1), from(ip))).status).toBe(429);
    expect((await upload(t, SMALL_PNG, from(ip))).status).toBe(201);
    // Full: refused at once, before the body is read.
    const full = await upload<ApiError>(t, SMALL_PNG, from(ip));
    expect(full.status).toBe(429);
    expect(full.body.error.code).toBe('UPLOAD_QUOTA_EXCEEDED');
  });

  it('counts each IP apart', async () => {
    expect((await upload(t, pdfOf(CAP), from('10.0.0.2'))).status).toBe(201);
    expect((await upload(t, SMALL_PNG, from('10.0.0.2'))).status).toBe(429);
    expect((await upload(t, pdfOf(CAP), from('10.0.0.3'))).status).toBe(201);
  });

  it('counts a raffle photo’s WebP copies, which are stored too', async () => {
    const cap = 4 * 1024 * 1024;
    const app = await createTestApp({ config: { uploadBytesPerHour: cap } });
    try {
      const admin = await app.signInAdmin();
      const photo = await sharp({
        create: {
          width: 800,
          height: 600,
          channels: 3,
          background: '#808080',
          noise: { type: 'gaussian', mean: 128, sigma: 30 },
        },
      })
        .jpeg({ quality: 90 })
        .toBuffer();
      const res = await upload<UploadedFile>(app, photo, { kind: 'raffle-image', token: admin });
      expect(res.status).toBe(201);
      let copies = 0;
      for (const w of [400, 800, 1600]) {
        const copy = await fetch(`${app.baseUrl}${res.body.fileUrl}?w=${w}`);
        expect(copy.headers.get('content-type')).toBe('image/webp');
        copies += (await copy.arrayBuffer()).byteLength;
      }
      const left = cap - photo.length - copies;
      expect(left).toBeGreaterThan(1024);
      expect((await upload(app, pdfOf(left + 1))).status).toBe(429);
      expect((await upload(app, pdfOf(left))).status).toBe(201);
    } finally {
      await app.close();
    }
  });
});

describe('createMemoryUploadQuota', () => {
  it('takes while under the cap, gives back, and counts stored copies over it', async () => {
    const quota = createMemoryUploadQuota(100, () => Date.UTC(2026, 0, 1, 10, 30, 0));
    expect(await quota.take('a', 60)).toBe(true);
    expect(await quota.take('a', 41)).toBe(false);
    expect(await quota.take('b', 100)).toBe(true);
    expect(await quota.take('a', 40)).toBe(true);
    expect(await quota.exhausted('a')).toBe(true);
    await quota.giveBack('a', 40);
    expect(await quota.exhausted('a')).toBe(false);
    await quota.add('a', 500); // stored copies count even over the cap
    expect(await quota.take('a', 1)).toBe(false);
  });

  it('counts the last 60 minutes, not the clock hour: the whole cap at 10:59 is not taken again at 11:00', async () => {
    let now = Date.UTC(2026, 0, 1, 10, 59, 0);
    const quota = createMemoryUploadQuota(100, () => now);
    expect(await quota.take('a', 100)).toBe(true);
    now = Date.UTC(2026, 0, 1, 11, 0, 30); // the previous hour weighs 59.5/60: ~99 still counts
    expect(await quota.take('a', 2)).toBe(false);
    expect(await quota.take('a', 1)).toBe(false);
    now = Date.UTC(2026, 0, 1, 11, 30, 0); // half of it: 50 counts
    expect(await quota.take('a', 51)).toBe(false);
    expect(await quota.take('a', 50)).toBe(true);
    expect(await quota.exhausted('a')).toBe(true);
    now = Date.UTC(2026, 0, 1, 12, 15, 0); // 11:xx's 50, three quarters of it: 37.5
    expect(await quota.take('a', 63)).toBe(false);
    expect(await quota.take('a', 62)).toBe(true);
    now = Date.UTC(2026, 0, 1, 14, 0, 0); // two hours on: nothing counts
    expect(await quota.exhausted('a')).toBe(false);
    expect(await quota.take('a', 100)).toBe(true);
  });
});
