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
