import { useAuth } from '@/features/auth/use-auth';
import { UsersPage } from '@/features/users/pages/users-page';

/** Composes auth and users: the users screen needs to know who "you" are. */
export function UsersRoute() {
  const { profile } = useAuth();
  return <UsersPage currentUserId={profile?.id ?? null} />;
}
