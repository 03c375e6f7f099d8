import { texts } from '@/config/texts';

/** Statuses worth retrying: the server or a proxy in front of it is briefly unavailable. */
export const RETRYABLE_STATUSES = new Set([502, 503, 504]);

/**
 * An API failure with the server's Spanish message. `status` is 0 when the request never got an
 * answer (offline, DNS, CORS). Extra fields of the error body (`reasons`, `numbers`, `fields`…)
 * are kept in `details`.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: Record<string, unknown>;

  constructor(status: number, code: string, message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }

  /** Network failures and 502/503/504 may succeed on a second try. */
  get retryable(): boolean {
    return this.status === 0 || RETRYABLE_STATUSES.has(this.status);
  }

  /** Weak-password reasons (422 `weak_password`). */
  get reasons(): string[] {
    const value = this.details.reasons;
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  }

  /** Unavailable ticket numbers (409 `TICKETS_UNAVAILABLE`). */
  get numbers(): number[] {
    const value = this.details.numbers;
    return Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : [];
  }

  /** Field-level validation problems (`VALIDATION_ERROR`). */
  get fields(): { path: string; message: string }[] {
    const value = this.details.fields;
    if (!Array.isArray(value)) return [];
    return value.filter(
      (v): v is { path: string; message: string } =>
        typeof v === 'object' && v !== null && typeof v.path === 'string' && typeof v.message === 'string',
    );
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

export const networkError = (cause?: unknown): ApiError =>
  new ApiError(0, 'NETWORK_ERROR', texts.network.offline, cause ? { cause: String(cause) } : {});

/** Turns a non-2xx response into an ApiError, reading `{"error":{"code","message",...}}` when present. */
export async function apiErrorFromResponse(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy error page, an empty body): fall back to a message by status.
  }
  const error = (body as { error?: unknown } | null)?.error;
  if (error && typeof error === 'object') {
    const { code, message, ...details } = error as Record<string, unknown>;
    if (typeof message === 'string') {
      return new ApiError(response.status, typeof code === 'string' ? code : 'UNKNOWN', message, details);
    }
  }
  const fallback = RETRYABLE_STATUSES.has(response.status)
    ? texts.network.unavailable
    : texts.network.unexpectedResponse;
  return new ApiError(
    response.status,
    RETRYABLE_STATUSES.has(response.status) ? 'UNAVAILABLE' : 'UNKNOWN',
    fallback,
  );
}
