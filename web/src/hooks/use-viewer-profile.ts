import type { Profile } from '@domain/auth';
import { useSyncExternalStore } from 'react';
import { sessionManager } from '@/lib/session';

const subscribe = (onChange: () => void) => sessionManager.onAuthStateChange(() => onChange());
const getProfile = () => sessionManager.getProfile();

/**
 * Who is looking, read from the session (features do not import the auth feature): a vendedor's
 * history offers only their own raffles; only an admin is asked whether a seller paid a refund back.
 */
export function useViewerProfile(): Profile | null {
  return useSyncExternalStore(subscribe, getProfile, getProfile);
}
