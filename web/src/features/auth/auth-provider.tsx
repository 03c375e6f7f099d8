import { isStaffRole } from '@domain/roles';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { isApiError } from '@/lib/api-error';
import { AuthContext, type AuthContextValue, type AuthStatus } from '@/lib/auth-context';
import { type SessionManager, sessionManager } from '@/lib/session';
import { getMe } from './api/get-me';

type Snapshot = Pick<AuthContextValue, 'session' | 'profile'> & { ready: boolean; verifying: boolean };

/**
 * Auth state for React: loading until the stored session is read (and, without a cached profile,
 * until GET /api/auth/me answers); authenticated only with both a session and a profile.
 */
export function AuthProvider({
  children,
  manager = sessionManager,
}: {
  children: ReactNode;
  manager?: SessionManager;
}) {
  const queryClient = useQueryClient();
  const [snapshot, setSnapshot] = useState<Snapshot>({
    ready: false,
    verifying: false,
    session: null,
    profile: null,
  });

  useEffect(() => {
    const sync = (verifying = false) =>
      setSnapshot({ ready: true, verifying, session: manager.getSession(), profile: manager.getProfile() });

    // The stored profile may be stale (role changed, user disabled): ask the server once per load.
    async function verify() {
      sync(true);
      try {
        const me = await getMe();
        manager.updateProfile(me.profile);
      } catch (error) {
        if (isApiError(error) && (error.status === 401 || error.status === 403)) manager.clearLocal();
      }
      sync(false);
    }

    const unsubscribe = manager.onAuthStateChange((event, session) => {
      if (event === 'INITIAL_SESSION' && session) {
        void verify();
        return;
      }
      if (event === 'SIGNED_OUT') queryClient.clear(); // nothing of the previous user stays cached
      sync();
    });
    manager.startAutoRefresh();
    return () => {
      unsubscribe();
      manager.stopAutoRefresh();
    };
  }, [manager, queryClient]);

  const value = useMemo<AuthContextValue>(() => {
    const { ready, verifying, session, profile } = snapshot;
    let status: AuthStatus = 'unauthenticated';
    if (!ready || (session && !profile && verifying)) status = 'loading';
    else if (session && profile) status = 'authenticated';
    const role = status === 'authenticated' ? profile?.role : null;
    return {
      status,
      session: status === 'authenticated' ? session : null,
      profile: status === 'authenticated' ? profile : null,
      isAdmin: role === 'admin',
      isStaff: isStaffRole(role),
      signIn: (credentials) => manager.signIn(credentials),
      signOut: () => manager.signOut(),
    };
  }, [snapshot, manager]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
