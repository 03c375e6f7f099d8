import type { Role } from '@domain/roles';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/use-auth';

/**
 * SPEC 2: spinner while auth loads; signed out -> /login remembering where the user was going;
 * signed in with a role that may not open the page -> home.
 */
export function RequireRole({ roles }: { roles: readonly Role[] }) {
  const { status, profile } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <PageSpinner />;
  if (status !== 'authenticated') {
    return <Navigate to={paths.login.getHref()} replace state={{ from: location }} />;
  }
  if (!profile?.role || !roles.includes(profile.role)) return <Navigate to={paths.home.getHref()} replace />;
  return <Outlet />;
}
