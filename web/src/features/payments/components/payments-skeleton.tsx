import { Skeleton } from '@/components/ui/skeleton';
import { texts } from '@/config/texts';

const CARDS = ['a', 'b', 'c'];

/** The shape of the first cards while the payments load. */
export function PaymentsSkeleton() {
  return (
    <div role="status" aria-live="polite" className="grid gap-4">
      <span className="sr-only">{texts.common.loading}</span>
      {CARDS.map((key) => (
        <div
          key={key}
          className="grid gap-4 rounded-[var(--radius-card)] border border-zinc-200 bg-white p-4 sm:p-5 lg:grid-cols-[minmax(0,1fr)_20rem]"
        >
          <div className="grid content-start gap-3">
            <div className="flex gap-1.5">
              <Skeleton className="h-8 w-12" />
              <Skeleton className="h-8 w-12" />
            </div>
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-24 w-full" />
          </div>
          <Skeleton className="h-48 w-full rounded-lg" />
        </div>
      ))}
    </div>
  );
}
