// The PostgreSQL extensions our migrations create, which PGlite must load when it opens (it has no
// contrib directory to find them in): every PGlite the app, the tests or the bench create uses this.
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** pg_trgm: trigram indexes for the staff search (migration 0014, decision 028). */
export const pgliteExtensions = { pg_trgm };
