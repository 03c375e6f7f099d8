import type { User } from '@domain/users';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { ActionDialog } from '@/components/action-dialog';
import { Field, fieldControlProps } from '@/components/ui/field';
import { PasswordInput } from '@/components/ui/password-input';
import { texts } from '@/config/texts';
import { useUpdateUser } from '../api/update-user';
import { serverFormErrors } from '../server-errors';
import { usersTexts } from '../texts';

type Props = { user: User; open: boolean; onOpenChange: (open: boolean) => void };

/** Sets a new password for a user; the server lists why a password is weak (422 reasons). */
export function ResetPasswordDialog({ user, open, onOpenChange }: Props) {
  const update = useUpdateUser();
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const t = usersTexts.resetPassword;

  function handleOpenChange(next: boolean) {
    if (!next) {
      setPassword('');
      setErrors([]);
    }
    onOpenChange(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) {
      setErrors([usersTexts.create.passwordHint]);
      return;
    }
    setErrors([]);
    update.mutate(
      { id: user.id, data: { password } },
      {
        onSuccess: () => {
          toast.success(t.success, { description: t.successDescription(user.full_name) });
          handleOpenChange(false);
        },
        onError: (error) => {
          const problems = serverFormErrors(error, texts.common.genericError);
          if (problems.password) setErrors(problems.password);
          else toast.error(t.error, { description: problems.other ?? error.message });
        },
      },
    );
  }

  return (
    <ActionDialog
      open={open}
      onOpenChange={handleOpenChange}
      title={t.title(user.full_name)}
      description={t.description}
      actionLabel={t.submit}
      pending={update.isPending}
      onSubmit={submit}
    >
      <Field id="reset-password" label={t.label} hint={usersTexts.create.passwordHint} error={errors}>
        <PasswordInput
          {...fieldControlProps('reset-password', errors, usersTexts.create.passwordHint)}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          autoComplete="new-password"
        />
      </Field>
    </ActionDialog>
  );
}
