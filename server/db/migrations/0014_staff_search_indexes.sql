-- Staff search on indexes (issue 20, target 4; decision 028). pg_trgm ships with PostgreSQL's
-- contrib and as a PGlite extension (loaded when PGlite opens: server/db/pglite-extensions.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- One trigram index over what the staff search looks in (name, phone, cedula, ticket number), so a
-- sale costs one index entry set, not four. The expression is the repository's `searchText`,
-- character for character: the planner only uses the index for that exact expression.
CREATE INDEX IF NOT EXISTS "tickets_search_trgm_idx" ON "tickets" USING gin (
  (coalesce(buyer_name, '') || ' ' || coalesce(buyer_phone, '') || ' ' || coalesce(buyer_cedula, '') || ' ' || ticket_number) gin_trgm_ops
);
