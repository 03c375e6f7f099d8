import { formatBs, formatUsd } from '@domain/money';
import type { RaffleBuyersPage } from '@domain/staff-tickets';
import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import type { VesRate } from '@/lib/exchange-rates';
import { buyersTexts } from '../texts';

const count = new Intl.NumberFormat('es-VE');

type BuyersTotalsProps = { totals: RaffleBuyersPage['totals']; rate: VesRate };

function Stat({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className="grid content-start gap-1 rounded-[var(--radius-card)] border border-zinc-200 bg-white p-3 shadow-[var(--shadow-card)] sm:p-4">
      <dt className="text-xs font-medium text-zinc-600">{label}</dt>
      <dd className={cn('grid gap-0.5 tabular-nums', className)}>{children}</dd>
    </div>
  );
}

/** The whole raffle at a glance: who bought, how many numbers, what came in and what is still owed. */
export function BuyersTotals({ totals, rate }: BuyersTotalsProps) {
  const t = buyersTexts.totals;
  const bs = (cents: number) =>
    rate.rate !== null ? (
      <span className="text-sm font-medium text-zinc-600">{formatBs(cents, rate.rate)}</span>
    ) : (
      <span className="text-xs text-zinc-500">{t.noRate}</span>
    );
  return (
    <section aria-labelledby="buyers-totals-title" className="grid gap-2">
      <h2 id="buyers-totals-title" className="sr-only">
        {t.label}
      </h2>
      <dl className="grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-4">
        <Stat label={t.buyers}>
          <span className="text-2xl font-bold text-zinc-900">{count.format(totals.buyers)}</span>
        </Stat>
        <Stat label={t.tickets}>
          <span className="text-2xl font-bold text-zinc-900">{count.format(totals.tickets)}</span>
        </Stat>
        <Stat label={t.collected}>
          <span className="text-xl font-bold text-green-800 sm:text-2xl">
            {formatUsd(totals.total_paid_cents)}
          </span>
          {bs(totals.total_paid_cents)}
        </Stat>
        <Stat label={t.owed}>
          <span className="text-xl font-bold text-amber-800 sm:text-2xl">
            {formatUsd(totals.remaining_cents)}
          </span>
          {bs(totals.remaining_cents)}
        </Stat>
      </dl>
      {rate.rate !== null && rate.isStale && (
        <p className="flex items-center gap-1 text-xs text-amber-800">
          <TriangleAlert aria-hidden className="size-3.5" />
          {t.staleRate}
        </p>
      )}
    </section>
  );
}
