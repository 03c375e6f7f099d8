import type { User } from '@domain/users';
import { toast } from 'sonner';
import { ActionDialog } from '@/components/action-dialog';
import { useUpdateUser } from '../api/update-user';
import { usersTexts } from '../texts';

type Props = { user: User; open: boolean; onOpenChange: (open: boolean) => void };

/** Confirms disabling (or enabling) a user, naming them. */
export function ToggleUserDialog({ user, open, onOpenChange }: Props) {
  const update = useUpdateUser();
  const t = usersTexts.toggle;
  const disabling = !user.disabled;

  function confirm() {
    update.mutate(
      { id: user.id, data: { disabled: disabling } },
      {
        onSuccess: () => {
          toast.success(disabling ? t.disabled(user.full_name) : t.enabled(user.full_name));
          onOpenChange(false);
        },
        onError: (error) => toast.error(t.error, { description: error.message }),
      },
    );
  }

  return (
    <ActionDialog
      open={open}
      onOpenChange={onOpenChange}
      role="alertdialog"
      title={disabling ? t.disableTitle(user.full_name) : t.enableTitle(user.full_name)}
      description={disabling ? t.disableDescription(user.full_name) : t.enableDescription(user.full_name)}
      actionLabel={disabling ? t.disableConfirm : t.enableConfirm}
      actionVariant={disabling ? 'destructive' : 'primary'}
      pending={update.isPending}
      onConfirm={confirm}
    />
  );
}
