import type { Profile, Session } from '@domain/auth';
import type { ApiError } from './api-error';
import type { StorageLike } from './session-storage';

export type AuthChangeEvent =
  | 'INITIAL_SESSION'
  | 'SIGNED_IN'
  | 'SIGNED_OUT'
  | 'TOKEN_REFRESHED'
  | 'USER_UPDATED'
  | 'PASSWORD_RECOVERY'
  | 'MFA_CHALLENGE_VERIFIED';
export type AuthListener = (event: AuthChangeEvent, session: Session | null) => void;
export type SignInCredentials = { email: string; password: string } | { phone: string; password: string };
export type SignInResult =
  | { data: { session: Session | null; profile: Profile | null }; error: null }
  | { data: null; error: ApiError };

export const AUTO_REFRESH_TICK_MS = 30_000;
/** Refresh starts when 3 ticks (90 s) or less remain before `expires_at`. */
export const REFRESH_THRESHOLD_MS = 3 * AUTO_REFRESH_TICK_MS;

export type SessionManagerDeps = {
  storage: StorageLike;
  fetch: typeof fetch;
  now?: () => number;
  baseUrl?: string;
  /** Serializes refreshes across tabs so two tabs never spend the same refresh token. */
  withLock?: <T>(fn: () => Promise<T>) => Promise<T>;
  /** Called when another tab changed the stored session. */
  subscribeToStorage?: (onChange: () => void) => () => void;
  /** Called when the tab becomes visible again (timers are throttled in background tabs). */
  subscribeToVisible?: (onVisible: () => void) => () => void;
};
