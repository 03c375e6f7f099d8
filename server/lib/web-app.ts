import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { messages } from '../../domain/messages';

/** Vite names every file under `assets/` by its content hash: a new build means a new URL. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, favicon): the browser keeps a copy but asks first (304 when unchanged). */
export const REVALIDATE_CACHE = 'no-cache';

const isHashedAsset = (file: string, distDir: string) =>
  path.relative(distDir, file).split(path.sep)[0] === 'assets';

/** A photo for `<link rel="preload" as="image">`, with the srcset and sizes its <img> will have. */
export type ImagePreload = { src: string; srcSet?: string; sizes: string };

/**
 * What a public page needs first, named in its HTML so it downloads beside the app's entry
 * instead of after it: the page's code (its source file, as the build manifest names it), the
 * API answers its loader asks for, and its first photo.
 */
export type PagePreload = {
  page?: string;
  fetches?: string[];
  image?: ImagePreload | null;
  /** Painted from the HTML before any script runs: the page's title under its first photo. */
  firstPaint?: { title: string; imageAlt: string };
  /** The link preview a chat app (WhatsApp, Telegram, Facebook) shows for this page's address. */
  share?: SharePreview;
};

/** Open Graph fields of a page; paths are made absolute with the site's address. */
export type SharePreview = {
  title: string;
  description: string;
  /** The page's own path (`/raffle/…`). */
  path: string;
  image?: { path: string; alt: string } | null;
};

type Manifest = Record<string, { file: string; imports?: string[]; css?: string[] }>;

/** The chunk files (and styles) a source file needs, beyond what index.html already loads. */
function pageAssets(manifest: Manifest, page: string) {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const already = new Set<string>(['index.html', ...(manifest['index.html']?.imports ?? [])]);
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || already.has(key)) return;
    already.add(key);
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(page);
  return { scripts: [...scripts], styles: [...styles] };
}

function readManifest(distDir: string): Manifest {
  try {
    return JSON.parse(fs.readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return {};
  }
}

const attribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Same srcset and sizes as the <img>, so the browser fetches one copy and reuses it. */
function preloadTag({ src, srcSet, sizes }: ImagePreload) {
  const responsive = srcSet ? ` imagesrcset="${attribute(srcSet)}" imagesizes="${attribute(sizes)}"` : '';
  return `<link rel="preload" as="image" href="${attribute(src)}"${responsive} fetchpriority="high">`;
}

const text = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * What a buyer on a slow phone sees while the app's code arrives: the prize photo and the raffle's
 * name where the page will show them, instead of a lone spinner (the page's largest paint, about
 * a second sooner). Inline styles only: the stylesheet's classes come from the web sources.
 * React replaces it whole with the page (new elements, so nothing shifts).
 */
function firstPaintHtml(image: ImagePreload, shell: NonNullable<PagePreload['firstPaint']>) {
  const srcset = image.srcSet ? ` srcset="${attribute(image.srcSet)}" sizes="${attribute(image.sizes)}"` : '';
  return `<div id="root">
      <main style="max-width:72rem;margin:0 auto;padding:160px 16px 16px" aria-busy="true">
        <img src="${attribute(image.src)}"${srcset} alt="${attribute(shell.imageAlt)}" fetchpriority="high" data-first-paint style="display:block;width:100%;max-width:600px;aspect-ratio:4/3;object-fit:cover;border-radius:16px;background:#e4e4e7">
        <h1 style="font:700 1.5rem/1.25 system-ui,sans-serif;margin:20px 4px 8px;color:#18181b">${text(shell.title)}</h1>
        <p role="status" style="font:0.875rem system-ui,sans-serif;margin:0 4px;color:#52525b">Cargando…</p>
      </main>
    </div>`;
}

/**
 * The preview a shared link gets: a raffle's WhatsApp share is how most buyers arrive, and a bare
 * address with no photo or prize gets far fewer taps. Crawlers run no script, so it is in the HTML.
 */
function shareTags(share: SharePreview, origin: string) {
  const absolute = (p: string) => (/^https?:\/\//.test(p) ? p : `${origin}${p}`);
  const meta = (property: string, content: string) =>
    `<meta property="${property}" content="${attribute(content)}">`;
  const tags = [
    meta('og:type', 'website'),
    meta('og:site_name', 'Rifas'),
    meta('og:locale', 'es_VE'),
    meta('og:title', share.title),
    meta('og:description', share.description),
    meta('og:url', absolute(share.path)),
  ];
  if (share.image) {
    tags.push(meta('og:image', absolute(share.image.path)), meta('og:image:alt', share.image.alt));
  }
  tags.push(`<meta name="twitter:card" content="${share.image ? 'summary_large_image' : 'summary'}">`);
  return tags;
}

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/');
const isAssetPath = (url: string) => url.startsWith('/assets/');

/**
 * The built React app with SPA fallback; /api stays JSON-only. With `preCompressed`, the `.br`/`.gz`
 * files written beside each asset at build time are sent to browsers that accept them.
 */
export async function serveWebApp(
  app: FastifyInstance,
  options: {
    distDir: string;
    preCompressed: boolean;
    /** What a page needs first (see PagePreload), or null for a page with nothing to name. */
    preload?: (pathname: string) => Promise<PagePreload | null>;
    /** The site's address for link previews (PUBLIC_URL); null: the address the request came to. */
    publicUrl?: string | null;
  },
) {
  const { distDir, preCompressed } = options;
  const indexFile = path.join(distDir, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  const manifest = readManifest(distDir);
  const assetsOf = new Map<string, ReturnType<typeof pageAssets>>();
  function preloadTags(preload: PagePreload) {
    const tags: string[] = [];
    if (preload.page) {
      let assets = assetsOf.get(preload.page);
      if (!assets) {
        assets = pageAssets(manifest, preload.page);
        assetsOf.set(preload.page, assets);
      }
      for (const css of assets.styles) tags.push(`<link rel="stylesheet" href="/${attribute(css)}">`);
      for (const file of assets.scripts)
        tags.push(`<link rel="modulepreload" crossorigin href="/${attribute(file)}">`);
    }
    // Same URL, mode and credentials as the page's own fetch, so the browser reuses the answer.
    for (const url of preload.fetches ?? [])
      tags.push(`<link rel="preload" as="fetch" crossorigin="anonymous" href="${attribute(url)}">`);
    return tags;
  }
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed,
      dotfiles: 'ignore',
      // The compressed twins are served in place of their original, never under their own URL.
      globIgnore: ['**/*.br', '**/*.gz'],
      cacheControl: false,
      setHeaders: (reply, file) => {
        reply.header('cache-control', isHashedAsset(file, distDir) ? IMMUTABLE_CACHE : REVALIDATE_CACHE);
      },
    });
    // Every other GET is a page of the single-page app: its index.html. A route rather than the
    // not-found handler, so @fastify/compress (which hooks routes) compresses the page as well.
    // Not part of the API: hidden from the OpenAPI document (as @fastify/static hides its files).
    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      const url = request.url.split('?')[0] ?? '';
      // A missing hashed file (an old tab asking for a chunk of a previous build) is a real 404:
      // the HTML page in its place would fail as a script with a confusing MIME error.
      if (isApiPath(url) || isAssetPath(url)) return reply.callNotFound();
      const preload = await options.preload?.(url).catch((error: unknown) => {
        request.log.warn({ err: error }, 'page preload lookup failed');
        return null;
      });
      const tags = preload ? preloadTags(preload) : [];
      // Absolute addresses need an origin: PUBLIC_URL, else the request's (none without a Host).
      const origin = options.publicUrl ?? (request.host ? `${request.protocol}://${request.host}` : null);
      if (preload?.share && origin) tags.push(...shareTags(preload.share, origin));
      if (tags.length === 0 && !preload?.image) return reply.sendFile('index.html');
      // This page's own HTML (about 3 KB, compressed on the fly), still revalidated every time.
      // Replacements are functions: a `$&` or `$'` a seller typed in a raffle's name is text, not a
      // replacement pattern that pastes parts of the page.
      const head = `  ${tags.join('\n    ')}\n  </head>`;
      let html = (await fs.promises.readFile(indexFile, 'utf8')).replace('</head>', () => head);
      // The photo first, before the app's own script and styles: on a phone's few connections it is
      // the page's largest paint and must not queue behind a dozen code files.
      const image = preload?.image;
      if (image) html = html.replace('</title>', () => `</title>\n    ${preloadTag(image)}`);
      const shell = preload?.firstPaint;
      if (image && shell)
        html = html.replace(
          /<div id="root">[\s\S]*<\/div>(\s*<\/body>)/,
          (_whole, end: string) => `${firstPaintHtml(image, shell)}${end}`,
        );
      return reply.type('text/html; charset=utf-8').header('cache-control', REVALIDATE_CACHE).send(html);
    });
  }
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({
      error: {
        code: 'NOT_FOUND',
        message: `${messages.http.routeNotFound} (${request.method} ${request.url.split('?')[0]})`,
      },
    }),
  );
}
