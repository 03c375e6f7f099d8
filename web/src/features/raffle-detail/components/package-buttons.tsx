import { formatBs, formatUsd } from '@domain/money';
import type { RafflePackage } from '@domain/package-pricing';
import { padTicketNumber } from '@domain/tickets';
import { PackageCheck } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { VesRate } from '@/lib/exchange-rates';
import { useLuckyPick } from '../api/lucky-pick';
import { useLuckyPickFailure } from '../hooks/use-lucky-pick-failure';
import { packageAdds } from '../package-offer';
import { useRaffleStore } from '../store/raffle-store';
import { raffleDetailTexts } from '../texts';

const t = raffleDetailTexts.packages;

type PackageButtonsProps = {
  raffleId: string;
  digitCount: number;
  priceCents: number;
  packages: readonly RafflePackage[];
  /** The day's bolívar rate: each package's price in Bs below its dollars, as every price on the page. */
  rate?: VesRate;
};

/**
 * "5 por $20,00" as quick buttons: a tap completes the buyer's selection up to the package with
 * numbers picked at random by the server (the lucky pick), or picks the whole package when nothing
 * is chosen yet. Whatever the buyer ends up with, the checkout charges the cheapest combination.
 */
export function PackageButtons({ raffleId, digitCount, priceCents, packages, rate }: PackageButtonsProps) {
  const selection = useRaffleStore((s) => s.selection);
  const pick = useLuckyPick();
  const failed = useLuckyPickFailure(raffleId);
  const [busy, setBusy] = useState<number | null>(null);

  const onPick = async (size: number) => {
    const adds = packageAdds(size, selection.length);
    if (adds === 0) return void toast.info(t.full);
    setBusy(size);
    try {
      const { numbers } = await pick.mutateAsync({ raffleId, count: adds, exclude: selection });
      if (numbers.length === 0) return void toast.info(raffleDetailTexts.lucky.none);
      const store = useRaffleStore.getState();
      store.select(numbers);
      store.highlight(numbers[0] as number);
      const list = numbers.map((n) => padTicketNumber(n, digitCount));
      toast.success(raffleDetailTexts.lucky.picked(list), {
        description: numbers.length < adds ? raffleDetailTexts.lucky.fewer(numbers.length) : undefined,
      });
    } catch (error) {
      failed(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby="rd-packages-title" className="grid gap-2">
      <div className="flex items-center gap-2">
        <PackageCheck aria-hidden className="size-5 text-brand-700" />
        <h3 id="rd-packages-title" className="text-sm font-semibold text-zinc-900">
          {t.title}
        </h3>
      </div>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
        {packages.map((p) => {
          const adds = packageAdds(p.numbers, selection.length);
          return (
            <li key={p.numbers}>
              <button
                type="button"
                onClick={() => void onPick(p.numbers)}
                disabled={busy !== null || adds === 0}
                aria-busy={busy === p.numbers || undefined}
                className="grid min-h-16 w-full content-center gap-0.5 rounded-xl border-2 border-brand-200 bg-brand-50 px-3 py-2 text-left hover:border-brand-500 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-50"
              >
                <span className="text-base font-bold text-brand-800 tabular-nums">
                  {t.offer(p.numbers, formatUsd(p.price_cents))}
                </span>
                {rate?.rate != null && (
                  <span className="text-xs font-medium text-zinc-700 tabular-nums">
                    {formatBs(p.price_cents, rate.rate)}
                  </span>
                )}
                <span className="text-xs font-medium text-green-800">
                  {t.saving(formatUsd(p.numbers * priceCents - p.price_cents))}
                </span>
                <span className="text-xs text-zinc-600">{t.adds(adds)}</span>
              </button>
            </li>
          );
        })}
      </ul>
      <p className="text-xs text-zinc-600">{t.hint}</p>
    </section>
  );
}
