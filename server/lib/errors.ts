/** Domain errors carry an HTTP status and a stable code; the error handler turns them into JSON. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
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
  constructor(message: string, code = 'RATE_LIMITED') {
    super(429, code, message);
  }
}

export class UnprocessableError extends AppError {
  constructor(message: string, code = 'UNPROCESSABLE', extra?: Record<string, unknown>) {
    super(422, code, message, extra);
  }
}

/** PostgreSQL unique_violation, from pg or PGlite (possibly wrapped by drizzle). */
export function uniqueViolation(error: unknown): string | null {
  for (
    let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as never
  ) {
    if (e.code === '23505') return e.constraint ?? '';
  }
  return null;
}
