import type { SellerRanking, SellerRankingRow } from '@domain/commissions';
import { formatUsd, formatVesCents } from '@domain/money';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { commissionsTexts } from '../texts';
import { CashDialog } from './cash-dialog';
import { Fact } from './fact';
import { PayoutDialog } from './payout-dialog';
import { TermsDialog } from './terms-dialog';

const count = new Intl.NumberFormat('es-VE');

function termsLabel(row: SellerRankingRow) {
  const t = commissionsTexts.sellers;
  if (row.percent !== null) return `${row.percent.toLocaleString('es-VE')} %`;
  if (row.per_number_cents !== null) return `${formatUsd(row.per_number_cents)} / nº`;
  return t.noTerms;
}

/**
 * A seller's place in the ranking by numbers sold; one who sold nothing has none (a lone new
 * vendedor read «1.»).
 */
function Place({ row, index }: { row: SellerRankingRow; index: number }) {
  if (row.numbers_sold > 0) return <>{index + 1}.</>;
  return (
    <>
      <span aria-hidden>–</span>
      <span className="sr-only">{commissionsTexts.sellers.noPlace}</span>
    </>
  );
}

function Actions({
  row,
  raffleId,
  compact,
}: {
  row: SellerRankingRow;
  raffleId?: string;
  compact?: boolean;
}) {
  return (
    <div className="flex flex-wrap gap-2 lg:flex-nowrap">
      {raffleId && <TermsDialog raffleId={raffleId} seller={row} compact={compact} />}
      <PayoutDialog seller={row} compact={compact} />
      <CashDialog seller={row} compact={compact} />
    </div>
  );
}

/** «$20,00 · Bs 800,00 · 2 pagos · comisión retenida $2,50». */
function cashLine(r: SellerRankingRow) {
  const c = commissionsTexts.cash;
  return [
    formatUsd(r.cash_held_cents),
    r.cash_held_ves_cents !== null && formatVesCents(r.cash_held_ves_cents),
    c.payments(r.cash_payments),
    r.held_cents > 0 && `${c.heldCommission.toLowerCase()} ${formatUsd(r.held_cents)}`,
  ]
    .filter(Boolean)
    .join(' · ');
}

const owedTone = (cents: number) =>
  cents < 0 ? 'text-red-700' : cents > 0 ? 'text-amber-800' : 'text-zinc-700';

/** The ranking: cards on a phone, a table from `lg` up; totals at the end. */
export function SellerRankingView({ ranking }: { ranking: SellerRanking }) {
  const t = commissionsTexts.sellers;
  const raffleId = ranking.raffle_id ?? undefined;
  const net = (r: { earned_cents: number; reversed_cents: number }) => r.earned_cents - r.reversed_cents;
  return (
    <>
      <ol className="grid gap-2 lg:hidden" aria-label={t.title}>
        {ranking.items.map((r, i) => (
          <li
            key={r.seller_id}
            className="grid gap-3 rounded-xl border border-zinc-200 bg-white p-3"
            data-testid="seller-card"
          >
            <div className="flex items-baseline gap-2">
              <span className="text-sm font-semibold text-zinc-500" data-testid="seller-place">
                <Place row={r} index={i} />
              </span>
              <div className="grid min-w-0">
                <p className="font-semibold break-words text-zinc-900">{r.seller_name || r.seller_email}</p>
                <p className="text-xs break-all text-zinc-500">{r.seller_email}</p>
              </div>
            </div>
            <dl className="grid grid-cols-3 gap-2 text-sm tabular-nums">
              <Fact label={t.sold}>{count.format(r.numbers_sold)}</Fact>
              <Fact label={t.paid}>{count.format(r.numbers_paid)}</Fact>
              <Fact label={t.collected}>{formatUsd(r.collected_cents)}</Fact>
              <Fact label={t.earned}>{formatUsd(net(r))}</Fact>
              <Fact label={t.paidOut}>{formatUsd(r.paid_out_cents)}</Fact>
              <Fact label={t.owed} valueClassName={cn('font-semibold', owedTone(r.balance_cents))}>
                {formatUsd(r.balance_cents)}
              </Fact>
              {raffleId && (
                <Fact label={t.terms} className="col-span-3">
                  {termsLabel(r)}
                </Fact>
              )}
              {r.cash_held_cents > 0 && (
                <Fact
                  label={t.cashHeld}
                  className="col-span-3 rounded-lg bg-amber-50 px-2 py-1.5"
                  valueClassName="text-amber-900"
                >
                  {cashLine(r)}
                </Fact>
              )}
            </dl>
            <Actions row={r} raffleId={raffleId} />
          </li>
        ))}
      </ol>
      {/* Ten columns and the actions beside the menu: tighter cells until 2xl, so the actions are not
          scrolled out of sight at 1440 px. */}
      <div className="hidden overflow-x-auto rounded-xl border border-zinc-200 bg-white lg:block [&_td]:px-2.5 [&_th]:px-2.5 2xl:[&_td]:px-4 2xl:[&_th]:px-4">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>{t.seller}</TableHead>
              <TableHead className="text-right">{t.sold}</TableHead>
              <TableHead className="text-right">{t.paid}</TableHead>
              <TableHead className="text-right">{t.collected}</TableHead>
              {raffleId && <TableHead>{t.termsShort}</TableHead>}
              <TableHead className="text-right">{t.earned}</TableHead>
              <TableHead className="text-right">{t.paidOut}</TableHead>
              <TableHead className="text-right">{t.owed}</TableHead>
              <TableHead className="text-right">{t.cashHeld}</TableHead>
              <TableHead>{t.actions}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {ranking.items.map((r, i) => (
              <TableRow key={r.seller_id} data-testid="seller-row">
                <TableCell>
                  <div className="flex items-baseline gap-2">
                    <span className="text-zinc-500 tabular-nums" data-testid="seller-place">
                      <Place row={r} index={i} />
                    </span>
                    {/* A long e-mail wraps rather than widen the table past the screen (1440 px). */}
                    <div className="grid min-w-0">
                      <span className="font-medium wrap-anywhere text-zinc-900">
                        {r.seller_name || r.seller_email}
                      </span>
                      <span className="text-xs wrap-anywhere text-zinc-500">{r.seller_email}</span>
                    </div>
                  </div>
                </TableCell>
                <TableCell className="text-right tabular-nums">{count.format(r.numbers_sold)}</TableCell>
                <TableCell className="text-right tabular-nums">{count.format(r.numbers_paid)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatUsd(r.collected_cents)}</TableCell>
                {raffleId && <TableCell className="whitespace-nowrap">{termsLabel(r)}</TableCell>}
                <TableCell className="text-right tabular-nums">{formatUsd(net(r))}</TableCell>
                <TableCell className="text-right tabular-nums">{formatUsd(r.paid_out_cents)}</TableCell>
                <TableCell className={cn('text-right font-semibold tabular-nums', owedTone(r.balance_cents))}>
                  {formatUsd(r.balance_cents)}
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {r.cash_held_cents > 0 ? (
                    <span className="grid text-amber-900">
                      <span className="font-semibold">{formatUsd(r.cash_held_cents)}</span>
                      <span className="text-xs">{commissionsTexts.cash.payments(r.cash_payments)}</span>
                    </span>
                  ) : (
                    <span className="text-zinc-500">{formatUsd(0)}</span>
                  )}
                </TableCell>
                <TableCell>
                  <Actions row={r} raffleId={raffleId} compact />
                </TableCell>
              </TableRow>
            ))}
            <TableRow className="bg-zinc-50 font-semibold">
              <TableCell>{t.totals}</TableCell>
              <TableCell className="text-right tabular-nums">
                {count.format(ranking.totals.numbers_sold)}
              </TableCell>
              <TableCell className="text-right tabular-nums">
                {count.format(ranking.totals.numbers_paid)}
              </TableCell>
              <TableCell className="text-right tabular-nums">
                {formatUsd(ranking.totals.collected_cents)}
              </TableCell>
              {raffleId && <TableCell />}
              <TableCell className="text-right tabular-nums">{formatUsd(net(ranking.totals))}</TableCell>
              <TableCell className="text-right tabular-nums">
                {formatUsd(ranking.totals.paid_out_cents)}
              </TableCell>
              <TableCell className="text-right tabular-nums">
                {formatUsd(ranking.totals.balance_cents)}
              </TableCell>
              <TableCell className="text-right tabular-nums">
                {formatUsd(ranking.totals.cash_held_cents)}
              </TableCell>
              <TableCell />
            </TableRow>
          </TableBody>
        </Table>
      </div>
    </>
  );
}
