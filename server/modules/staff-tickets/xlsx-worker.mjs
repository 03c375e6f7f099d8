// Entry of the XLSX export's worker thread (tickets-xlsx.ts). On Node 20 a worker does not inherit
// the parent's tsx hooks: register tsx here. `npm start` runs the bundled xlsx-worker.mjs instead.
import { register } from 'tsx/esm/api';

register();
await import('./xlsx-worker.ts');
