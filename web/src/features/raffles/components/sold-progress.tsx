import { soldPercent } from '@domain/raffle-figures';
import type { Raffle } from '@domain/raffles';
import { cn } from '@/lib/cn';
import { rafflesTexts } from '../texts';

const percentFormat = new Intl.NumberFormat('es-VE', { maximumFractionDigits: 1 });
export const formatPercent = (value: number) => `${percentFormat.format(value)}%`;

type SoldProgressProps = {
  raffle: Pick<Raffle, 'total_numbers' | 'stats'>;
  className?: string;
};

/** "12,5% vendido · quedan 875 números" over a bar; numbers left are the ones still disponible. */
export function SoldProgress({ raffle, className }: SoldProgressProps) {
  const t = rafflesTexts.card;
  const percent = soldPercent(raffle);
  return (
    <div className={cn('grid gap-1.5', className)}>
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-semibold text-zinc-900">{t.sold(formatPercent(percent))}</span>
        <span className="text-zinc-600">{t.left(raffle.stats.disponible)}</span>
      </div>
      <div
        role="progressbar"
        aria-label={t.soldLabel}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={t.sold(formatPercent(percent))}
        className="h-2.5 overflow-hidden rounded-full bg-zinc-200"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width] duration-500"
          // A sliver stays visible once anything sold, so 0,1% does not look like nothing.
          style={{ width: `${percent > 0 ? Math.max(percent, 1.5) : 0}%` }}
        />
      </div>
    </div>
  );
}
