import { texts } from '@/config/texts';
import { ApiError, apiErrorFromResponse, networkError } from './api-error';
import { noteServerAnswer } from './server-clock';
import { type SessionManager, sessionManager } from './session';

type Query = Record<string, string | number | boolean | null | undefined | string[]>;
export type RequestOptions = {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** Send the bearer token (default true; public endpoints ignore it). */
  auth?: boolean;
  /** Read the body as a Blob (private files an <img> cannot fetch with the token) instead of JSON. */
  responseType?: 'json' | 'blob';
};

function buildUrl(path: string, query?: Query): string {
  const url = `/api${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

/** Fetch wrapper for `/api`: bearer token, JSON in and out, errors as ApiError, one refresh on 401. */
export function createApiClient(session: SessionManager, fetchImpl: typeof fetch = (...a) => fetch(...a)) {
  async function send(method: string, url: string, options: RequestOptions, token: string | null) {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
    let body: BodyInit | undefined;
    if (isForm) body = options.body as FormData;
    else if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    try {
      const sentAt = Date.now();
      const response = await fetchImpl(url, { method, headers, body, signal: options.signal });
      // Errors too: a 409 RAFFLE_CLOSED tells the time as well as a 200.
      noteServerAnswer(response.headers, sentAt, Date.now());
      return response;
    } catch (cause) {
      if (options.signal?.aborted) throw cause;
      throw networkError(cause);
    }
  }

  async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const url = buildUrl(path, options.query);
    const useAuth = options.auth !== false;
    const token = useAuth ? await session.getAccessToken() : null;
    let response = await send(method, url, options, token);
    if (response.status === 401 && token) {
      // The token expired or was revoked: refresh once and try again with the new one.
      const refreshed = await session.refreshSession({ ifAccessToken: token });
      if (refreshed) response = await send(method, url, options, refreshed.access_token);
    }
    if (!response.ok) throw await apiErrorFromResponse(response);
    if (response.status === 204) return undefined as T;
    if (options.responseType === 'blob') return (await response.blob()) as T;
    const text = await response.text();
    if (!text) return undefined as T;
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new ApiError(response.status, 'INVALID_RESPONSE', texts.network.unexpectedResponse);
    }
  }

  return {
    request,
    get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
    getBlob: (path: string, options?: Omit<RequestOptions, 'body' | 'responseType'>) =>
      request<Blob>('GET', path, { ...options, responseType: 'blob' }),
    post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>('POST', path, { ...options, body }),
    patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>('PATCH', path, { ...options, body }),
    put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>('PUT', path, { ...options, body }),
    delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
  };
}

export const api = createApiClient(sessionManager);
