-- The staff search's trigram index keeps new entries in a pending list and merges them into the
-- index when the list reaches gin_pending_list_limit (4 MB by default, ~4,000 sales). That merge
-- runs inside the statement that filled the list, a reservation: 124-236 ms on PGlite, on the one
-- connection every buyer waits for (issue 20, target 4; decision 049). At 256 kB a merge comes every
-- few hundred sales and takes at most ~30 ms.
ALTER INDEX IF EXISTS "tickets_search_trgm_idx" SET (gin_pending_list_limit = 256);
