// Vitest setupFiles (node project): a query sent on a pg connection while another is still running
// or queued on it fails the test. Two statements at once on one connection happen inside a
// transaction (its one client: a `Promise.all` over `tx`): pg runs them one after another anyway,
// deprecates it (removed in pg 9), and an error in one leaves the others' fate unclear. Stricter
// than pg's own warning (client.js `queryQueueLengthDeprecationNotice`), which waits for a third.
import pg from 'pg';

type ClientState = { _activeQuery?: unknown; _queryQueue?: unknown[]; pipeline?: boolean };

const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function guardedQuery(this: ClientState, ...args: unknown[]) {
  if (!Array.isArray(this._queryQueue) || !('_activeQuery' in this))
    throw new Error('pg changed: update server/test/one-query-at-a-time.ts');
  if (!this.pipeline && (this._activeQuery || this._queryQueue.length > 0))
    throw new Error(
      'Two queries at once on one PostgreSQL connection (a Promise.all inside a transaction?): run them one after another',
    );
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;
