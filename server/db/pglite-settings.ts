/**
 * PostgreSQL's shared buffers inside PGlite's WASM memory (PGLITE_SHARED_BUFFERS). PGlite's own
 * default, 128 MB, is zeroed at start, so an idle server carried all of it (decision 032). Pages
 * outside the pool come from the operating system's cache: a copy per page, not a disk read
 * (reservations measured the same with 16 and 128 MB).
 */
export const DEFAULT_PGLITE_SHARED_BUFFERS = '16MB';

/**
 * PostgreSQL settings PGlite starts with, beside the shared buffers. `wal_init_zero=off`: PGlite
 * has no checkpointer to recycle WAL segments, so every 16 MB of WAL a new segment is created, and
 * PostgreSQL zero-fills it in the statement that needs it: 17-24 ms on disk, 30-60 ms in memory,
 * inside a reservation (a probe of 12,000 sales with the trigram index: decision 049). Off, only
 * its last byte is written; WAL records carry their own checksums, so nothing relies on the zeros.
 */
export const PGLITE_START_SETTINGS = ['-c', 'wal_init_zero=off'];
