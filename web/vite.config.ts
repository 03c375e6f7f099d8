import path from 'node:path';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

/**
 * sonner (the toasts) writes its stylesheet into a <style> element of every page. One rule keeps a
 * bare expression in a custom property (`--scale: var(--toasts-before) * 0.05 + 1`, later pasted
 * into `calc(-1 * var(--scale))`): CSS allows it, but the HTML validator's CSS parser refuses it, so
 * no page of ours validated. This writes the same scale as one calc(): -1 * n * 0.05 + 1 = 1 - n * 0.05.
 */
const INVALID =
  '--scale:var(--toasts-before) * 0.05 + 1;--y:translateY(calc(var(--lift-amount) * var(--toasts-before))) scale(calc(-1 * var(--scale)))';
const VALID =
  '--y:translateY(calc(var(--lift-amount) * var(--toasts-before))) scale(calc(1 - var(--toasts-before) * 0.05))';

function sonnerValidCss(): Plugin {
  return {
    name: 'rifas:sonner-valid-css',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]sonner[\\/]dist[\\/]/.test(id)) return null;
      if (code.includes(INVALID)) return { code: code.replace(INVALID, VALID), map: null };
      // A new sonner that still has the bare expression, written some other way: look again.
      if (code.includes('--scale:var(--toasts-before)')) {
        throw new Error('sonner changed its --scale rule: update sonnerValidCss in web/vite.config.ts');
      }
      return null;
    },
  };
}

/**
 * The icons the home and raffle pages show on their first load (with the app's frame): one chunk
 * they fetch. Every other icon (staff screens, the checkout, the order and tracking pages) travels in
 * a second chunk that only those screens fetch; it held 105 icons, ~5 KiB of brotli a buyer's phone
 * paid for before its first paint. An icon a public first load starts using goes here, or its page
 * fetches that second chunk too (public-bundle.test.ts fails); one it stops using leaves.
 */
const FIRST_LOAD_ICONS = new Set(
  `
  arrow-down arrow-left calendar-clock calendar-range check chevron-left chevron-right credit-card
  dices gift grid-3x3 hourglass info landmark list-checks loader-circle lock log-in message-circle
  message-square-text minus plus search search-x shield-check ticket timer
  triangle-exclamation-point trophy user-check user-round x
`
    .trim()
    .split(/\s+/),
);
const LUCIDE = /node_modules[\\/]lucide-react[\\/]/;
const otherIcon = (id: string) => {
  const icon = /[\\/]icons[\\/]([a-z0-9-]+)\.mjs$/.exec(id)?.[1];
  return icon !== undefined && !FIRST_LOAD_ICONS.has(icon);
};

const webRoot = import.meta.dirname;
const repoRoot = path.resolve(webRoot, '..');

export default defineConfig({
  root: webRoot,
  plugins: [
    react(),
    tailwindcss(),
    sonnerValidCss(),
    // .br and .gz beside each text asset, written once at build at the highest levels: the server
    // (@fastify/static preCompressed) sends them as they are, spending no CPU per request.
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      logLevel: 'silent',
    }),
  ],
  resolve: {
    alias: {
      '@domain': path.join(repoRoot, 'domain'),
      '@': path.join(webRoot, 'src'),
    },
  },
  build: {
    outDir: path.join(repoRoot, 'dist/web'),
    emptyOutDir: true,
    // .vite/manifest.json: which chunks a page needs, so the server can name them in its HTML.
    manifest: true,
    rolldownOptions: {
      output: {
        // A public page used to fetch ~30 tiny chunks (one per icon, per UI piece): on a phone each
        // costs a round trip. Icons and the basic UI pieces travel as one chunk each instead.
        codeSplitting: {
          groups: [
            // Lucide's own code and the first load's icons first; then any other icon.
            { name: 'icons', priority: 1, test: (id) => LUCIDE.test(id) && !otherIcon(id) },
            { name: 'icons-more', test: LUCIDE },
            {
              name: 'ui',
              test: /web[\\/]src[\\/]components[\\/](ui[\\/](button|card|badge|input|skeleton|empty-state|label|field|spinner)|query-state)\.tsx$/,
            },
            // Small zod-free helpers the public pages share (zod itself stays off their first load).
            {
              name: 'public-shared',
              test: /(domain[\\/](tickets|raffle-figures|package-pricing|money|dates|messages|draw-messages|images|privacy|seller-codes)\.ts|web[\\/]src[\\/]lib[\\/](whatsapp|photo-sources)\.ts)$/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: true },
    },
  },
});
