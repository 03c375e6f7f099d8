import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The import zones of decision 015 are Biome rules (biome.json). This lints one-import files
 * planted at the paths they would have in the repository, with the repository's own biome.json,
 * so a loosened pattern fails here instead of letting a layering break through silently. The
 * files live in a temporary copy of the layout, never in the working tree (a concurrent
 * `tsc` or `biome check` must not see them).
 */
const repoRoot = path.resolve(import.meta.dirname, '..');
const biome = path.join(repoRoot, 'node_modules/.bin/biome');

/** [file as it would sit in the repo, what it imports, refused?] */
const CASES: [string, string, boolean][] = [
  // A web feature never reaches another feature, however the path is written.
  ['web/src/features/admin/x.ts', '../raffle-detail/hooks/use-raffle-live', true],
  ['web/src/features/admin/components/x.tsx', '../../raffle-detail/hooks/use-raffle-live', true],
  ['web/src/features/admin/x.ts', '@/features/raffles/api/get-raffle', true],
  ['web/src/features/admin/components/x.tsx', '@/app/router', true],
  ['web/src/features/admin/x.ts', './texts', false],
  ['web/src/features/admin/components/x.tsx', '../texts', false],
  ['web/src/features/admin/components/x.tsx', '@/lib/api-client', false],
  ['web/src/features/admin/components/x.tsx', '@domain/raffles', false],
  ['web/src/app/x.tsx', '@/features/raffles/pages/home-page', false],
  // Shared web code never depends on a feature; the web never imports the server.
  ['web/src/components/x.tsx', '@/features/raffles/api/get-raffle', true],
  ['web/src/lib/x.ts', '../../../server/app', true],
  ['web/src/api/x.ts', '@/features/raffles/api/create-raffle', true],
  ['web/src/api/x.ts', '@/app/router', true],
  ['web/src/features/admin/api/x.ts', '@/api/raffles', false],
  // A server module reaches another module through its service, never its repo.
  ['server/modules/raffles/x.ts', '../../modules/tickets/tickets.repo', true],
  ['server/modules/raffles/x.ts', '../tickets/tickets.repo.js', true],
  ['server/modules/raffles/x.ts', '../tickets/tickets.repo', true],
  ['server/modules/raffles/x.ts', './raffles.repo', false],
  ['server/modules/raffles/x.ts', '../tickets/tickets.service', false],
  // Route files take their schemas from domain/ (decision 013).
  ['server/modules/raffles/raffles.routes.ts', 'zod', true],
  ['server/modules/raffles/raffles.routes.ts', '../../../domain/api', false],
  ['server/lib/x.ts', '../../web/src/lib/session', true],
  // domain/ imports nothing of ours.
  ['domain/x.ts', '../server/app', true],
  ['domain/x.ts', './zod', false],
];

let dir: string;
let refused: Set<string>;
/** One file per case: `raffles.routes.ts` becomes `raffles-16.routes.ts` (still a routes file). */
const fileOf = (i: number, file: string) => file.replace(/^(.*\/[^/.]+)(\..*)$/, `$1-${i}$2`);

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rifas-zones-'));
  const config = JSON.parse(fs.readFileSync(path.join(repoRoot, 'biome.json'), 'utf8'));
  delete config.$schema;
  fs.writeFileSync(path.join(dir, 'biome.json'), JSON.stringify(config));
  CASES.forEach(([file, specifier], i) => {
    const target = path.join(dir, fileOf(i, file));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, `import { a } from '${specifier}';\n\nexport const b = a;\n`);
  });
  const run = spawnSync(biome, ['lint', '--reporter=json', '--max-diagnostics=none', '.'], {
    cwd: dir,
    encoding: 'utf8',
  });
  const json = run.stdout.slice(run.stdout.indexOf('{"summary"'));
  const report = JSON.parse(json) as {
    diagnostics: { category: string; location: { path: string } }[];
  };
  refused = new Set(
    report.diagnostics
      .filter((d) => d.category === 'lint/style/noRestrictedImports')
      .map((d) => d.location.path),
  );
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('import zones (biome.json)', () => {
  it.each(CASES.map(([file, specifier, refuse], i) => [file, specifier, refuse, i] as const))(
    '%s importing %s: refused %s',
    (file, _specifier, refuse, i) => {
      expect(refused.has(fileOf(i, file))).toBe(refuse);
    },
  );
});
