import { Skeleton } from '@/components/ui/skeleton';
import { texts } from '@/config/texts';

export function UsersSkeleton() {
  return (
    <div role="status" aria-live="polite" className="grid gap-3">
      <span className="sr-only">{texts.common.loading}</span>
      {[0, 1, 2, 3].map((i) => (
        <div
          key={i}
          className="flex items-center gap-4 rounded-[var(--radius-card)] border border-zinc-200 bg-white p-4"
        >
          <Skeleton className="size-10 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-3 w-1/2" />
          </div>
          <Skeleton className="hidden h-9 w-32 sm:block" />
        </div>
      ))}
    </div>
  );
}
