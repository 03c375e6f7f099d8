import type { Role } from '@domain/roles';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { toast } from 'sonner';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/use-auth';

// App-level texts of this guard (candidates for config/texts.ts).
const guardTexts = {
  adminOnly: 'Esa pantalla es solo para administradores.',
  notAllowed: 'No tienes permiso para abrir esa pantalla.',
};

/** Home, and a toast saying why: a followed link should not just seem to do nothing. */
function WrongRole({ message }: { message: string }) {
  useEffect(() => {
    // A fixed id keeps it to one toast even if the effect runs twice (StrictMode, a quick re-render).
    toast.error(message, { id: 'wrong-role' });
  }, [message]);
  return <Navigate to={paths.home.getHref()} replace />;
}

/**
 * SPEC 2: spinner while auth loads; signed out -> /login remembering where the user was going;
 * signed in with a role that may not open the page -> home, with a toast explaining it.
 */
export function RequireRole({ roles }: { roles: readonly Role[] }) {
  const { status, profile } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <PageSpinner />;
  if (status !== 'authenticated') {
    return <Navigate to={paths.login.getHref()} replace state={{ from: location }} />;
  }
  if (!profile?.role || !roles.includes(profile.role)) {
    const adminOnly = roles.length === 1 && roles[0] === 'admin';
    return <WrongRole message={adminOnly ? guardTexts.adminOnly : guardTexts.notAllowed} />;
  }
  return <Outlet />;
}
