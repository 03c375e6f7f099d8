// Entry of the PGlite worker thread. On Node 20 a worker does not inherit the parent's tsx hooks,
// and `execArgv: ['--import', 'tsx']` does not make a .ts entry load either: register tsx here.
import { register } from 'tsx/esm/api';

register();
await import('./pglite-worker.ts');
