import { formatBs, formatUsd } from '@domain/money';
import { TriangleAlert } from 'lucide-react';
import { useVesRate } from '@/lib/exchange-rates';
import { rafflesTexts } from '../texts';

/** "$5,00 por número" and, when there is a rate, "Bs 182,50" (flagged when the rate is old). */
export function RafflePrice({ priceCents }: { priceCents: number }) {
  const { rate, isStale } = useVesRate();
  const t = rafflesTexts.card;
  return (
    <div className="grid gap-0.5">
      <p className="flex flex-wrap items-baseline gap-x-1.5">
        <span className="text-2xl font-bold tracking-tight text-zinc-900">{formatUsd(priceCents)}</span>
        <span className="text-sm text-zinc-600">{t.perNumber}</span>
      </p>
      {rate !== null && (
        <p className="flex flex-wrap items-center gap-x-2 text-sm text-zinc-700">
          <span className="font-medium">{formatBs(priceCents, rate)}</span>
          {isStale && (
            <span title={t.staleRateTitle} className="inline-flex items-center gap-1 text-xs text-amber-800">
              <TriangleAlert aria-hidden className="size-3.5" />
              {t.staleRate}
            </span>
          )}
        </p>
      )}
    </div>
  );
}
