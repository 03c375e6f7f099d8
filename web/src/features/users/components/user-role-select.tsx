import { type Role, roleLabels } from '@domain/roles';
import type { User } from '@domain/users';
import { toast } from 'sonner';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Tooltip } from '@/components/ui/tooltip';
import { useUpdateUser } from '../api/update-user';
import { roleOptions, usersTexts } from '../texts';

/** Inline role picker; an admin cannot change their own role (the server refuses it too). */
export function UserRoleSelect({ user, isSelf }: { user: User; isSelf: boolean }) {
  const update = useUpdateUser();

  function change(role: string) {
    const next = role as Role;
    if (next === user.role) return;
    update.mutate(
      { id: user.id, data: { role: next } },
      {
        onSuccess: () =>
          toast.success(usersTexts.roleChanged, {
            description: usersTexts.roleChangedDescription(user.full_name, roleLabels[next]),
          }),
        onError: (error) => toast.error(usersTexts.roleChangeError, { description: error.message }),
      },
    );
  }

  const select = (
    <Select value={user.role ?? undefined} onValueChange={change} disabled={isSelf || update.isPending}>
      <SelectTrigger aria-label={usersTexts.roleOf(user.full_name)} className="h-10 w-40">
        <SelectValue placeholder={usersTexts.create.rolePlaceholder} />
      </SelectTrigger>
      <SelectContent>
        <RoleOptions />
      </SelectContent>
    </Select>
  );
  if (!isSelf) return select;
  // A disabled control gets no pointer events, so the tooltip hangs on a focusable wrapper.
  return (
    <Tooltip content={usersTexts.selfLocked}>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users must reach the explanation */}
      <span tabIndex={0} className="inline-block w-fit rounded-lg">
        {select}
      </span>
    </Tooltip>
  );
}

/** The role choices, shared by this inline select and the create-user form. */
export function RoleOptions() {
  return roleOptions.map((option) => (
    <SelectItem key={option.value} value={option.value}>
      {option.label}
    </SelectItem>
  ));
}
