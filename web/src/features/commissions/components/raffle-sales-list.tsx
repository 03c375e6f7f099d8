import type { SellerSales } from '@domain/commissions';
import { formatUsd } from '@domain/money';
import { commissionsTexts } from '../texts';

const count = new Intl.NumberFormat('es-VE');

/** The seller's figures per raffle: a card each (phone first), side by side on wider screens. */
export function RaffleSalesList({ raffles }: { raffles: SellerSales['raffles'] }) {
  const t = commissionsTexts.byRaffle;
  return (
    <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3" aria-label={t.title}>
      {raffles.map((r) => (
        <li
          key={r.raffle_id}
          className="grid gap-2 rounded-xl border border-zinc-200 bg-white p-3 sm:p-4"
          data-testid="raffle-sales"
        >
          <p className="font-semibold break-words text-zinc-900">{r.raffle_name}</p>
          <dl className="grid grid-cols-3 gap-2 text-sm tabular-nums">
            <div>
              <dt className="text-xs text-zinc-500">{t.sold}</dt>
              <dd className="font-medium">{count.format(r.numbers_sold)}</dd>
            </div>
            <div>
              <dt className="text-xs text-zinc-500">{t.paid}</dt>
              <dd className="font-medium">{count.format(r.numbers_paid)}</dd>
            </div>
            <div>
              <dt className="text-xs text-zinc-500">{t.buyers}</dt>
              <dd className="font-medium">{count.format(r.buyers)}</dd>
            </div>
            <div className="col-span-2">
              <dt className="text-xs text-zinc-500">{t.collected}</dt>
              <dd className="font-medium">{formatUsd(r.collected_cents)}</dd>
            </div>
            <div>
              <dt className="text-xs text-zinc-500">{t.commission}</dt>
              <dd className="font-semibold text-brand-700">{formatUsd(r.earned_cents - r.reversed_cents)}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
