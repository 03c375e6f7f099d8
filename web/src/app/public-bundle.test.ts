import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build, type Rollup } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The real production build, looked at the way a buyer's phone meets it: what the home page and a
// raffle page download before their first paint (the entry, the screen's chunk, their static
// imports), and nothing else.
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rifas-bundle-'));
let chunks: Rollup.OutputChunk[] = [];

beforeAll(async () => {
  // Vitest runs with NODE_ENV=test, which Vite would carry into the bundle (React's dev build).
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  const result = await build({
    configFile: path.join(repoRoot, 'web/vite.config.ts'),
    mode: 'production',
    logLevel: 'silent',
    build: { outDir, emptyOutDir: true },
  }).finally(() => {
    process.env.NODE_ENV = nodeEnv;
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  chunks = outputs.flatMap((o) => o.output).filter((o): o is Rollup.OutputChunk => o.type === 'chunk');
}, 180_000);
afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

/** The entry and the screen's chunk with everything they import statically. */
function firstLoad(screen: string) {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const entry = chunks.find((c) => c.isEntry);
  const page = chunks.find((c) => c.facadeModuleId?.endsWith(screen));
  if (!entry || !page) throw new Error(`no entry or no chunk for ${screen}`);
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const imported of byFile.get(file)?.imports ?? []) visit(imported);
  };
  visit(entry.fileName);
  visit(page.fileName);
  const modules = [...files].flatMap((f) => byFile.get(f)?.moduleIds ?? []);
  const brotliBytes = [...files].reduce((sum, f) => sum + fs.statSync(path.join(outDir, `${f}.br`)).size, 0);
  const chunkNames = [...files].map((f) => byFile.get(f)?.name);
  return { modules, brotliBytes, chunkNames };
}

// Staff screens and what only they, or a later step of the buyer's journey, need.
const NOT_ON_FIRST_LOAD = [
  /web\/src\/features\/(users|payments|buyers|history|tickets|test-bench|insight|rates|audit|auth\/pages)\//,
  /web\/src\/app\/layouts\/dashboard/,
  /web\/src\/app\/routes\/(raffles-dashboard|users)-route/,
  /web\/src\/features\/raffles\/(pages\/(create|edit|staff)|components\/(raffle-form|staff-|raffle-images-field|close-raffle|draw-raffle|winner-panel))/,
  /web\/src\/features\/raffle-detail\/(components\/(checkout-|order-|published-list|verify-|verdict-)|pages\/(order|verify)-page)/,
  /web\/src\/(components\/proof-upload|hooks\/use-proof-upload|lib\/upload-proof)/,
  /node_modules\/(@noble|zod|react-hook-form|@hookform|@floating-ui|qrcode\.react|recharts|d3-[a-z-]+)\//,
  /node_modules\/@radix-ui\/react-(tooltip|dialog|dropdown-menu|select)\//,
];

describe('what a buyer downloads first', () => {
  for (const [page, screen, budgetKiB] of [
    ['home', 'web/src/features/raffles/pages/home-page.tsx', 140],
    // 160 until what the tab keeps (lib/tab-storage.ts, a chunk it shares with the order and
    // tracking pages) took its last 0.4 KiB (159.7 -> 160.1). 155.6 (home 133.8) since the other
    // screens' icons and the reservation texts left the first load (2026-11-30, 160.9 before).
    ['raffle', 'web/src/features/raffle-detail/pages/raffle-detail-page.tsx', 161],
  ] as const) {
    it(`${page}: no staff code, no forms or validation library, under ${budgetKiB} KiB of brotli JS`, () => {
      const { modules, brotliBytes } = firstLoad(screen);
      expect(modules.length).toBeGreaterThan(0);
      for (const pattern of NOT_ON_FIRST_LOAD) {
        expect(modules.filter((m) => pattern.test(m))).toEqual([]);
      }
      expect(brotliBytes / 1024).toBeLessThan(budgetKiB);
    });

    it(`${page}: its icons come in the first load's icon chunk, not with every other screen's`, () => {
      const { modules, chunkNames } = firstLoad(screen);
      expect(
        modules.filter((m) => /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/.test(m)).length,
      ).toBeGreaterThan(5);
      // An icon missing from FIRST_LOAD_ICONS (web/vite.config.ts) brings the whole second chunk.
      expect(chunkNames).not.toContain('icons-more');
    });
  }

  it('injects a toast stylesheet the HTML validator can parse (sonnerValidCss in web/vite.config.ts)', () => {
    const code = chunks.map((c) => c.code).join('\n');
    expect(code).toContain('[data-sonner-toaster]');
    expect(code).not.toContain('--scale:var(--toasts-before)');
  });

  it('ships every text file with its .br and .gz twins', () => {
    const files = fs.readdirSync(outDir, { recursive: true, encoding: 'utf8' });
    const texts = files.filter((f) => /\.(js|css|html|svg)$/.test(f) && !f.startsWith('.vite'));
    expect(texts.length).toBeGreaterThan(10);
    for (const file of texts) {
      if (fs.statSync(path.join(outDir, file)).size < 1024) continue; // not worth compressing
      expect(fs.existsSync(path.join(outDir, `${file}.br`)), file).toBe(true);
      expect(fs.existsSync(path.join(outDir, `${file}.gz`)), file).toBe(true);
    }
  });
});
