import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** Multi-line twin of `Input`: same border, focus ring and invalid state. */
export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      className={cn(
        'min-h-28 w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-base text-zinc-900 shadow-xs placeholder:text-zinc-400 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600/40 aria-invalid:border-red-500 sm:text-sm',
        className,
      )}
      {...props}
    />
  );
}
