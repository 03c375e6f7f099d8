import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

export function StaffRaffleCardSkeleton() {
  return (
    <Card className="grid gap-4 p-4 sm:p-5">
      <div className="flex gap-3">
        <Skeleton className="size-16 rounded-lg" />
        <div className="grid flex-1 content-start gap-2">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      </div>
      <Skeleton className="h-2.5 w-full rounded-full" />
      <Skeleton className="h-16 w-full rounded-lg" />
      <Skeleton className="h-10 w-full" />
      <div className="grid grid-cols-2 gap-2">
        <Skeleton className="h-9" />
        <Skeleton className="h-9" />
      </div>
    </Card>
  );
}
