import { Users } from 'lucide-react';
import { DashboardPageHeader } from '@/components/dashboard-page-header';
import { QueryState } from '@/components/query-state';
import { EmptyState } from '@/components/ui/empty-state';
import { useUsers } from '../api/get-users';
import { CreateUserDialog } from '../components/create-user-dialog';
import { UsersCardList } from '../components/users-card-list';
import { UsersSkeleton } from '../components/users-skeleton';
import { UsersTable } from '../components/users-table';
import { usersTexts } from '../texts';

/** Admin-only team management. `currentUserId` marks "Tú" and locks self-lockout actions. */
export function UsersPage({ currentUserId }: { currentUserId: string | null }) {
  const users = useUsers();
  return (
    <>
      <DashboardPageHeader
        title={usersTexts.title}
        description={usersTexts.description}
        actions={<CreateUserDialog />}
      />
      <QueryState query={users} loading={<UsersSkeleton />} errorTitle={usersTexts.errorTitle}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState
              icon={Users}
              title={usersTexts.emptyTitle}
              description={usersTexts.emptyDescription}
            />
          ) : (
            <section aria-label={usersTexts.title} className="grid gap-3">
              <p className="text-sm text-zinc-600">{usersTexts.total(list.length)}</p>
              <div className="hidden md:block">
                <UsersTable users={list} currentUserId={currentUserId} />
              </div>
              <div className="md:hidden">
                <UsersCardList users={list} currentUserId={currentUserId} />
              </div>
            </section>
          )
        }
      </QueryState>
    </>
  );
}
