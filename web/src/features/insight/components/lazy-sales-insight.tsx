import type { Role } from '@domain/roles';
import { lazy, Suspense } from 'react';
import { InsightSection } from './insight-section';
import { InsightSkeleton } from './insight-skeleton';

const SalesInsight = lazy(() => import('./sales-insight').then((m) => ({ default: m.SalesInsight })));

/** The dashboard's sales section, its code fetched on its own so the raffle list never waits for it. */
export function LazySalesInsight({ role }: { role: Role }) {
  return (
    <Suspense
      fallback={
        <InsightSection>
          <InsightSkeleton withControls />
        </InsightSection>
      }
    >
      <SalesInsight role={role} />
    </Suspense>
  );
}
