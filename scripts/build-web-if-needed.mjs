// `npm start` builds the web app only when dist/web is missing or older than its sources.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const index = path.join(root, 'dist/web/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const sourcesChanged = () =>
  Math.max(newestMtime(path.join(root, 'web')), newestMtime(path.join(root, 'domain'))) >
  fs.statSync(index).mtimeMs;

if (!fs.existsSync(index) || sourcesChanged()) {
  console.log('Building the web app (vite build)…');
  execSync('npx vite build --config web/vite.config.ts --logLevel warn', { cwd: root, stdio: 'inherit' });
}
