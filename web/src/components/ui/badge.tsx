import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export const badgeVariants = cva(
  'inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-medium whitespace-nowrap',
  {
    variants: {
      variant: {
        neutral: 'border-zinc-200 bg-zinc-100 text-zinc-700',
        brand: 'border-brand-200 bg-brand-50 text-brand-800',
        success: 'border-green-200 bg-green-50 text-green-800',
        warning: 'border-amber-200 bg-amber-50 text-amber-900',
        danger: 'border-red-200 bg-red-50 text-red-800',
        info: 'border-sky-200 bg-sky-50 text-sky-800',
        // Ticket statuses (UX: one colour per status, always with its name).
        disponible: 'border-status-disponible-border bg-status-disponible text-status-disponible-text',
        apartado: 'border-status-apartado-border bg-status-apartado text-status-apartado-text',
        abonado: 'border-status-abonado-border bg-status-abonado text-status-abonado-text',
        pagado: 'border-status-pagado-border bg-status-pagado text-status-pagado-text',
        cancelado:
          'border-status-cancelado-border bg-status-cancelado text-status-cancelado-text line-through',
      },
    },
    defaultVariants: { variant: 'neutral' },
  },
);

export function Badge({
  className,
  variant,
  ...props
}: ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
