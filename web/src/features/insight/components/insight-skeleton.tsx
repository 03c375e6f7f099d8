import { Skeleton } from '@/components/ui/skeleton';
import { texts } from '@/config/texts';

const TILES = ['sold', 'reserved', 'partially-paid', 'paid'];

/** The tiles and the chart's shape while the figures (or their code) load: nothing jumps after. */
export function InsightSkeleton({ withControls = false }: { withControls?: boolean }) {
  return (
    <div className="grid gap-4" aria-busy="true">
      <span className="sr-only">{texts.common.loading}</span>
      {withControls && <Skeleton className="h-11 w-full sm:max-w-sm" />}
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4 sm:gap-3">
        {TILES.map((key) => (
          <Skeleton key={key} className="h-[5.5rem] rounded-xl" />
        ))}
        <Skeleton className="h-[5.5rem] rounded-xl sm:col-span-2" />
        <Skeleton className="h-[5.5rem] rounded-xl sm:col-span-2" />
      </div>
      <ChartSkeleton />
    </div>
  );
}

export const ChartSkeleton = () => <Skeleton className="h-56 w-full rounded-xl sm:h-64" />;
