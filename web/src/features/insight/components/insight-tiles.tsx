import type { SalesInsight } from '@domain/insight';
import { formatBs, formatUsd } from '@domain/money';
import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { dayLabel } from '../day-label';
import { insightTexts } from '../texts';

const count = new Intl.NumberFormat('es-VE');
const rateFormat = new Intl.NumberFormat('es-VE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

type TileProps = { label: string; hint?: string; className?: string; children: ReactNode; testId: string };

function Tile({ label, hint, className, children, testId }: TileProps) {
  return (
    <div
      className={cn(
        'grid content-start gap-0.5 rounded-xl border border-zinc-200 bg-white p-3 sm:p-4',
        className,
      )}
      data-testid={testId}
    >
      <dt className="text-xs font-medium text-zinc-600 sm:text-sm">{label}</dt>
      <dd className="grid gap-0.5 tabular-nums">{children}</dd>
      {hint && <dd className="text-xs text-zinc-500">{hint}</dd>}
    </div>
  );
}

/** Numbers sold by status and the money, in USD and (at the day's rate) in Bs. */
export function InsightTiles({ insight }: { insight: SalesInsight }) {
  const t = insightTexts.tiles;
  const { totals, currency_rate: rate } = insight;
  const countTile = (label: string, value: number, testId: string, hint?: string) => (
    <Tile label={label} hint={hint} testId={testId}>
      <span className="text-2xl font-bold text-zinc-900" data-testid="insight-value">
        {count.format(value)}
      </span>
    </Tile>
  );
  const moneyTile = (label: string, cents: number, tone: string, testId: string) => (
    <Tile label={label} testId={testId} className="sm:col-span-2">
      <span className={cn('text-xl font-bold break-words sm:text-2xl', tone)}>{formatUsd(cents)}</span>
      {rate && (
        <span className="text-sm font-medium break-words text-zinc-600">
          {formatBs(cents, rate.rate_to_usd)}
        </span>
      )}
    </Tile>
  );
  return (
    <div className="grid gap-2">
      <dl aria-label={t.label} className="grid grid-cols-2 gap-2 sm:grid-cols-4 sm:gap-3">
        {countTile(t.sold, totals.sold, 'insight-sold', t.soldHint)}
        {countTile(t.reserved, totals.reserved, 'insight-reserved')}
        {countTile(t.partiallyPaid, totals.partially_paid, 'insight-partially-paid')}
        {countTile(t.paid, totals.paid, 'insight-paid')}
        {moneyTile(t.collected, totals.collected_cents, 'text-green-800', 'insight-collected')}
        {moneyTile(t.owed, totals.owed_cents, 'text-amber-800', 'insight-owed')}
      </dl>
      <RateNote rate={rate} />
    </div>
  );
}

function RateNote({ rate }: { rate: SalesInsight['currency_rate'] }) {
  const t = insightTexts.rate;
  if (!rate) return <p className="text-xs text-zinc-600">{t.none}</p>;
  return (
    <div className="grid gap-0.5 text-xs">
      <p className="text-zinc-600">{t.at(dayLabel(rate.rate_date), rateFormat.format(rate.rate_to_usd))}</p>
      {rate.is_stale && (
        <p className="flex items-center gap-1 text-amber-800">
          <TriangleAlert aria-hidden className="size-3.5 shrink-0" />
          {t.stale}
        </p>
      )}
    </div>
  );
}
