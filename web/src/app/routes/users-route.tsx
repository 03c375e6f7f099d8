import { UsersPage } from '@/features/users/pages/users-page';
import { useAuth } from '@/lib/use-auth';

/** Composes auth and users: the users screen needs to know who "you" are. */
export function UsersRoute() {
  const { profile } = useAuth();
  return <UsersPage currentUserId={profile?.id ?? null} />;
}
