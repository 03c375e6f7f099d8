import type { User } from '@domain/users';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { texts } from '@/config/texts';
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
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>
            {disabling ? t.disableTitle(user.full_name) : t.enableTitle(user.full_name)}
          </DialogTitle>
          <DialogDescription>
            {disabling ? t.disableDescription(user.full_name) : t.enableDescription(user.full_name)}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">{texts.common.cancel}</Button>
          </DialogClose>
          <Button
            variant={disabling ? 'destructive' : 'primary'}
            onClick={confirm}
            loading={update.isPending}
          >
            {disabling ? t.disableConfirm : t.enableConfirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
