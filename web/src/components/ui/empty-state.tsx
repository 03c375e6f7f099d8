import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

type EmptyStateProps = {
  icon: LucideIcon;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  tone?: 'neutral' | 'danger';
  className?: string;
};

/** A centred message for empty lists, errors and screens that are not ready yet. */
export function EmptyState({
  icon: Icon,
  title,
  description,
  action,
  tone = 'neutral',
  className,
}: EmptyStateProps) {
  return (
    <div
      className={cn(
        'flex flex-col items-center justify-center gap-3 rounded-[var(--radius-card)] border border-dashed px-6 py-12 text-center',
        tone === 'danger' ? 'border-red-200 bg-red-50/50' : 'border-zinc-300 bg-white',
        className,
      )}
    >
      <span
        className={cn(
          'flex size-12 items-center justify-center rounded-full',
          tone === 'danger' ? 'bg-red-100 text-red-700' : 'bg-brand-50 text-brand-700',
        )}
      >
        <Icon aria-hidden className="size-6" />
      </span>
      <h2 className="text-base font-semibold text-zinc-900">{title}</h2>
      {description && <div className="max-w-md text-sm text-zinc-600">{description}</div>}
      {action && <div className="mt-1">{action}</div>}
    </div>
  );
}
