import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Label } from './label';

type FieldProps = {
  id: string;
  label: string;
  /** One message or a list (e.g. the reasons a password is weak). */
  error?: string | string[];
  hint?: string;
  className?: string;
  children: ReactNode;
};

/** Label + control + hint/error, wired for screen readers via `${id}-error` / `${id}-hint`. */
export function Field({ id, label, error, hint, className, children }: FieldProps) {
  const errors = (Array.isArray(error) ? error : error ? [error] : []).filter(Boolean);
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && errors.length === 0 && (
        <p id={`${id}-hint`} className="text-xs text-zinc-500">
          {hint}
        </p>
      )}
      {errors.length === 1 && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {errors[0]}
        </p>
      )}
      {errors.length > 1 && (
        <ul id={`${id}-error`} role="alert" className="list-disc space-y-0.5 pl-5 text-sm text-red-700">
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** aria props for the control inside a Field. */
export const fieldControlProps = (id: string, error?: string | string[], hint?: string) => {
  const hasError = Array.isArray(error) ? error.length > 0 : Boolean(error);
  return {
    id,
    'aria-invalid': hasError || undefined,
    'aria-describedby': hasError ? `${id}-error` : hint ? `${id}-hint` : undefined,
  };
};
