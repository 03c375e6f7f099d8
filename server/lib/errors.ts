/** Domain errors carry an HTTP status and a stable code; the error handler turns them into JSON. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    /** Sent as Retry-After: when trying again makes sense. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends AppError {
  constructor(message: string, code = 'BAD_REQUEST', extra?: Record<string, unknown>) {
    super(400, code, message, extra);
  }
}
export class UnauthorizedError extends AppError {
  constructor(message: string, code = 'UNAUTHORIZED') {
    super(401, code, message);
  }
}
export class ForbiddenError extends AppError {
  constructor(message: string, code = 'FORBIDDEN') {
    super(403, code, message);
  }
}
export class NotFoundError extends AppError {
  constructor(message: string, code = 'NOT_FOUND') {
    super(404, code, message);
  }
}
export class ConflictError extends AppError {
  constructor(message: string, code = 'CONFLICT', extra?: Record<string, unknown>) {
    super(409, code, message, extra);
  }
}
export class TooManyRequestsError extends AppError {
  constructor(message: string, code = 'RATE_LIMITED', retryAfterSeconds?: number) {
    super(429, code, message, {}, retryAfterSeconds);
  }
}

export class UnprocessableError extends AppError {
  constructor(message: string, code = 'UNPROCESSABLE', extra?: Record<string, unknown>) {
    super(422, code, message, extra);
  }
}

/** The PostgreSQL error codes the app handles. */
export const SQLSTATE = {
  uniqueViolation: '23505',
  deadlock: '40P01',
  /** Raised by the sold_list_frozen trigger (migration 0012): the raffle's sold list is frozen. */
  soldListFrozen: 'RF409',
  /** Raised by the pre_draw_list_kept trigger (migration 0038): the sale is on a sealed pre-sorteo list not drawn yet. */
  preDrawListKept: 'RF410',
  /**
   * Raised by the pre_draw_list_sealing trigger (migration 0040): a pre-sorteo's date passed and its list
   * is not sealed yet, so a sale paid in full keeps its place until the seal.
   */
  preDrawSealing: 'RF411',
} as const;

type DriverError = { code?: string; constraint?: string; cause?: unknown };

/** The driver's error behind `error` with this SQLSTATE, from pg or PGlite (possibly wrapped by drizzle). */
function withSqlState(error: unknown, code: string): DriverError | null {
  for (let e = error as DriverError | undefined; e; e = e.cause as DriverError | undefined) {
    if (e.code === code) return e;
  }
  return null;
}

export const hasSqlState = (error: unknown, code: string) => withSqlState(error, code) !== null;

/** PostgreSQL unique_violation: the constraint it broke ('' when unnamed), or null. */
export function uniqueViolation(error: unknown): string | null {
  const e = withSqlState(error, SQLSTATE.uniqueViolation);
  return e ? (e.constraint ?? '') : null;
}

/**
 * Whether `error` (or what it wraps) says the database cannot be reached right now, rather than
 * that a statement was wrong: a refused or cut connection, a pool that could not connect in time,
 * a server shutting down or starting (SQLSTATE 57P0x), a connection exception (class 08).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error as (DriverError & { message?: string }) | undefined; e; e = e.cause as typeof e) {
    const code = e.code ?? '';
    if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND'].includes(code))
      return true;
    if (/^(57P0[1-3]|08\d{3}|53300)$/.test(code)) return true;
    if (
      /Connection terminated|timeout exceeded when trying to connect|connection is closed|Client has encountered a connection error|Client was closed and is not queryable/i.test(
        e.message ?? '',
      )
    )
      return true;
  }
  return false;
}

export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The database cannot be reached: a 503 the client may retry after a few seconds. */
export class DatabaseUnavailableError extends AppError {
  constructor(message: string) {
    super(503, 'DATABASE_UNAVAILABLE', message, {}, DATABASE_RETRY_AFTER_SECONDS);
  }
}

/** The disk is full: nothing can be written now; a 503 to retry in a while. */
export class StorageFullError extends AppError {
  constructor(message: string) {
    super(503, 'STORAGE_FULL', message, {}, 30);
  }
}

/** Too little free disk to take a file now (uploads stop before the database runs out of room). */
export class InsufficientStorageError extends AppError {
  constructor(message: string) {
    super(507, 'INSUFFICIENT_STORAGE', message, {}, 600);
  }
}
