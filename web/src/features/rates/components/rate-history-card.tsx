import { lazy, Suspense } from 'react';
import { InlineQueryError } from '@/components/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { texts } from '@/config/texts';
import { useVesRateHistory } from '../api/rates';
import { formatDay, formatRate } from '../rate-format';
import { ratesTexts } from '../texts';
import { RateCard } from './rate-card';
import { rateSourceLabel } from './rate-source';

const t = ratesTexts.history;

// recharts is big: it downloads only when this card has something to draw.
const RateChart = lazy(() => import('./rate-chart').then((m) => ({ default: m.RateChart })));

const ChartSkeleton = () => <Skeleton className="h-56 w-full sm:h-64" />;

/** The VES rate of the last 30 days: a small line chart, and the figures behind it. */
export function RateHistoryCard() {
  const history = useVesRateHistory();
  const points = history.data ?? [];
  return (
    <RateCard title={t.title} description={t.description}>
      {history.isPending ? (
        <>
          <span className="sr-only">{texts.common.loading}</span>
          <ChartSkeleton />
        </>
      ) : history.isError ? (
        <InlineQueryError message={t.loadError} onRetry={() => void history.refetch()} />
      ) : points.length === 0 ? (
        <p className="rounded-lg border border-dashed border-zinc-300 p-6 text-center text-sm text-zinc-600">
          {t.empty}
        </p>
      ) : (
        <>
          <Suspense fallback={<ChartSkeleton />}>
            <RateChart points={points} />
          </Suspense>
          <details className="group text-sm">
            <summary className="cursor-pointer rounded font-medium text-brand-700 hover:underline">
              {t.showData}
            </summary>
            <div className="mt-2 max-h-64 overflow-y-auto rounded-lg border border-zinc-200">
              <table className="w-full text-left">
                <caption className="sr-only">{t.tableCaption}</caption>
                <thead className="sticky top-0 bg-zinc-50 text-xs text-zinc-600">
                  <tr>
                    <th scope="col" className="px-3 py-2 font-medium">
                      {t.date}
                    </th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">
                      {t.rate}
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      {t.source}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {[...points].reverse().map((point) => (
                    <tr key={point.rate_date} className="border-t border-zinc-100">
                      <td className="px-3 py-2 whitespace-nowrap">{formatDay(point.rate_date)}</td>
                      <td className="px-3 py-2 text-right tabular-nums">
                        {ratesTexts.current.value(formatRate(point.rate_to_usd))}
                      </td>
                      <td className="px-3 py-2">{rateSourceLabel(point.source)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </RateCard>
  );
}
