import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RAFFLE_CARD_SIZES, RAFFLE_GALLERY_SIZES } from '../domain/images';
import { buyer, makeRaffle } from './test/factories';
import { rawGet } from './test/raw-http';
import { createTestApp, type TestApp } from './test/test-app';

// A built web app as `vite build` leaves it: hashed assets with their .br/.gz twins. The twins carry
// a marker so a test can tell a precompressed file from one compressed on the fly.
const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rifas-dist-'));
const INDEX_HTML = `<!doctype html><html lang="es"><head><title>Rifas</title>${'<!-- relleno -->'.repeat(100)}</head><body><div id="root"><div role="status">Cargando…</div></div>
</body></html>`;
const APP_JS = `export const rifas = ${JSON.stringify('x'.repeat(4000))};\n`;
const ASSET = '/assets/app-Ab12Cd34.js';

function writeWithTwins(relative: string, content: string) {
  const file = path.join(distDir, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(`${content}/*br*/`));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(`${content}/*gz*/`));
}
writeWithTwins('index.html', INDEX_HTML);
writeWithTwins(ASSET, APP_JS);
fs.writeFileSync(path.join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
// The build manifest (vite `build.manifest`): which chunks each page's code needs.
fs.mkdirSync(path.join(distDir, '.vite'));
fs.writeFileSync(
  path.join(distDir, '.vite', 'manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/index-E1.js', imports: ['_shared-S1.js'] },
    '_shared-S1.js': { file: 'assets/shared-S1.js' },
    '_ui-U1.js': { file: 'assets/ui-U1.js', imports: ['_shared-S1.js'] },
    'src/features/raffles/pages/home-page.tsx': {
      file: 'assets/home-page-H1.js',
      imports: ['index.html', '_ui-U1.js'],
    },
    'src/features/raffle-detail/pages/raffle-detail-page.tsx': {
      file: 'assets/raffle-detail-page-R1.js',
      imports: ['index.html', '_ui-U1.js'],
      css: ['assets/raffle-detail-page-R1.css'],
    },
  }),
);

const IMMUTABLE = 'public, max-age=31536000, immutable';

let t: TestApp;
let raffleId: string;
beforeAll(async () => {
  t = await createTestApp({ config: { webDistDir: distDir } });
  // 2,000 numbers: a board of a few KB, well over the 1 KB below which compressing is not worth it.
  raffleId = (await makeRaffle(t, { total_numbers: 2000, digit_count: 4 })).id;
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

describe('API responses are compressed', () => {
  it('sends JSON as brotli to a browser that accepts it, gzip to one that only takes gzip', async () => {
    const url = `${t.baseUrl}/api/raffles/${raffleId}/board`;
    const plain = await rawGet(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const board = JSON.parse(plain.text());

    const br = await rawGet(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(br.text())).toEqual(board);
    expect(br.wire.length).toBeLessThan(plain.wire.length / 4);

    const gzip = await rawGet(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gzip.text())).toEqual(board);
  });

  it('keeps live updates (Server-Sent Events) uncompressed and flowing at once', async () => {
    const received: string[] = [];
    let headers: http.IncomingHttpHeaders = {};
    const request = http.get(`${t.baseUrl}/api/raffles/${raffleId}/events`, {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    const opened = new Promise<void>((resolve) => {
      request.on('response', (res) => {
        headers = res.headers;
        res.on('data', (chunk: Buffer) => received.push(chunk.toString('utf8')));
        resolve();
      });
    });
    request.on('error', () => {});
    try {
      await opened;
      expect(headers['content-type']).toMatch(/^text\/event-stream/);
      expect(headers['content-encoding']).toBeUndefined();
      const reserved = await t.api('POST', `/api/raffles/${raffleId}/reservations`, {
        body: { numbers: [7], buyer: buyer() },
      });
      expect(reserved.status).toBe(201);
      // Readable text arriving event by event: nothing sits in a compressor's buffer.
      const until = Date.now() + 3000;
      while (!received.join('').includes('event: ticket') && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(received.join('')).toMatch(/event: ticket\nid: \d+\ndata: \{"number":7,"status":"apartado"/);
    } finally {
      request.destroy();
    }
  });

  it('sends nothing compressed when compression is turned off (a proxy in front does it)', async () => {
    const off = await createTestApp({ config: { webDistDir: distDir, compression: false } });
    try {
      const raffle = await makeRaffle(off, { total_numbers: 2000, digit_count: 4 });
      const json = await rawGet(`${off.baseUrl}/api/raffles/${raffle.id}/board`, { 'accept-encoding': 'br' });
      expect(json.headers['content-encoding']).toBeUndefined();
      const asset = await rawGet(off.baseUrl + ASSET, { 'accept-encoding': 'br' });
      expect(asset.headers['content-encoding']).toBeUndefined();
      expect(asset.text()).toBe(APP_JS);
    } finally {
      await off.close();
    }
  });
});

describe('web app files', () => {
  it('serves a hashed asset precompressed and cached for a year as immutable', async () => {
    const br = await rawGet(t.baseUrl + ASSET, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe(IMMUTABLE);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.text()).toBe(`${APP_JS}/*br*/`);

    const gzip = await rawGet(t.baseUrl + ASSET, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.text()).toBe(`${APP_JS}/*gz*/`);
    expect(gzip.headers['cache-control']).toBe(IMMUTABLE);

    const plain = await rawGet(t.baseUrl + ASSET);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text()).toBe(APP_JS);
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('never exposes the compressed twins under their own URL', async () => {
    const res = await rawGet(`${t.baseUrl}${ASSET}.br`);
    expect(res.status).toBe(404);
  });

  it('makes index.html and the SPA fallback revalidate (no-cache), precompressed', async () => {
    for (const page of ['/index.html', '/dashboard']) {
      const res = await rawGet(t.baseUrl + page, { 'accept-encoding': 'br, gzip' });
      expect(res.status, page).toBe(200);
      expect(res.headers['content-type'], page).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], page).toBe('no-cache');
      expect(res.headers['content-encoding'], page).toBe('br');
      expect(res.text(), page).toBe(`${INDEX_HTML}/*br*/`);
    }
    // The public pages name their code in their HTML: built per request, compressed on the fly.
    for (const page of ['/', '/raffle/00000000-0000-4000-8000-000000000000']) {
      const res = await rawGet(t.baseUrl + page, { 'accept-encoding': 'br, gzip' });
      expect(res.headers['cache-control'], page).toBe('no-cache');
      expect(res.headers['content-encoding'], page).toBe('br');
      expect(res.text(), page).toContain('rel="modulepreload"');
    }
    const plain = await rawGet(`${t.baseUrl}/tracking`);
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.text()).toBe(INDEX_HTML);
  });

  it('gives unhashed files (favicon) no-cache', async () => {
    const res = await rawGet(`${t.baseUrl}/favicon.svg`, { 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing asset or API route with a JSON 404, not the HTML page', async () => {
    for (const url of ['/assets/old-build-Zz99.js', '/api/nada']) {
      const res = await rawGet(t.baseUrl + url);
      expect(res.status, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/application\/json/);
      expect(JSON.parse(res.text()).error.code).toBe('NOT_FOUND');
    }
  });
});

/** A prize photo (1200 × 900 JPEG) uploaded as the admin: its file URL. */
async function uploadPhoto(app: TestApp, token: string, background = '#c0392b') {
  const bytes = await sharp({
    create: { width: 1200, height: 900, channels: 3, background },
  })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'premio.jpg');
  const res = await fetch(`${app.baseUrl}/api/uploads?kind=raffle-image`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { fileUrl: string }).fileUrl;
}

describe('first prize photo named in the page HTML', () => {
  const preloadOf = (html: string) => /<link rel="preload" as="image"[^>]*>/.exec(html)?.[0] ?? null;

  it('preloads the home cover and a raffle page photo with the srcset and sizes the page uses', async () => {
    const app = await createTestApp({ config: { webDistDir: distDir } });
    try {
      const token = await app.signInAdmin();
      const photo = await uploadPhoto(app, token);
      const raffle = await makeRaffle(app, { images: [photo] }, token);

      const home = await rawGet(`${app.baseUrl}/`, { 'accept-encoding': 'br' });
      expect(home.status).toBe(200);
      expect(home.headers['cache-control']).toBe('no-cache');
      expect(home.headers['content-type']).toMatch(/^text\/html/);
      expect(home.headers['content-encoding']).toBe('br');
      const homeLink = preloadOf(home.text());
      expect(homeLink).toContain(`href="${photo}?w=800"`);
      expect(homeLink).toContain(
        `imagesrcset="${photo}?w=400 400w, ${photo}?w=800 800w, ${photo}?w=1600 1600w"`,
      );
      expect(homeLink).toContain(`imagesizes="${RAFFLE_CARD_SIZES}"`);
      expect(homeLink).toContain('fetchpriority="high"');
      // Named before the app's code and styles: it must not queue behind them for a connection.
      const firstAsset = /<(script|link rel="(modulepreload|stylesheet)")/.exec(home.text())?.index ?? -1;
      expect(home.text().indexOf('rel="preload" as="image"')).toBeLessThan(firstAsset);
      // The first prize is painted before any script, as on a raffle page.
      const homePaint = /<div id="root">([\s\S]*)<\/div>\s*<\/body>/.exec(home.text())?.[1] ?? '';
      expect(homePaint).toContain('data-first-paint');
      expect(homePaint).toContain(`alt="Premio de la rifa ${raffle.name}"`);

      const page = await rawGet(`${app.baseUrl}/raffle/${raffle.id}`);
      expect(preloadOf(page.text())).toContain(`imagesizes="${RAFFLE_GALLERY_SIZES}"`);
      expect(page.text()).toContain('<div id="root">');
      // Before any script: the prize photo (the same copy as the preload) and the raffle's name.
      const firstPaint = /<div id="root">([\s\S]*)<\/div>\s*<\/body>/.exec(page.text())?.[1] ?? '';
      expect(firstPaint).toContain(
        `srcset="${photo}?w=400 400w, ${photo}?w=800 800w, ${photo}?w=1600 1600w"`,
      );
      expect(firstPaint).toContain(`sizes="${RAFFLE_GALLERY_SIZES}"`);
      expect(firstPaint).toContain(`alt="${raffle.name}: foto 1 de 1"`);
      expect(firstPaint).toContain(`>${raffle.name}</h1>`);
      // The app waits for this photo to be on screen before replacing it (web/src/main.tsx).
      expect(firstPaint).toContain('data-first-paint');
      expect(firstPaint).not.toContain('Cargando…</div>');

      // The page's own code and data are named too, so they download beside the entry, not after.
      const modules = (html: string) =>
        [...html.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);
      expect(modules(page.text())).toEqual(['/assets/raffle-detail-page-R1.js', '/assets/ui-U1.js']);
      expect(page.text()).toContain('<link rel="stylesheet" href="/assets/raffle-detail-page-R1.css">');
      expect(page.text()).toContain(
        `<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/raffles/${raffle.id}">`,
      );
      expect(page.text()).toContain('href="/api/exchange-rates"');
      expect(modules(home.text())).toEqual(['/assets/home-page-H1.js', '/assets/ui-U1.js']);
      expect(home.text()).toContain('href="/api/raffles?status=activa"');

      // A draft is nobody's business, an unknown id has no photo: no photo and no data named.
      const draft = await makeRaffle(app, { images: [photo], status: 'borrador' }, token);
      for (const url of [
        `/raffle/${draft.id}`,
        `/v/K7M2QX/${draft.id}`,
        '/raffle/00000000-0000-4000-8000-000000000000',
        '/tracking',
      ]) {
        const res = await rawGet(app.baseUrl + url);
        expect(res.status, url).toBe(200);
        expect(preloadOf(res.text()), url).toBeNull();
        expect(res.text(), url).not.toContain('as="fetch"');
        expect(res.text(), url).toContain('<div id="root"><div role="status">Cargando…</div></div>');
      }
    } finally {
      await app.close();
    }
  });
});

describe('link previews (Open Graph) in the page HTML', () => {
  const metaOf = (html: string, property: string) =>
    new RegExp(`<meta property="${property}" content="([^"]*)">`).exec(html)?.[1] ?? null;

  it('a raffle page names its prize, price and photo for WhatsApp, escaped, with absolute addresses', async () => {
    const app = await createTestApp({ config: { webDistDir: distDir } });
    try {
      const token = await app.signInAdmin();
      const photo = await uploadPhoto(app, token, '#2e86c1');
      const raffle = await makeRaffle(
        app,
        {
          name: 'Moto "Bera" <script>alert(1)</script>',
          description: `Moto 0 km & papeles al día. ${'Se entrega en Valencia con casco y seguro. '.repeat(10)}`,
          price_cents: 500,
          images: [photo],
        },
        token,
      );
      const html = (await rawGet(`${app.baseUrl}/raffle/${raffle.id}`)).text();
      expect(metaOf(html, 'og:title')).toBe('Moto &quot;Bera&quot; &lt;script&gt;alert(1)&lt;/script&gt;');
      expect(html).not.toContain('<script>alert(1)');
      const description = metaOf(html, 'og:description') ?? '';
      expect(description.startsWith('$5,00 por número. Moto 0 km &amp; papeles al día. Se entrega')).toBe(
        true,
      );
      // Cut between words under 200 characters, as chat apps show it.
      expect(description.endsWith('…')).toBe(true);
      expect(description.replace(/&amp;/g, '&').length).toBeLessThanOrEqual(200);
      expect(metaOf(html, 'og:url')).toBe(`${app.baseUrl}/raffle/${raffle.id}`);
      expect(metaOf(html, 'og:image')).toBe(`${app.baseUrl}${photo}?w=800`);
      expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
      // The image a crawler fetches is there, and public.
      const image = await fetch(`${app.baseUrl}${photo}?w=800`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/webp');

      // A seller's short link previews the same raffle, under the link itself (it keeps the code).
      const viaSeller = (await rawGet(`${app.baseUrl}/v/K7M2QX/${raffle.id}`)).text();
      expect(metaOf(viaSeller, 'og:title')).toBe(metaOf(html, 'og:title'));
      expect(metaOf(viaSeller, 'og:image')).toBe(`${app.baseUrl}${photo}?w=800`);
      expect(metaOf(viaSeller, 'og:url')).toBe(`${app.baseUrl}/v/K7M2QX/${raffle.id}`);

      // The home page: the site's own words and the first prize.
      const home = (await rawGet(`${app.baseUrl}/`)).text();
      expect(metaOf(home, 'og:title')).toBe('Rifas — Rifas virtuales garantizadas');
      expect(metaOf(home, 'og:url')).toBe(`${app.baseUrl}/`);
      expect(metaOf(home, 'og:image')).toMatch(/\?w=800$/);

      // A draft or an unknown raffle tells nothing about itself.
      const draft = await makeRaffle(app, { name: 'Borrador secreto', status: 'borrador' }, token);
      for (const url of [
        `/raffle/${draft.id}`,
        '/raffle/00000000-0000-4000-8000-000000000000',
        '/tracking',
      ]) {
        const page = (await rawGet(app.baseUrl + url)).text();
        expect(metaOf(page, 'og:title'), url).toBeNull();
        expect(page, url).not.toContain('Borrador secreto');
      }
    } finally {
      await app.close();
    }
  });

  it('a name or description with $ patterns stays text: the page is not pasted into itself', async () => {
    const raffle = await makeRaffle(t, {
      name: "Gana $$$ con $& y $` y $'",
      description: "Premio de $1.000 (sí, $' y $` también)",
    });
    const html = (await rawGet(`${t.baseUrl}/raffle/${raffle.id}`)).text();
    expect(metaOf(html, 'og:title')).toBe("Gana $$$ con $&amp; y $` y $'");
    expect(metaOf(html, 'og:description')).toBe("$5,00 por número. Premio de $1.000 (sí, $' y $` también)");
    expect(html.match(/<div id="root">/g)).toHaveLength(1);
    expect(html.match(/<\/head>/g)).toHaveLength(1);
  });

  it('uses PUBLIC_URL for the addresses when it is set, whatever Host the request named', async () => {
    const app = await createTestApp({
      config: { webDistDir: distDir, publicUrl: 'https://rifas.example.com' },
    });
    try {
      const raffle = await makeRaffle(app, { price_cents: 0 });
      const html = (await rawGet(`${app.baseUrl}/raffle/${raffle.id}`, { host: 'evil.example' })).text();
      expect(metaOf(html, 'og:url')).toBe(`https://rifas.example.com/raffle/${raffle.id}`);
      expect(metaOf(html, 'og:description')?.startsWith('Números gratis.')).toBe(true);
      // No photo: the small card, and no image named.
      expect(metaOf(html, 'og:image')).toBeNull();
      expect(html).toContain('<meta name="twitter:card" content="summary">');
    } finally {
      await app.close();
    }
  });
});
