import type { Session } from '@domain/auth';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerFromServer } from '@/test/server-answer';
import { serverNow } from './server-clock';
import { type AuthChangeEvent, createSessionManager, REFRESH_THRESHOLD_MS } from './session';
import { createMemoryStorage, STORAGE_KEY, type StorageLike } from './session-storage';

const profile = { id: 'u1', email: 'ana@rifas.test', full_name: 'Ana Pérez', role: 'admin' as const };
let tokenSeq = 0;

function makeSession(expiresInSeconds: number): Session {
  tokenSeq += 1;
  return {
    access_token: `access-${tokenSeq}`,
    refresh_token: `refresh-${tokenSeq}`,
    token_type: 'bearer',
    expires_in: expiresInSeconds,
    expires_at: Math.floor(Date.now() / 1000) + expiresInSeconds,
    user: { id: 'u1', email: 'ana@rifas.test' },
  };
}

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

type Route = (body: unknown, headers: Record<string, string>) => Response | Promise<Response>;

function setup(routes: Record<string, Route>, stored?: Session) {
  const storage: StorageLike = createMemoryStorage();
  if (stored) storage.setItem(STORAGE_KEY, JSON.stringify({ session: stored, profile }));
  const calls: { path: string; body: unknown; headers: Record<string, string> }[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input).replace('/api', '');
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    const headers = (init?.headers ?? {}) as Record<string, string>;
    calls.push({ path, body, headers });
    const route = routes[path];
    if (!route) throw new Error(`unexpected call ${path}`);
    return route(body, headers);
  });
  const manager = createSessionManager({ storage, fetch: fetchStub as typeof fetch });
  const events: AuthChangeEvent[] = [];
  manager.onAuthStateChange((event) => events.push(event));
  return { manager, storage, calls, events };
}

const refreshOk: Route = () => json(200, { session: makeSession(3600), profile });

describe('session manager', () => {
  // The manager loads its zod checks on first need; loaded once here, the fake-timer tests below
  // are about timing, not about how long a module takes to load.
  beforeAll(async () => {
    await import('./session-checks');
  });
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-21T12:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('emits INITIAL_SESSION with the stored session', async () => {
    const stored = makeSession(3600);
    const { manager, events } = setup({}, stored);
    await vi.advanceTimersByTimeAsync(0);
    expect(events).toEqual(['INITIAL_SESSION']);
    expect(manager.getSession()?.access_token).toBe(stored.access_token);
    expect(manager.getProfile()).toEqual(profile);
  });

  it('ticks every 30 s and refreshes only when 90 s or less remain', async () => {
    // 150 s left: the ticks at 0 s (150 left), 30 s (120 left) do nothing; the one at 60 s (90 left) refreshes.
    const { manager, calls, events, storage } = setup({ '/auth/refresh': refreshOk }, makeSession(150));
    await manager.initialize();
    manager.startAutoRefresh();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(29_000);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls.map((c) => c.path)).toEqual(['/auth/refresh']);
    expect(calls[0]?.body).toEqual({ refresh_token: expect.stringMatching(/^refresh-/) });
    expect(events).toContain('TOKEN_REFRESHED');
    const persisted = JSON.parse(storage.getItem(STORAGE_KEY) ?? '{}');
    expect(persisted.session.access_token).toBe(manager.getSession()?.access_token);
    // The new session has an hour left: later ticks leave it alone.
    await vi.advanceTimersByTimeAsync(10 * 30_000);
    expect(calls).toHaveLength(1);
    manager.stopAutoRefresh();
  });

  it('refreshes a stored session that is about to expire before INITIAL_SESSION', async () => {
    const stored = makeSession(REFRESH_THRESHOLD_MS / 1000 - 10);
    const { manager, calls, events } = setup({ '/auth/refresh': refreshOk }, stored);
    await manager.initialize();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((c) => c.path)).toEqual(['/auth/refresh']);
    expect(events).toEqual(['INITIAL_SESSION']);
    expect(manager.getSession()?.access_token).not.toBe(stored.access_token);
  });

  it('signs out locally when the refresh is refused with 401', async () => {
    const refused: Route = () => json(401, { error: { code: 'invalid_refresh_token', message: 'x' } });
    const { manager, storage, events } = setup({ '/auth/refresh': refused }, makeSession(200));
    await manager.initialize();
    manager.startAutoRefresh();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(manager.getSession()).toBeNull();
    expect(storage.getItem(STORAGE_KEY)).toBeNull();
    expect(events).toEqual(['INITIAL_SESSION', 'SIGNED_OUT']);
    manager.stopAutoRefresh();
  });

  it('keeps the session and retries on the next tick when the server is unavailable', async () => {
    let attempts = 0;
    const flaky: Route = () => (++attempts === 1 ? json(503, undefined) : refreshOk({}, {}));
    const { manager, calls, events } = setup({ '/auth/refresh': flaky }, makeSession(200));
    await manager.initialize();
    manager.startAutoRefresh();
    await vi.advanceTimersByTimeAsync(120_000); // 80 s left: first attempt fails
    expect(manager.getSession()).not.toBeNull();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls).toHaveLength(2);
    expect(events).toContain('TOKEN_REFRESHED');
    manager.stopAutoRefresh();
  });

  it('shares one refresh between concurrent callers', async () => {
    const { manager, calls } = setup({ '/auth/refresh': refreshOk }, makeSession(3600));
    await manager.initialize();
    const [a, b] = await Promise.all([manager.refreshSession(), manager.refreshSession()]);
    expect(calls).toHaveLength(1);
    expect(a?.access_token).toBe(b?.access_token);
  });

  it('clears stored auth keys and signs the previous session out globally before signing in', async () => {
    const stored = makeSession(3600);
    const signedIn = makeSession(3600);
    const { manager, storage, calls, events } = setup(
      {
        '/auth/sign-out': () => {
          throw new TypeError('offline'); // failures of this step are ignored
        },
        '/auth/sign-in': () => json(200, { session: signedIn, profile }),
      },
      stored,
    );
    storage.setItem('rifas.auth.legacy', 'x');
    await manager.initialize();
    const result = await manager.signIn({ email: 'ana@rifas.test', password: 'Secreta123' });
    expect(calls.map((c) => c.path)).toEqual(['/auth/sign-out', '/auth/sign-in']);
    expect(calls[0]?.body).toEqual({ scope: 'global' });
    expect(calls[0]?.headers.Authorization).toBe(`Bearer ${stored.access_token}`);
    expect(storage.getItem('rifas.auth.legacy')).toBeNull();
    expect(result.data?.session?.access_token).toBe(signedIn.access_token);
    expect(events).toEqual(['INITIAL_SESSION', 'SIGNED_OUT', 'SIGNED_IN']);
  });

  it('returns the server message when sign-in fails', async () => {
    const { manager, events } = setup({
      '/auth/sign-in': () =>
        json(400, { error: { code: 'invalid_credentials', message: 'Clave incorrecta' } }),
    });
    const result = await manager.signIn({ phone: '0414-1234567', password: 'x' });
    expect(result.error?.message).toBe('Clave incorrecta');
    expect(result.error?.code).toBe('invalid_credentials');
    expect(manager.getSession()).toBeNull();
    expect(events).not.toContain('SIGNED_IN');
  });

  it('signs out globally and forgets the session', async () => {
    const { manager, storage, calls, events } = setup(
      { '/auth/sign-out': () => new Response(null, { status: 204 }) },
      makeSession(3600),
    );
    await manager.initialize();
    expect((await manager.signOut()).error).toBeNull();
    expect(calls[0]?.body).toEqual({ scope: 'global' });
    expect(storage.getItem(STORAGE_KEY)).toBeNull();
    expect(events.at(-1)).toBe('SIGNED_OUT');
  });

  it('keeps the session when sign-out cannot reach the server', async () => {
    const { manager } = setup(
      {
        '/auth/sign-out': () => {
          throw new TypeError('offline');
        },
      },
      makeSession(3600),
    );
    await manager.initialize();
    const { error } = await manager.signOut();
    expect(error?.status).toBe(0);
    expect(manager.getSession()).not.toBeNull();
  });
  // Last: the clock's estimate is the module's own; the tests above run with the device's.
  it('counts a token’s expiry with the server’s clock: a device an hour ahead does not refresh a fresh token', async () => {
    answerFromServer(2 * 3600_000); // this device is 2 h ahead of the server
    // Issued by the server a moment ago for an hour: by the device's clock it expired an hour ago.
    const stored = { ...makeSession(3600), expires_at: Math.floor(serverNow() / 1000) + 3600 };
    const { manager, calls } = setup({ '/auth/refresh': refreshOk }, stored);
    expect(await manager.getAccessToken()).toBe(stored.access_token);
    expect(calls).toHaveLength(0);
  });
});
