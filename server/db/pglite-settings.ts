/**
 * PostgreSQL's shared buffers inside PGlite's WASM memory (PGLITE_SHARED_BUFFERS). PGlite's own
 * default, 128 MB, is zeroed at start, so an idle server carried all of it (decision 032). Pages
 * outside the pool come from the operating system's cache: a copy per page, not a disk read
 * (reservations measured the same with 16 and 128 MB).
 */
export const DEFAULT_PGLITE_SHARED_BUFFERS = '16MB';
