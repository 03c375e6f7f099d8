import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../domain/api';
import type { UploadedFile } from '../../../domain/uploads';
import { userRoles } from '../../db/schema';
import { files } from '../../db/schema-operations';
import { makeUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  errorOf,
  download as fetchFile,
  JPEG,
  PDF,
  PNG,
  UNREADABLE_PNG,
  upload,
  WEBP,
} from '../../test/uploads';
import { variantKey } from './image-variants';

const MB5 = 5 * 1024 * 1024;

let t: TestApp;
let admin: string;
let seller: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
  seller = (await makeUser(t)).token;
});
afterAll(() => t?.close());

const download = (key: string, token?: string, headers: Record<string, string> = {}) =>
  fetchFile(t, key, token, headers);

describe('POST /api/uploads (payment proofs)', () => {
  it('stores a proof from anyone, judged by content, and records it', async () => {
    for (const [bytes, type, ext] of [
      [PNG, 'image/png', 'png'],
      [JPEG, 'image/jpeg', 'jpg'],
      [WEBP, 'image/webp', 'webp'],
      [PDF, 'application/pdf', 'pdf'],
    ] as const) {
      // The browser's claimed type and the file name are ignored: only the bytes count.
      const res = await upload<UploadedFile>(t, bytes, { filename: 'captura.txt', type: 'text/plain' });
      expect(res.status, type).toBe(201);
      expect(res.body.key).toMatch(new RegExp(`^[0-9a-f-]{36}\\.${ext}$`));
      expect(res.body.fileUrl).toBe(`/api/files/${res.body.key}`);
      const [row] = await t.db.select().from(files).where(eq(files.key, res.body.key));
      expect(row).toMatchObject({
        kind: 'payment-proof',
        contentType: type,
        sizeBytes: bytes.length,
        uploadedBy: null,
      });
      expect(row?.sha256).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('records who uploaded when a staff member does', async () => {
    const res = await upload<UploadedFile>(t, PNG, { token: seller });
    expect(res.status).toBe(201);
    const [row] = await t.db.select().from(files).where(eq(files.key, res.body.key));
    expect(row?.uploadedBy).not.toBeNull();
  });

  it('refuses a text file renamed .png with 415 in Spanish', async () => {
    const res = await upload<ApiError>(t, Buffer.from('hola, esto no es una imagen'), {
      filename: 'foto.png',
      type: 'image/png',
    });
    expect(res.status).toBe(415);
    expect(res.body.error.code).toBe('UNSUPPORTED_FILE_TYPE');
    expect(res.body.error.message).toMatch(/Tipo de archivo no permitido/);
    for (const fake of [
      Buffer.from('RIFF1234AVI LIST'),
      Buffer.from('GIF89a......'),
      Buffer.from([0xff, 0xd8]),
    ]) {
      expect((await upload(t, fake)).status).toBe(415);
    }
  });

  it('takes exactly 5 MB and refuses 5 MB + 1 byte with 413 in Spanish', async () => {
    const exact = Buffer.alloc(MB5, 7);
    PNG.copy(exact);
    expect((await upload(t, exact)).status).toBe(201);
    const tooBig = Buffer.alloc(MB5 + 1, 7);
    PNG.copy(tooBig);
    const res = await upload<ApiError>(t, tooBig);
    expect(res.status).toBe(413);
    expect(res.body.error.message).toBe('El archivo supera el tamaño máximo de 5 MB.');
    // The app still answers on the same server afterwards.
    expect((await upload(t, PNG)).status).toBe(201);
  });

  it('answers 400 when there is no file', async () => {
    const fieldOnly = new FormData();
    fieldOnly.append('note', 'sin archivo');
    const cases = [
      await fetch(`${t.baseUrl}/api/uploads`, { method: 'POST', body: fieldOnly }),
      await fetch(`${t.baseUrl}/api/uploads`, { method: 'POST' }),
      await fetch(`${t.baseUrl}/api/uploads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"file":"x"}',
      }),
    ];
    for (const response of cases) {
      expect(response.status).toBe(400);
      expect((await response.json()).error.message).toBe('Adjunta un archivo en el campo "file".');
    }
    expect((await upload(t, PNG, { field: 'imagen' })).status).toBe(400);
    expect((await upload(t, Buffer.alloc(0))).status).toBe(400);
  });

  it('answers 400, never 500, to a broken multipart body', async () => {
    const response = await fetch(`${t.baseUrl}/api/uploads`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      body: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toMatch(/[a-zá-ú]/);
    const noBoundary = await fetch(`${t.baseUrl}/api/uploads`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data' },
      body: 'nada',
    });
    expect(noBoundary.status).toBe(400);
  });

  it('refuses an unknown kind with 400', async () => {
    expect((await upload(t, PNG, { kind: 'avatar', token: admin })).status).toBe(400);
  });
});

describe('POST /api/uploads?kind=raffle-image', () => {
  it('refuses anonymous uploads with 401 and role-less users with 403', async () => {
    const anonymous = await upload<ApiError>(t, PNG, { kind: 'raffle-image' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.message).toBe('Inicia sesión para subir imágenes de rifas.');
    const roleless = await makeUser(t);
    await t.db.delete(userRoles).where(eq(userRoles.userId, roleless.user.id));
    expect((await upload(t, PNG, { kind: 'raffle-image', token: roleless.token })).status).toBe(403);
  });

  it('lets a vendedor upload an image, but not a PDF', async () => {
    const res = await upload<UploadedFile>(t, WEBP, { kind: 'raffle-image', token: seller });
    expect(res.status).toBe(201);
    const [row] = await t.db.select().from(files).where(eq(files.key, res.body.key));
    expect(row?.kind).toBe('raffle-image');
    const pdf = await upload<ApiError>(t, PDF, { kind: 'raffle-image', token: seller });
    expect(pdf.status).toBe(415);
    expect(pdf.body.error.message).toBe('Las imágenes de rifas deben ser JPG, PNG o WEBP.');
  });
});

describe('GET /api/files/:key', () => {
  it('serves raffle images to anyone, with long cache and nosniff', async () => {
    const { key } = (await upload<UploadedFile>(t, PNG, { kind: 'raffle-image', token: admin })).body;
    for (const token of [undefined, 'not-a-valid-token']) {
      const res = await download(key, token);
      expect(res.status).toBe(200);
      expect(res.bytes.equals(PNG)).toBe(true);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('cache-control')).toMatch(/public, max-age=\d{6,}, immutable/);
      expect(res.headers.get('content-length')).toBe(String(PNG.length));
    }
    const etag = (await download(key)).headers.get('etag') ?? '';
    expect((await download(key, undefined, { 'if-none-match': etag })).status).toBe(304);
  });

  it('serves payment proofs to staff only: 401 anonymous, 403 role-less, 200 admin', async () => {
    const { key } = (await upload<UploadedFile>(t, JPEG)).body;
    const anonymous = await download(key);
    expect(anonymous.status).toBe(401);
    expect(errorOf(anonymous.bytes).message).toBe('Inicia sesión para ver este comprobante.');
    expect((await download(key, 'expired-or-fake')).status).toBe(401);
    const roleless = await makeUser(t);
    await t.db.delete(userRoles).where(eq(userRoles.userId, roleless.user.id));
    expect((await download(key, roleless.token)).status).toBe(403);
    // A proof on no sale yet: a vendedor who did not upload it cannot see it (proof-access.test.ts).
    expect((await download(key, seller)).status).toBe(403);
    const res = await download(key, admin);
    expect(res.status).toBe(200);
    expect(res.bytes.equals(JPEG)).toBe(true);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('sends PDFs as a download with their type', async () => {
    const { key } = (await upload<UploadedFile>(t, PDF)).body;
    const res = await download(key, admin);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(res.bytes.equals(PDF)).toBe(true);
  });

  it('answers 404 for unknown or malformed keys', async () => {
    for (const key of ['00000000-0000-4000-8000-000000000000.png', 'nada', '..%2F..%2Fetc%2Fpasswd']) {
      const res = await download(key, admin);
      expect(res.status, key).toBe(404);
      expect(errorOf(res.bytes).message).toMatch(/no encontrad|no existe/);
    }
    // A NUL byte never reaches the lookup (server/lib/hostile-input.ts).
    const nul = await download('a.png%00', admin);
    expect(nul.status).toBe(400);
    expect(errorOf(nul.bytes).message).toMatch(/carácter no permitido/);
  });
});

describe('resolveUpload', () => {
  it('recognizes only files uploaded here, of the asked kind', async () => {
    const proof = (await upload<UploadedFile>(t, PDF)).body;
    const image = (await upload<UploadedFile>(t, PNG, { kind: 'raffle-image', token: admin })).body;
    const { resolveUpload } = t.app.services.files;
    const resolved = await resolveUpload(proof.fileUrl, 'payment-proof');
    expect(resolved?.key).toBe(proof.key);
    expect(resolved?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await resolveUpload(proof.fileUrl, 'raffle-image')).toBeNull();
    expect(await resolveUpload(image.fileUrl, 'payment-proof')).toBeNull();
    for (const bad of [
      '',
      'https://evil.example/x.png',
      // Only the path an upload answers: not another host's URL, even with one of our keys.
      `https://evil.example/api/files/${proof.key}`,
      `http://127.0.0.1/api/files/${proof.key}`,
      ` ${proof.fileUrl}`,
      `${proof.fileUrl}?x=1`,
      `/api/files/${proof.key}/`,
      '/api/files/../secret',
      `/api/files/${proof.key}/x`,
    ]) {
      expect(await resolveUpload(bad, 'payment-proof')).toBeNull();
    }
    expect(
      await resolveUpload('/api/files/00000000-0000-4000-8000-000000000000.pdf', 'payment-proof'),
    ).toBeNull();
  });
});

describe('upload rate limit', () => {
  it('answers 429 in Spanish after too many proofs from one IP, images counted apart', async () => {
    const limited = await createTestApp({
      config: { rateLimits: { signIn: 1000, reservations: 1000, tracking: 1000, uploads: 2 } },
    });
    try {
      const statuses: number[] = [];
      let last: Awaited<ReturnType<typeof upload<ApiError>>> | null = null;
      for (let i = 0; i < 3; i++) {
        last = await upload<ApiError>(limited, PNG);
        statuses.push(last.status);
      }
      expect(statuses).toEqual([201, 201, 429]);
      expect(last?.body.error).toMatchObject({ code: 'RATE_LIMITED' });
      expect(last?.body.error.message).toMatch(/Demasiadas solicitudes/);
      const image = await upload(limited, PNG, { kind: 'raffle-image', token: await limited.signInAdmin() });
      expect(image.status).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe('raffle photo copies (WebP at 400, 800 and 1600 px)', () => {
  const photo = (width: number, height: number) =>
    sharp({
      create: {
        width,
        height,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 30 },
      },
    })
      .jpeg({ quality: 90 })
      .toBuffer();

  it('makes a WebP copy at each width on upload and serves each publicly, cached for a year', async () => {
    const original = await photo(2400, 1800);
    const { key, fileUrl } = (await upload<UploadedFile>(t, original, { kind: 'raffle-image', token: admin }))
      .body;
    const etags = new Set<string>();
    for (const width of [400, 800, 1600]) {
      const res = await fetch(`${t.baseUrl}${fileUrl}?w=${width}`);
      expect(res.status, `${width}`).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d{6,}, immutable$/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      const bytes = Buffer.from(await res.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect(meta).toMatchObject({ format: 'webp', width, height: (width * 3) / 4 });
      expect(bytes.length).toBeLessThan(original.length);
      const etag = res.headers.get('etag') ?? '';
      etags.add(etag);
      const again = await fetch(`${t.baseUrl}${fileUrl}?w=${width}`, { headers: { 'if-none-match': etag } });
      expect(again.status).toBe(304);
    }
    expect(etags.size).toBe(3);
    // The original stays as uploaded, under its own URL.
    const res = await download(key);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.bytes.equals(original)).toBe(true);
  });

  it('never enlarges a small photo, turns it upright and drops its metadata', async () => {
    // 300 x 200 pixels stored sideways: EXIF orientation 6 means "turn 90° to view".
    const sideways = await sharp(await photo(300, 200))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const { fileUrl } = (await upload<UploadedFile>(t, sideways, { kind: 'raffle-image', token: seller }))
      .body;
    for (const width of [400, 1600]) {
      const bytes = Buffer.from(await (await fetch(`${t.baseUrl}${fileUrl}?w=${width}`)).arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 200, height: 300 });
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
    }
  });

  it('refuses a photo no library can read, and one over 40 megapixels, before decoding it', async () => {
    const unreadable = await upload<ApiError>(t, UNREADABLE_PNG, { kind: 'raffle-image', token: admin });
    expect(unreadable.status).toBe(422);
    expect(unreadable.body.error.code).toBe('IMAGE_UNREADABLE');
    expect(unreadable.body.error.message).toBe(
      'No se pudo leer la imagen. Prueba con otra foto en JPG, PNG o WEBP.',
    );
    // 8,000 x 6,000 of one grey: 48 megapixels in ~150 kB, well under the 5 MB limit.
    const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#808080' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const started = performance.now();
    const refused = await upload<ApiError>(t, huge, { kind: 'raffle-image', token: admin });
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('IMAGE_TOO_MANY_PIXELS');
    expect(refused.body.error.message).toMatch(/^La imagen tiene 48 megapíxeles y el máximo es 40\./);
    // Read from the header: no 48-megapixel decode (seconds and ~150 MB) happened.
    expect(performance.now() - started).toBeLessThan(2_000);
    // Nothing of either was stored.
    const rows = await t.db.select().from(files);
    expect(rows.some((r) => r.sizeBytes === huge.length || r.sizeBytes === UNREADABLE_PNG.length)).toBe(
      false,
    );
  });

  it('serves the original for a width of a photo without copies (uploaded before copies existed)', async () => {
    const { key, fileUrl } = (await upload<UploadedFile>(t, PNG, { kind: 'raffle-image', token: admin }))
      .body;
    // Its copies removed, as for a photo stored before they were made.
    for (const width of [400, 800, 1600] as const)
      await t.app.services.storage.delete(variantKey(key, width));
    const res = await fetch(`${t.baseUrl}${fileUrl}?w=800`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('makes no copies of payment proofs, which stay private', async () => {
    const { key } = (await upload<UploadedFile>(t, await photo(1200, 900))).body;
    expect((await download(`${key}?w=400`)).status).toBe(401);
    const res = await download(`${key}?w=400`, admin);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('refuses a width that is not offered, and a copy asked for by its own key', async () => {
    const { key, fileUrl } = (
      await upload<UploadedFile>(t, await photo(900, 600), { kind: 'raffle-image', token: admin })
    ).body;
    expect((await fetch(`${t.baseUrl}${fileUrl}?w=500`)).status).toBe(400);
    const copyKey = key.replace(/\.jpg$/, '-w400.webp');
    expect((await download(copyKey)).status).toBe(404);
  });
});
