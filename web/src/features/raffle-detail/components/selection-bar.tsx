import { formatUsd } from '@domain/money';
import type { RafflePackage } from '@domain/package-pricing';
import { padTicketNumber } from '@domain/tickets';
import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import type { VesRate } from '@/lib/exchange-rates';
import { selectionPrice } from '../package-offer';
import { priceText } from '../price';
import { useRaffleStore } from '../store/raffle-store';
import { raffleDetailTexts } from '../texts';

const t = raffleDetailTexts.selection;

type SelectionBarProps = {
  priceCents: number;
  /** The raffle's packages: the total is the cheapest combination for the count chosen. */
  packages?: readonly RafflePackage[];
  digitCount: number;
  rate: VesRate;
  onReserve: () => void;
};

/**
 * Sticky at the bottom while numbers are chosen: the chips (removable), the total and the one next
 * step. Its height is published as --rd-bar-height so toasts and the page end clear it.
 */
export function SelectionBar({ priceCents, packages = [], digitCount, rate, onReserve }: SelectionBarProps) {
  const selection = useRaffleStore((s) => s.selection);
  const ref = useRef<HTMLElement>(null);
  const visible = selection.length > 0;

  useEffect(() => {
    const el = ref.current;
    const root = document.documentElement;
    if (!el || !visible) return;
    const observer = new ResizeObserver(() =>
      root.style.setProperty('--rd-bar-height', `${el.offsetHeight}px`),
    );
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--rd-bar-height');
    };
  }, [visible]);

  if (!visible) return null;
  const price = selectionPrice({ price_cents: priceCents, packages }, selection.length);
  const total = priceText(price.totalCents, rate);
  return (
    <section
      ref={ref}
      id="rd-selection-bar"
      aria-label={t.region}
      className="fixed inset-x-0 bottom-0 z-40 animate-slide-up border-t border-zinc-200 bg-white shadow-[0_-6px_20px_rgb(0_0_0/0.08)]"
    >
      <div className="mx-auto grid max-w-6xl gap-2 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
        <div className="flex items-center justify-between gap-2">
          {/* The saving goes under the count when both do not fit, never split in two. */}
          <p
            className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-sm font-semibold text-zinc-900"
            aria-live="polite"
          >
            <span className="whitespace-nowrap">{t.count(selection.length)}</span>
            {price.savingCents > 0 && (
              <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-green-800">
                {raffleDetailTexts.packages.saving(formatUsd(price.savingCents))}
              </span>
            )}
          </p>
          <button
            type="button"
            onClick={() => useRaffleStore.getState().clearSelection()}
            className="-my-2 inline-flex min-h-10 min-w-10 shrink-0 items-center justify-center rounded px-2 text-xs font-medium whitespace-nowrap text-zinc-700 underline underline-offset-2"
          >
            {t.clear}
          </button>
        </div>
        <ul className="-mx-1 flex gap-1.5 overflow-x-auto px-1 pb-1 [scrollbar-width:thin]">
          {selection.map((n) => {
            const label = padTicketNumber(n, digitCount);
            return (
              <li key={n} className="shrink-0">
                <button
                  type="button"
                  onClick={() => useRaffleStore.getState().toggle(n)}
                  aria-label={t.remove(label)}
                  className="inline-flex h-10 items-center gap-1 rounded-full bg-brand-700 pr-2 pl-3 text-sm font-semibold text-white tabular-nums hover:bg-brand-800"
                >
                  {label}
                  <X aria-hidden className="size-4 opacity-80" />
                </button>
              </li>
            );
          })}
        </ul>
        <Button size="lg" className="h-auto min-h-12 w-full py-2 whitespace-normal" onClick={onReserve}>
          <span>
            {t.reserve(selection.length)} — <span className="whitespace-nowrap">{total.label}</span>
          </span>
        </Button>
      </div>
    </section>
  );
}
