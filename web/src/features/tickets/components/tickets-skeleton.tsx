import { Skeleton } from '@/components/ui/skeleton';
import { texts } from '@/config/texts';

const ROWS = ['a', 'b', 'c', 'd', 'e', 'f'];

/** Rows on wide screens, cards on phones, while the first page loads. */
export function TicketsSkeleton() {
  return (
    <div role="status" aria-live="polite" className="grid gap-3" data-testid="tickets-skeleton">
      <span className="sr-only">{texts.common.loading}</span>
      <Skeleton className="h-4 w-48" />
      {ROWS.map((key) => (
        <div
          key={key}
          className="grid gap-2 rounded-[var(--radius-card)] border border-zinc-200 bg-white p-3 xl:flex xl:items-center xl:gap-6 xl:py-2.5"
        >
          <div className="flex items-center gap-3">
            <Skeleton className="h-10 w-14" />
            <Skeleton className="h-5 w-20 rounded-full" />
          </div>
          <Skeleton className="h-4 w-2/3 xl:w-48" />
          <Skeleton className="h-4 w-1/2 xl:w-32" />
          <Skeleton className="hidden h-4 w-24 xl:block" />
          <Skeleton className="h-10 w-full xl:ml-auto xl:h-4 xl:w-40" />
        </div>
      ))}
    </div>
  );
}
