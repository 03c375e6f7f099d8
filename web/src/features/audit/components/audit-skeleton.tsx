import { Skeleton } from '@/components/ui/skeleton';
import { texts } from '@/config/texts';

const ROWS = ['a', 'b', 'c', 'd', 'e'];

/** Rows on desktop, cards on phones, while the audit log loads. */
export function AuditSkeleton() {
  return (
    <div role="status" aria-live="polite" className="grid gap-3">
      <span className="sr-only">{texts.common.loading}</span>
      {ROWS.map((key) => (
        <div
          key={key}
          className="grid gap-2 rounded-[var(--radius-card)] border border-zinc-200 bg-white p-4 md:flex md:items-center md:gap-6"
        >
          <Skeleton className="h-4 w-10" />
          <Skeleton className="h-4 w-36" />
          <Skeleton className="h-4 w-1/3 md:w-48" />
          <Skeleton className="h-5 w-44" />
          <Skeleton className="hidden h-4 w-32 md:block" />
        </div>
      ))}
    </div>
  );
}
