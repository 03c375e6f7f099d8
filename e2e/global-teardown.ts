import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Removes this run's temporary database folder (only ever one we created under the temp dir). */
export default function globalTeardown() {
  const dir = process.env.RIFAS_E2E_DATA_DIR;
  if (dir && path.dirname(dir) === os.tmpdir() && path.basename(dir).startsWith('rifas-e2e-')) {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
