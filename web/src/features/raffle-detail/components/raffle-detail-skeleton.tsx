import { Skeleton } from '@/components/ui/skeleton';
import { raffleDetailTexts } from '../texts';

/** The page's shape while it loads, so nothing jumps when the raffle arrives. */
export function RaffleDetailSkeleton() {
  return (
    <div role="status" className="grid gap-6">
      <span className="sr-only">{raffleDetailTexts.loading}</span>
      <div className="grid gap-5 lg:grid-cols-[1.1fr_1fr] lg:gap-8">
        <Skeleton className="aspect-[4/3] w-full rounded-[var(--radius-card)]" />
        <div className="grid content-start gap-4 rounded-[var(--radius-card)] border border-zinc-200 bg-white p-5">
          <Skeleton className="h-8 w-3/4" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-20 w-full rounded-xl" />
          <div className="grid gap-3 sm:grid-cols-2">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
          <Skeleton className="h-12 w-full rounded-lg" />
        </div>
      </div>
    </div>
  );
}
