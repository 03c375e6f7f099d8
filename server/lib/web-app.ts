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

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/');
const isAssetPath = (url: string) => url.startsWith('/assets/');

/**
 * The built React app with SPA fallback; /api stays JSON-only. With `preCompressed`, the `.br`/`.gz`
 * files written beside each asset at build time are sent to browsers that accept them.
 */
export async function serveWebApp(
  app: FastifyInstance,
  options: { distDir: string; preCompressed: boolean },
) {
  const { distDir, preCompressed } = options;
  const hasWeb = fs.existsSync(path.join(distDir, 'index.html'));
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
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    // A missing hashed file (an old tab asking for a chunk of a previous build) is a real 404:
    // the HTML page in its place would fail as a script with a confusing MIME error.
    const isPage = !isApiPath(url) && !isAssetPath(url);
    if (isPage && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.sendFile('index.html');
    }
    return reply.status(404).send({
      error: {
        code: 'NOT_FOUND',
        message: `${messages.http.routeNotFound} (${request.method} ${url})`,
      },
    });
  });
}
