import type { InsightDay } from '@domain/insight';
import { formatUsd } from '@domain/money';
import type { Role } from '@domain/roles';
import { useQuery } from '@tanstack/react-query';
import { BarChart3 } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage, QueryState } from '@/components/query-state';
import { RaffleSelect } from '@/components/raffle-select';
import { cn } from '@/lib/cn';
import { getInsightQueryOptions } from '../api/get-insight';
import { insightTexts } from '../texts';
import { InsightSection } from './insight-section';
import { ChartSkeleton, InsightSkeleton } from './insight-skeleton';
import { InsightTiles } from './insight-tiles';

const SalesChart = lazy(() => import('./sales-chart').then((m) => ({ default: m.SalesChart })));

const RAFFLE_PARAM = 'ventas_rifa';
const DAYS_PARAM = 'ventas_dias';
const PERIODS = [7, 30, 90] as const;
const DEFAULT_DAYS = 30;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const count = new Intl.NumberFormat('es-VE');

/** Sales at a glance: one raffle or all of them (a vendedor's own), tiles and sales per day. */
export function SalesInsight({ role }: { role: Role }) {
  const t = insightTexts;
  const [params, setParams] = useSearchParams();
  const param = params.get(RAFFLE_PARAM);
  const raffleId = param && UUID.test(param) ? param : undefined;
  const asked = Number(params.get(DAYS_PARAM));
  const days = (PERIODS as readonly number[]).includes(asked) ? asked : DEFAULT_DAYS;
  // The raffle list of the selector comes from the all-raffles answer; a selected raffle asks for its own.
  const all = useQuery(getInsightQueryOptions({ days }));
  const one = useQuery({ ...getInsightQueryOptions({ raffleId, days }), enabled: Boolean(raffleId) });
  const current = raffleId ? one : all;

  function setParam(name: string, value: string | undefined) {
    setParams(
      (next) => {
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  return (
    <InsightSection description={role === 'admin' ? undefined : t.sellerDescription}>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,24rem)_auto] sm:items-end sm:justify-between">
        <RaffleSelect
          id="insight-raffle"
          raffles={all.data?.raffles}
          value={raffleId}
          allLabel={role === 'admin' ? undefined : t.allSeller}
          onChange={(id) => setParam(RAFFLE_PARAM, id)}
          disabled={!all.data?.raffles}
        />
        <PeriodPicker
          value={days}
          onChange={(d) => setParam(DAYS_PARAM, d === DEFAULT_DAYS ? undefined : String(d))}
        />
      </div>
      <QueryState
        query={current}
        loading={<InsightSkeleton />}
        errorTitle={t.error}
        errorDescription={current.error ? errorMessage(current.error, t.errorDescription) : undefined}
      >
        {(insight) => (
          <>
            <InsightTiles insight={insight} />
            <SalesPerDay perDay={insight.per_day} days={insight.days} />
          </>
        )}
      </QueryState>
    </InsightSection>
  );
}

function PeriodPicker({ value, onChange }: { value: number; onChange: (days: number) => void }) {
  return (
    <fieldset className="flex gap-1 rounded-lg border border-zinc-300 bg-white p-1">
      <legend className="sr-only">{insightTexts.periodLabel}</legend>
      {PERIODS.map((days) => (
        <button
          key={days}
          type="button"
          aria-pressed={value === days}
          onClick={() => onChange(days)}
          className={cn(
            'h-9 flex-1 rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors sm:flex-none',
            value === days ? 'bg-brand-700 text-white' : 'text-zinc-700 hover:bg-zinc-100',
          )}
        >
          {insightTexts.periods[days]}
        </button>
      ))}
    </fieldset>
  );
}

function SalesPerDay({ perDay, days }: { perDay: InsightDay[]; days: number }) {
  const t = insightTexts.chart;
  const numbers = perDay.reduce((n, d) => n + d.numbers, 0);
  const amount = perDay.reduce((n, d) => n + d.amount_cents, 0);
  return (
    <figure
      className="grid min-w-0 gap-3 rounded-xl border border-zinc-200 bg-white p-3 sm:p-4"
      aria-labelledby="sales-per-day-title"
    >
      <figcaption className="grid gap-0.5">
        <h3 id="sales-per-day-title" className="text-base font-semibold text-zinc-900">
          {t.title}
        </h3>
        <p className="text-xs text-zinc-600">{t.rule(days)}</p>
      </figcaption>
      {numbers === 0 ? (
        <div className="grid justify-items-center gap-2 rounded-lg border border-dashed border-zinc-300 px-4 py-8 text-center">
          <BarChart3 aria-hidden className="size-8 text-brand-700" />
          <p className="font-semibold text-zinc-900">{t.empty}</p>
          <p className="text-sm text-zinc-600">{t.emptyHint}</p>
        </div>
      ) : (
        <>
          <p className="text-sm font-medium text-zinc-800 tabular-nums" data-testid="sales-per-day-summary">
            {t.summary(numbers, count.format(numbers), formatUsd(amount), days)}
          </p>
          <Suspense fallback={<ChartSkeleton />}>
            <SalesChart days={perDay} />
          </Suspense>
        </>
      )}
    </figure>
  );
}
