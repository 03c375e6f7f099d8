import type { SellerSales } from '@domain/commissions';
import { formatUsd } from '@domain/money';
import { commissionsTexts } from '../texts';
import { Fact } from './fact';

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
            <Fact label={t.sold}>{count.format(r.numbers_sold)}</Fact>
            <Fact label={t.paid}>{count.format(r.numbers_paid)}</Fact>
            <Fact label={t.buyers}>{count.format(r.buyers)}</Fact>
            <Fact label={t.collected} className="col-span-2">
              {formatUsd(r.collected_cents)}
            </Fact>
            <Fact label={t.commission} valueClassName="font-semibold text-brand-700">
              {formatUsd(r.earned_cents - r.reversed_cents)}
            </Fact>
          </dl>
        </li>
      ))}
    </ul>
  );
}
