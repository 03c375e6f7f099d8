import type { SellerSales } from '@domain/commissions';
import { formatUsd } from '@domain/money';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { commissionsTexts } from '../texts';

const count = new Intl.NumberFormat('es-VE');

function Tile({
  label,
  hint,
  children,
  testId,
  className,
}: {
  label: string;
  hint?: string;
  children: ReactNode;
  testId: string;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'grid content-start gap-0.5 rounded-xl border border-zinc-200 bg-white p-3 sm:p-4',
        className,
      )}
      data-testid={testId}
    >
      <dt className="text-xs font-medium text-zinc-600 sm:text-sm">{label}</dt>
      <dd className="tabular-nums">{children}</dd>
      {hint && <dd className="text-xs text-zinc-500">{hint}</dd>}
    </div>
  );
}

/** Earned / paid / owed first (what a vendedor asks), then what they sold. */
export function CommissionTiles({ totals }: { totals: SellerSales['totals'] }) {
  const t = commissionsTexts.tiles;
  const net = totals.earned_cents - totals.reversed_cents;
  return (
    <dl aria-label={t.label} className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3">
      <Tile
        label={t.earned}
        hint={t.earnedHint}
        testId="commission-earned"
        className="col-span-2 sm:col-span-1"
      >
        <span className="text-2xl font-bold text-zinc-900">{formatUsd(net)}</span>
      </Tile>
      <Tile label={t.paid} testId="commission-paid">
        <span className="text-xl font-bold text-green-800 sm:text-2xl">
          {formatUsd(totals.paid_out_cents)}
        </span>
      </Tile>
      <Tile label={t.owed} testId="commission-owed">
        <span
          className={cn(
            'text-xl font-bold sm:text-2xl',
            totals.balance_cents < 0
              ? 'text-red-700'
              : totals.balance_cents > 0
                ? 'text-amber-800'
                : 'text-zinc-900',
          )}
        >
          {formatUsd(totals.balance_cents)}
        </span>
      </Tile>
      {totals.held_cents > 0 && (
        <Tile
          label={t.held}
          hint={t.heldHint}
          testId="commission-held"
          className="col-span-2 border-amber-200 bg-amber-50 sm:col-span-3"
        >
          <span className="text-xl font-bold text-amber-900 sm:text-2xl">{formatUsd(totals.held_cents)}</span>
        </Tile>
      )}
      <Tile label={t.sold} testId="commission-sold">
        <span className="text-xl font-bold text-zinc-900">{count.format(totals.numbers_sold)}</span>
      </Tile>
      <Tile label={t.buyers} testId="commission-buyers">
        <span className="text-xl font-bold text-zinc-900">{count.format(totals.buyers)}</span>
      </Tile>
      <Tile label={t.collected} testId="commission-collected" className="col-span-2 sm:col-span-1">
        <span className="text-xl font-bold text-zinc-900">{formatUsd(totals.collected_cents)}</span>
      </Tile>
    </dl>
  );
}
