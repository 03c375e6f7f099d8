import { TriangleAlert, Users } from 'lucide-react';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import { texts } from '@/config/texts';
import { isApiError } from '@/lib/api-error';
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
      <PageHeader
        title={usersTexts.title}
        description={usersTexts.description}
        breadcrumbs={[
          { label: texts.dashboardNav.breadcrumbRoot, href: paths.dashboard.root.getHref() },
          { label: usersTexts.title },
        ]}
        back={{ href: paths.dashboard.root.getHref() }}
        actions={<CreateUserDialog />}
      />
      {users.isPending ? (
        <UsersSkeleton />
      ) : users.isError ? (
        <EmptyState
          tone="danger"
          icon={TriangleAlert}
          title={usersTexts.errorTitle}
          description={isApiError(users.error) ? users.error.message : texts.common.genericError}
          action={
            <Button variant="secondary" onClick={() => users.refetch()} loading={users.isFetching}>
              {texts.common.retry}
            </Button>
          }
        />
      ) : users.data.length === 0 ? (
        <EmptyState icon={Users} title={usersTexts.emptyTitle} description={usersTexts.emptyDescription} />
      ) : (
        <section aria-label={usersTexts.title} className="grid gap-3">
          <p className="text-sm text-zinc-600">{usersTexts.total(users.data.length)}</p>
          <div className="hidden md:block">
            <UsersTable users={users.data} currentUserId={currentUserId} />
          </div>
          <div className="md:hidden">
            <UsersCardList users={users.data} currentUserId={currentUserId} />
          </div>
        </section>
      )}
    </>
  );
}
