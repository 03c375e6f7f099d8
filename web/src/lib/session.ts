import type { Profile, Session } from '@domain/auth';
import { type ApiError, apiErrorFromResponse, networkError } from './api-error';
import { serverNow } from './server-clock';
import { browserSessionDeps } from './session-browser';
import { clearStoredAuth, hasStoredAuth, type StoredAuth, writeStoredAuth } from './session-storage';
import {
  AUTO_REFRESH_TICK_MS,
  type AuthChangeEvent,
  type AuthListener,
  REFRESH_THRESHOLD_MS,
  type SessionManagerDeps,
  type SignInCredentials,
  type SignInResult,
} from './session-types';

export * from './session-types';

export type SessionManager = ReturnType<typeof createSessionManager>;

/** zod-based checks, loaded on the first session to check (none for a visitor never signed in). */
const loadChecks = () => import('./session-checks');

/** Session manager (no React): persistence, sign-in/out, auto-refresh and auth events. */
export function createSessionManager(deps: SessionManagerDeps) {
  const { storage } = deps;
  // Token expiry is the server's time: a device clock an hour ahead would see every token expired
  // and refresh on every request; one behind would send expired tokens (decision 064).
  const now = deps.now ?? serverNow;
  const baseUrl = deps.baseUrl ?? '/api';
  const withLock = deps.withLock ?? (<T>(fn: () => Promise<T>) => fn());
  const listeners = new Set<AuthListener>();
  let current: StoredAuth | null = null;
  let initPromise: Promise<void> | null = null;
  let refreshInFlight: Promise<Session | null> | null = null;
  let ticker: ReturnType<typeof setInterval> | null = null;
  let stopVisible: (() => void) | undefined;

  const emit = (event: AuthChangeEvent, session: Session | null) => {
    for (const listener of [...listeners]) listener(event, session);
  };
  const expiresInMs = (session: Session) => session.expires_at * 1000 - now();
  const setCurrent = (next: StoredAuth | null) => {
    current = next;
    if (next) writeStoredAuth(storage, next);
    else clearStoredAuth(storage);
  };

  async function post(path: string, body: unknown, accessToken?: string): Promise<Response> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
    try {
      return await deps.fetch(`${baseUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    } catch (cause) {
      throw networkError(cause);
    }
  }

  function adoptFromOtherTab() {
    if (!hasStoredAuth(storage)) {
      adoptStored(null);
      return;
    }
    // Read once the checks are loaded, so the value adopted is the latest one, not the event's.
    void loadChecks().then(({ readStoredAuth }) => adoptStored(readStoredAuth(storage)));
  }

  function adoptStored(stored: StoredAuth | null) {
    if (!stored) {
      if (!current) return;
      current = null;
      emit('SIGNED_OUT', null);
    } else if (stored.session.access_token !== current?.session.access_token) {
      const event = current ? 'TOKEN_REFRESHED' : 'SIGNED_IN';
      current = stored;
      emit(event, stored.session);
    }
  }

  async function refresh(emitEvents: boolean): Promise<Session | null> {
    if (!current) return null;
    const { readStoredAuth, parseSignInResponse } = await loadChecks();
    return withLock(async () => {
      // Another tab may have refreshed while this one waited for the lock: its session is newer.
      const before = current;
      const stored = readStoredAuth(storage);
      const latest =
        stored && stored.session.refresh_token !== current?.session.refresh_token ? stored : current;
      if (!latest) return null;
      if (latest !== current && expiresInMs(latest.session) > REFRESH_THRESHOLD_MS) {
        current = latest;
        if (emitEvents) emit('TOKEN_REFRESHED', latest.session);
        return latest.session;
      }
      const used = latest.session.refresh_token;
      let response: Response;
      try {
        response = await post('/auth/refresh', { refresh_token: used });
      } catch {
        return null; // Offline: keep the session and try again on the next tick.
      }
      // Signed in or out meanwhile: that newer state wins.
      if (current !== before) return current?.session ?? null;
      if (response.ok) {
        const parsed = parseSignInResponse(await response.json().catch(() => null));
        if (!parsed) return null;
        setCurrent(parsed);
        if (emitEvents) emit('TOKEN_REFRESHED', parsed.session);
        return parsed.session;
      }
      if (response.status === 401 || response.status === 403) {
        setCurrent(null);
        if (emitEvents) emit('SIGNED_OUT', null);
      }
      return null;
    });
  }

  function runRefresh(emitEvents: boolean): Promise<Session | null> {
    refreshInFlight ??= refresh(emitEvents).finally(() => {
      refreshInFlight = null;
    });
    return refreshInFlight;
  }

  function initialize(): Promise<void> {
    initPromise ??= (async () => {
      current = hasStoredAuth(storage) ? (await loadChecks()).readStoredAuth(storage) : null;
      deps.subscribeToStorage?.(adoptFromOtherTab);
      // A stored session close to expiry is refreshed before anyone sees it.
      if (current && expiresInMs(current.session) <= REFRESH_THRESHOLD_MS) await runRefresh(false);
    })();
    return initPromise;
  }

  async function tick() {
    const session = current?.session;
    if (session && expiresInMs(session) <= REFRESH_THRESHOLD_MS) await runRefresh(true);
  }

  /** The access token to send, refreshed first when it is about to expire. */
  async function getAccessToken(): Promise<string | null> {
    await initialize();
    const session = current?.session;
    if (!session) return null;
    if (expiresInMs(session) > REFRESH_THRESHOLD_MS) return session.access_token;
    return (await runRefresh(true))?.access_token ?? current?.session.access_token ?? null;
  }

  function clearLocal() {
    setCurrent(null);
    emit('SIGNED_OUT', null);
  }

  return {
    initialize,
    getSession: () => current?.session ?? null,
    getProfile: () => current?.profile ?? null,

    /** Subscribers first get INITIAL_SESSION (once the stored session is read), then every change. */
    onAuthStateChange(listener: AuthListener): () => void {
      let active = true;
      listeners.add(listener);
      void initialize().then(() => {
        if (active) listener('INITIAL_SESSION', current?.session ?? null);
      });
      return () => {
        active = false;
        listeners.delete(listener);
      };
    },

    /**
     * Refreshes now. With `ifAccessToken`, skips the call when the session already moved on from
     * that token (another request refreshed it first). Resolves to null when it could not refresh.
     */
    refreshSession(options: { ifAccessToken?: string } = {}): Promise<Session | null> {
      if (options.ifAccessToken && current && current.session.access_token !== options.ifAccessToken) {
        return Promise.resolve(current.session);
      }
      return runRefresh(true);
    },

    getAccessToken,

    async signIn(credentials: SignInCredentials): Promise<SignInResult> {
      await initialize();
      // Leave nothing of an earlier session behind: forget it here, then end it everywhere.
      const previous = current?.session ?? null;
      clearStoredAuth(storage);
      if (previous) {
        current = null;
        emit('SIGNED_OUT', null);
        await post('/auth/sign-out', { scope: 'global' }, previous.access_token).catch(() => null);
      }
      let response: Response;
      try {
        response = await post('/auth/sign-in', credentials);
      } catch (error) {
        return { data: null, error: error as ApiError };
      }
      if (!response.ok) return { data: null, error: await apiErrorFromResponse(response) };
      const { parseSignInResponse } = await loadChecks();
      const parsed = parseSignInResponse(await response.json().catch(() => null));
      if (!parsed) return { data: { session: null, profile: null }, error: null };
      setCurrent(parsed);
      emit('SIGNED_IN', parsed.session);
      return { data: parsed, error: null };
    },

    /** Global sign-out. A session the server no longer knows counts as signed out. */
    async signOut(): Promise<{ error: ApiError | null }> {
      await initialize();
      if (current) {
        let error: ApiError | null = null;
        try {
          const token = (await getAccessToken()) ?? '';
          const response = await post('/auth/sign-out', { scope: 'global' }, token);
          if (!response.ok) error = await apiErrorFromResponse(response);
        } catch (caught) {
          error = caught as ApiError;
        }
        if (error && ![401, 403, 404].includes(error.status)) return { error };
      }
      clearLocal();
      return { error: null };
    },

    /** Forgets the session in this browser only (e.g. the server rejected it). */
    clearLocal,

    /** Stores a fresher profile (from GET /api/auth/me) and tells listeners when it changed. */
    updateProfile(profile: Profile) {
      if (!current || JSON.stringify(current.profile) === JSON.stringify(profile)) return;
      setCurrent({ ...current, profile });
      emit('USER_UPDATED', current.session);
    },

    startAutoRefresh() {
      if (ticker) return;
      ticker = setInterval(() => void tick(), AUTO_REFRESH_TICK_MS);
      stopVisible = deps.subscribeToVisible?.(() => void tick());
      void tick();
    },

    stopAutoRefresh() {
      if (ticker) clearInterval(ticker);
      ticker = null;
      stopVisible?.();
    },
  };
}

export const sessionManager = createSessionManager(browserSessionDeps());
