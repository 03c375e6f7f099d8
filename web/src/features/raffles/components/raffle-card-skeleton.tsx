import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

/** Same footprint as a RaffleCard, so the list does not jump when it arrives. */
export function RaffleCardSkeleton() {
  return (
    <Card className="overflow-hidden">
      <Skeleton className="aspect-[4/3] w-full rounded-none" />
      <div className="grid gap-4 p-5">
        <Skeleton className="h-6 w-3/4" />
        <Skeleton className="h-8 w-1/2" />
        <div className="grid gap-2">
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-2.5 w-full rounded-full" />
        </div>
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-12 w-full rounded-lg" />
      </div>
    </Card>
  );
}
