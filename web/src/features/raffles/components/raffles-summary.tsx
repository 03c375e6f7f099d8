import { formatUsd } from '@domain/money';
import type { Raffle } from '@domain/raffles';
import { dashboardTexts } from '../dashboard-texts';

/** Totals over the listed raffles: how many, collected and still to collect. */
export function RafflesSummary({ raffles }: { raffles: Raffle[] }) {
  const t = dashboardTexts.summary;
  const collected = raffles.reduce((sum, r) => sum + (r.stats.total_paid_cents ?? 0), 0);
  const pending = raffles.reduce((sum, r) => sum + (r.stats.pending_cents ?? 0), 0);
  const items = [
    { label: t.raffles, value: String(raffles.length), className: 'text-zinc-900' },
    { label: t.collected, value: formatUsd(collected), className: 'text-green-800' },
    { label: t.pending, value: formatUsd(pending), className: 'text-amber-800' },
  ];
  return (
    <dl className="grid grid-cols-3 gap-2 sm:gap-4">
      {items.map((item) => (
        <div key={item.label} className="grid gap-0.5 rounded-xl border border-zinc-200 bg-white p-3 sm:p-4">
          <dt className="text-xs font-medium text-zinc-600 sm:text-sm">{item.label}</dt>
          <dd className={`text-base font-bold tabular-nums sm:text-2xl ${item.className}`}>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
