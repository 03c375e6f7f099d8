import type { User } from '@domain/users';
import { KeyRound, MoreVertical, Ticket, UserCheck, UserX } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { usersTexts } from '../texts';
import { AssignRafflesDialog } from './assign-raffles-dialog';
import { ResetPasswordDialog } from './reset-password-dialog';
import { ToggleUserDialog } from './toggle-user-dialog';

/** Per-user actions: reset password, disable/enable (not on oneself). */
export function UserActionsMenu({ user, isSelf }: { user: User; isSelf: boolean }) {
  const [dialog, setDialog] = useState<'password' | 'toggle' | 'raffles' | null>(null);
  const close = (open: boolean) => !open && setDialog(null);
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={usersTexts.actionsFor(user.full_name)}>
            <MoreVertical aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          {user.role === 'vendedor' && (
            <DropdownMenuItem onSelect={() => setDialog('raffles')}>
              <Ticket aria-hidden />
              {usersTexts.assignRaffles.action}
            </DropdownMenuItem>
          )}
          <DropdownMenuItem onSelect={() => setDialog('password')}>
            <KeyRound aria-hidden />
            {usersTexts.resetPassword.action}
          </DropdownMenuItem>
          {!isSelf && (
            <DropdownMenuItem
              variant={user.disabled ? 'default' : 'destructive'}
              onSelect={() => setDialog('toggle')}
            >
              {user.disabled ? <UserCheck aria-hidden /> : <UserX aria-hidden />}
              {user.disabled ? usersTexts.toggle.enable : usersTexts.toggle.disable}
            </DropdownMenuItem>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      <ResetPasswordDialog user={user} open={dialog === 'password'} onOpenChange={close} />
      <ToggleUserDialog user={user} open={dialog === 'toggle'} onOpenChange={close} />
      {user.role === 'vendedor' && (
        <AssignRafflesDialog user={user} open={dialog === 'raffles'} onOpenChange={close} />
      )}
    </>
  );
}
