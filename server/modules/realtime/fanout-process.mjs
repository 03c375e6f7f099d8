// Entry of the live streams' fan-out process in source mode (tests, the bench): a forked child does
// not inherit the parent's tsx hooks, so register tsx here. `npm start` runs the bundled entry.
import { register } from 'tsx/esm/api';

register();
await import('./fanout-process.ts');
