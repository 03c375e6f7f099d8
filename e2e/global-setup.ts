import os from 'node:os';
import { sweepStaleFolders } from '../server/test/stale-leftovers';

/** Removes the data folders of earlier runs killed before their teardown (older than 6 hours). */
export default function globalSetup() {
  sweepStaleFolders(os.tmpdir(), 'rifas-e2e-');
}
