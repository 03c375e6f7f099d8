import { formatDateTime } from '@domain/dates';
import type { User } from '@domain/users';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { usersTexts } from '../texts';
import { UserActionsMenu } from './user-actions-menu';
import { UserRoleSelect } from './user-role-select';
import { UserStatusBadge } from './user-status-badge';

type Props = { users: User[]; currentUserId: string | null };

/** Desktop and tablet view of the team. */
export function UsersTable({ users, currentUserId }: Props) {
  const c = usersTexts.columns;
  return (
    <Table>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>{c.name}</TableHead>
          <TableHead>{c.phone}</TableHead>
          <TableHead>{c.role}</TableHead>
          <TableHead>{c.state}</TableHead>
          <TableHead>{c.createdAt}</TableHead>
          <TableHead className="w-14">
            <span className="sr-only">{c.actions}</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {users.map((user) => {
          const isSelf = user.id === currentUserId;
          return (
            <TableRow key={user.id} className={cn(user.disabled && 'bg-zinc-50 text-zinc-500')}>
              <TableCell>
                <div className="flex items-center gap-2 font-medium text-zinc-900">
                  {user.full_name}
                  {isSelf && <Badge variant="brand">{usersTexts.you}</Badge>}
                </div>
                <div className="text-xs text-zinc-500">{user.email}</div>
              </TableCell>
              <TableCell className="whitespace-nowrap">
                {user.phone ?? <span className="text-zinc-400">{usersTexts.noPhone}</span>}
              </TableCell>
              <TableCell>
                <UserRoleSelect user={user} isSelf={isSelf} />
              </TableCell>
              <TableCell>
                <UserStatusBadge disabled={user.disabled} />
              </TableCell>
              <TableCell className="whitespace-nowrap text-zinc-600">
                {formatDateTime(user.created_at)}
              </TableCell>
              <TableCell>
                <UserActionsMenu user={user} isSelf={isSelf} />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
