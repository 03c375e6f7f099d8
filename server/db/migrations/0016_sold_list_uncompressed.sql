-- A published list is hex digests: PostgreSQL's pglz tries to compress its megabytes on every store,
-- fails (7.1 MB stay 7.1 MB) and costs ~200 ms of a close at 100,000 sold (issue 20, target 3).
-- EXTERNAL keeps it out of line without trying; downloads are served from a copy compressed once.
ALTER TABLE "raffles" ALTER COLUMN "draw_sold_list" SET STORAGE EXTERNAL;
