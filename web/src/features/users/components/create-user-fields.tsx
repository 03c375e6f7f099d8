import { Controller, type UseFormReturn } from 'react-hook-form';
import { Field, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { Select, SelectContent, SelectTrigger, SelectValue } from '@/components/ui/select';
import { usersTexts } from '../texts';
import type { CreateUserFormInput, CreateUserFormOutput } from '../user-form-schema';
import { RoleOptions } from './user-role-select';

type Props = {
  form: UseFormReturn<CreateUserFormInput, unknown, CreateUserFormOutput>;
  /** Why the server found the password weak (422 `reasons`), one item each. */
  passwordReasons: string[];
};

export function CreateUserFields({ form, passwordReasons }: Props) {
  const { register, control, formState } = form;
  const { errors } = formState;
  const t = usersTexts.create;
  const passwordErrors = errors.password?.message ? [errors.password.message] : passwordReasons;
  return (
    <>
      <Field id="user-full-name" label={t.fullName} error={errors.full_name?.message}>
        <Input
          {...fieldControlProps('user-full-name', errors.full_name?.message)}
          {...register('full_name')}
          autoComplete="off"
        />
      </Field>
      <Field id="user-email" label={t.email} error={errors.email?.message}>
        <Input
          {...fieldControlProps('user-email', errors.email?.message)}
          {...register('email')}
          type="email"
          autoComplete="off"
          autoCapitalize="none"
        />
      </Field>
      <Field id="user-phone" label={t.phone} hint={t.phoneHint} error={errors.phone?.message}>
        <Input
          {...fieldControlProps('user-phone', errors.phone?.message, t.phoneHint)}
          {...register('phone')}
          type="tel"
          inputMode="tel"
          autoComplete="off"
        />
      </Field>
      <Field id="user-role" label={t.role} error={errors.role?.message}>
        <Controller
          control={control}
          name="role"
          render={({ field }) => (
            <Select value={field.value} onValueChange={field.onChange}>
              <SelectTrigger {...fieldControlProps('user-role', errors.role?.message)} onBlur={field.onBlur}>
                <SelectValue placeholder={t.rolePlaceholder} />
              </SelectTrigger>
              <SelectContent>
                <RoleOptions />
              </SelectContent>
            </Select>
          )}
        />
      </Field>
      <Field id="user-password" label={t.password} hint={t.passwordHint} error={passwordErrors}>
        <PasswordInput
          {...fieldControlProps('user-password', passwordErrors, t.passwordHint)}
          {...register('password')}
          autoComplete="new-password"
        />
      </Field>
    </>
  );
}
