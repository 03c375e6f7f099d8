import { formatDateTime } from '@domain/dates';
import type { ExchangeRate } from '@domain/rates';
import { RefreshCw, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { InlineQueryError } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { texts } from '@/config/texts';
import { useRefreshRates } from '../api/rates';
import { formatDay, formatRate } from '../rate-format';
import { ratesTexts } from '../texts';
import { rateSourceLabel } from './rate-source';

const t = ratesTexts.current;

type CurrentRateCardProps = {
  rate: ExchangeRate | null;
  isPending: boolean;
  error: Error | null;
  onRetry: () => void;
};

/** Today's bolívar rate: the figure, its day, when and where it came from, and "Actualizar". */
export function CurrentRateCard({ rate, isPending, error, onRetry }: CurrentRateCardProps) {
  const refresh = useRefreshRates();
  // The feed's answer when it failed: kept on screen (not only a toast) until the next try.
  const [warning, setWarning] = useState<string | null>(null);

  async function pull() {
    setWarning(null);
    try {
      const result = await refresh.mutateAsync();
      if (result.warning) setWarning(result.warning);
      else toast.success(ratesTexts.refresh.done);
    } catch (cause) {
      toast.error(ratesTexts.refresh.failed, {
        description: cause instanceof Error ? cause.message : texts.common.genericError,
      });
    }
  }

  return (
    <Card className="grid content-start gap-4 p-5 sm:p-6" data-testid="current-rate">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-zinc-900">{t.title}</h2>
        {rate && (
          <Badge variant={rate.is_stale ? 'warning' : 'success'}>
            {rate.is_stale ? t.staleBadge : t.fresh}
          </Badge>
        )}
      </div>

      {isPending ? (
        <div className="grid gap-3">
          <span className="sr-only">{texts.common.loading}</span>
          <Skeleton className="h-10 w-40" />
          <Skeleton className="h-4 w-56" />
        </div>
      ) : error && !rate ? (
        <InlineQueryError message={t.loadError} onRetry={onRetry} />
      ) : rate ? (
        <>
          <p className="flex flex-wrap items-baseline gap-x-2">
            <span className="text-4xl font-extrabold tracking-tight text-brand-800 tabular-nums">
              {t.value(formatRate(rate.rate_to_usd))}
            </span>
            <span className="text-sm font-medium text-zinc-600">{t.perDollar}</span>
          </p>
          <dl className="flex flex-wrap gap-x-8 gap-y-3 text-sm">
            <div className="grid gap-0.5">
              <dt className="text-xs font-medium text-zinc-500">{t.day}</dt>
              <dd className="font-medium text-zinc-900">{formatDay(rate.rate_date)}</dd>
            </div>
            <div className="grid gap-0.5">
              <dt className="text-xs font-medium text-zinc-500">{t.updatedAt}</dt>
              <dd className="font-medium whitespace-nowrap text-zinc-900">
                {formatDateTime(rate.updated_at)}
              </dd>
            </div>
            <div className="grid gap-0.5">
              <dt className="text-xs font-medium text-zinc-500">{t.source}</dt>
              <dd className="font-medium text-zinc-900">{rateSourceLabel(rate.source)}</dd>
            </div>
          </dl>
          {rate.is_stale && (
            <p className="flex gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
              <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
              {t.stale}
            </p>
          )}
        </>
      ) : (
        <div className="grid gap-1 rounded-lg border border-dashed border-zinc-300 p-4 text-sm">
          <p className="font-medium text-zinc-900">{t.none}</p>
          <p className="text-zinc-600">{t.noneHint}</p>
        </div>
      )}

      {warning && (
        <p
          role="alert"
          className="flex gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
          data-testid="refresh-warning"
        >
          <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          {warning}
        </p>
      )}

      <Button variant="secondary" className="w-full sm:w-fit" loading={refresh.isPending} onClick={pull}>
        {!refresh.isPending && <RefreshCw aria-hidden />}
        {refresh.isPending ? ratesTexts.refresh.refreshing : ratesTexts.refresh.button}
      </Button>
    </Card>
  );
}
