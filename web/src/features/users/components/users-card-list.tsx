import { formatDateTime } from '@domain/dates';
import type { User } from '@domain/users';
import { Mail, Phone } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { usersTexts } from '../texts';
import { UserActionsMenu } from './user-actions-menu';
import { UserRoleSelect } from './user-role-select';
import { UserStatusBadge } from './user-status-badge';

type Props = { users: User[]; currentUserId: string | null };

/** Phone view: one card per user. */
export function UsersCardList({ users, currentUserId }: Props) {
  return (
    <ul className="grid gap-3">
      {users.map((user) => {
        const isSelf = user.id === currentUserId;
        return (
          <li key={user.id}>
            <Card className="grid gap-3 p-4">
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-semibold text-zinc-900">
                    {user.full_name}
                    {isSelf && <Badge variant="brand">{usersTexts.you}</Badge>}
                  </p>
                  <p className="text-xs text-zinc-500">
                    {usersTexts.columns.createdAt} {formatDateTime(user.created_at)}
                  </p>
                </div>
                <UserActionsMenu user={user} isSelf={isSelf} />
              </div>
              <dl className="grid gap-1 text-sm text-zinc-700">
                <div className="flex items-center gap-2">
                  <dt>
                    <Mail aria-label={usersTexts.columns.email} className="size-4 text-zinc-400" />
                  </dt>
                  <dd className="min-w-0 truncate">{user.email}</dd>
                </div>
                <div className="flex items-center gap-2">
                  <dt>
                    <Phone aria-label={usersTexts.columns.phone} className="size-4 text-zinc-400" />
                  </dt>
                  <dd>{user.phone ?? <span className="text-zinc-400">{usersTexts.noPhone}</span>}</dd>
                </div>
              </dl>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <UserRoleSelect user={user} isSelf={isSelf} />
                <UserStatusBadge disabled={user.disabled} />
              </div>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
