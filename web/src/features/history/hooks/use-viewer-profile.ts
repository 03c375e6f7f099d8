import type { Profile } from '@domain/auth';
import { useSyncExternalStore } from 'react';
import { sessionManager } from '@/lib/session';

const subscribe = (onChange: () => void) => sessionManager.onAuthStateChange(() => onChange());
const getProfile = () => sessionManager.getProfile();

/**
 * Who is looking (read from the session, as features do not import the auth feature): a vendedor's
 * raffle filter offers only their own raffles, the ones their history can show.
 */
export function useViewerProfile(): Profile | null {
  return useSyncExternalStore(subscribe, getProfile, getProfile);
}
