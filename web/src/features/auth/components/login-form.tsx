import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { type LoginFormValues, loginFormSchema } from '../login-schema';
import { authTexts } from '../texts';

export function LoginForm({ onSubmit }: { onSubmit: (values: LoginFormValues) => Promise<void> }) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginFormValues>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { identifier: '', password: '' },
  });

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="grid gap-5">
      <Field
        id="login-identifier"
        label={authTexts.identifierLabel}
        hint={authTexts.identifierHint}
        error={errors.identifier?.message}
      >
        <Input
          {...fieldControlProps('login-identifier', errors.identifier?.message, authTexts.identifierHint)}
          {...register('identifier')}
          type="text"
          inputMode="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="nombre@correo.com"
        />
      </Field>
      <Field id="login-password" label={authTexts.passwordLabel} error={errors.password?.message}>
        <PasswordInput
          {...fieldControlProps('login-password', errors.password?.message)}
          {...register('password')}
          autoComplete="current-password"
        />
      </Field>
      <Button type="submit" size="lg" loading={isSubmitting} className="w-full">
        {isSubmitting ? authTexts.submitting : authTexts.submit}
      </Button>
    </form>
  );
}
