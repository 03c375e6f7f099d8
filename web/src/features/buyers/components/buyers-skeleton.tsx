import { Skeleton } from '@/components/ui/skeleton';
import { texts } from '@/config/texts';

const CARDS = ['a', 'b', 'c', 'd'];

/** The shape of the totals and the first cards while the buyers load. */
export function BuyersSkeleton() {
  return (
    <div role="status" aria-live="polite" className="grid gap-5">
      <span className="sr-only">{texts.common.loading}</span>
      <div className="grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-4">
        {CARDS.map((key) => (
          <Skeleton key={key} className="h-20 rounded-[var(--radius-card)]" />
        ))}
      </div>
      <Skeleton className="h-11 w-full max-w-md" />
      <div className="grid gap-3 lg:grid-cols-2">
        {CARDS.map((key) => (
          <div
            key={key}
            className="grid gap-3 rounded-[var(--radius-card)] border border-zinc-200 bg-white p-4 sm:p-5"
          >
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-4 w-1/2" />
            <div className="flex gap-1.5">
              <Skeleton className="h-7 w-11" />
              <Skeleton className="h-7 w-11" />
              <Skeleton className="h-7 w-11" />
            </div>
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-11 w-full sm:w-52" />
          </div>
        ))}
      </div>
    </div>
  );
}
