/**
 * Every PostgreSQL advisory-lock key the app takes, in one registry (as pretix's KEY_SPACES): two
 * features that picked the same number would silently exclude each other. A new lock gets the next
 * number here.
 */
export const LOCK_KEYS = {
  /** Instances starting together run the migrations one at a time. */
  migrations: 727_001,
  /** One instance per sweep releases expired reservations. */
  reservationExpiry: 727_002,
  /** One instance pulls the day's exchange rates. */
  ratesRefresh: 727_003,
  /** One test-bench drill at a time. */
  drill: 727_004,
  /** One instance deletes orphan payment proofs. */
  orphanProofs: 727_005,
  /** One instance asks the time-stamping authority for the pending seals (issue 19). */
  drawSeal: 727_010,
  /** Audit-log appends, one at a time, so the hash chain never forks (a transaction lock). */
  auditAppend: 727_025,
} as const;
