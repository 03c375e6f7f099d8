import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { ActionDialog } from '@/components/action-dialog';
import { Button } from '@/components/ui/button';
import { texts } from '@/config/texts';
import { useCreateUser } from '../api/create-user';
import { serverFormErrors } from '../server-errors';
import { usersTexts } from '../texts';
import {
  type CreateUserFormInput,
  type CreateUserFormOutput,
  createUserFormSchema,
} from '../user-form-schema';
import { CreateUserFields } from './create-user-fields';

const emptyForm: CreateUserFormInput = {
  full_name: '',
  email: '',
  phone: '',
  role: 'vendedor',
  password: '',
};

export function CreateUserDialog() {
  const [open, setOpen] = useState(false);
  const [passwordReasons, setPasswordReasons] = useState<string[]>([]);
  const create = useCreateUser();
  const form = useForm<CreateUserFormInput, unknown, CreateUserFormOutput>({
    resolver: zodResolver(createUserFormSchema),
    defaultValues: emptyForm,
  });
  const t = usersTexts.create;

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) {
      form.reset(emptyForm);
      setPasswordReasons([]);
      create.reset();
    }
  }

  async function onSubmit(values: CreateUserFormOutput) {
    setPasswordReasons([]);
    try {
      const user = await create.mutateAsync(values);
      toast.success(t.success, { description: t.successDescription(user.full_name) });
      onOpenChange(false);
    } catch (error) {
      const problems = serverFormErrors(error, texts.common.genericError);
      if (problems.password) setPasswordReasons(problems.password);
      if (problems.email) form.setError('email', { message: problems.email });
      if (problems.phone) form.setError('phone', { message: problems.phone });
      if (problems.other) toast.error(t.error, { description: problems.other });
    }
  }

  return (
    <ActionDialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={
        <Button>
          <UserPlus aria-hidden />
          {usersTexts.createButton}
        </Button>
      }
      title={t.title}
      description={t.description}
      actionLabel={t.submit}
      pending={form.formState.isSubmitting}
      onSubmit={form.handleSubmit(onSubmit)}
    >
      <CreateUserFields form={form} passwordReasons={passwordReasons} />
    </ActionDialog>
  );
}
