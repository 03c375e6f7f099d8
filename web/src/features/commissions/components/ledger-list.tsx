import { ledgerKindLabels } from '@domain/commissions';
import { formatDateTime } from '@domain/dates';
import { formatUsd, formatVesCents } from '@domain/money';
import { InlineQueryError } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useSellerLedger } from '../api/seller-sales';
import { commissionsTexts } from '../texts';

const SIGN = { earned: '+', reversed: '−', paid_out: '−' } as const;

/** The seller's ledger, newest first, 20 at a time ("Ver más" reads the next page by keyset). */
export function LedgerList({ sellerId }: { sellerId: string }) {
  const t = commissionsTexts.ledger;
  const query = useSellerLedger(sellerId);
  if (query.isPending) return <Skeleton className="h-40" />;
  if (query.isError)
    return (
      <InlineQueryError
        message={t.loadError}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  const entries = query.data.pages.flatMap((p) => p.entries);
  if (entries.length === 0) return <p className="text-sm text-zinc-600">{t.empty}</p>;
  return (
    <div className="grid gap-3">
      <ul
        className="divide-y divide-zinc-200 rounded-xl border border-zinc-200 bg-white"
        data-testid="ledger-list"
      >
        {entries.map((e) => (
          <li
            key={e.id}
            className="flex items-start justify-between gap-3 p-3"
            data-testid={`ledger-${e.kind}`}
          >
            <div className="grid min-w-0 gap-0.5">
              <p className="font-medium text-zinc-900">{ledgerKindLabels[e.kind]}</p>
              <p className="text-xs break-words text-zinc-600">
                {e.kind === 'paid_out'
                  ? t.payout(e.method ?? '', e.reference)
                  : [
                      e.raffle_name,
                      e.ticket_number ? t.number(e.ticket_number) : null,
                      t.terms(
                        e.percent_bp === null ? null : e.percent_bp / 100,
                        e.per_number_cents === null ? null : formatUsd(e.per_number_cents),
                      ),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
              </p>
              <p className="text-xs text-zinc-500">{formatDateTime(e.created_at)}</p>
            </div>
            <div className="grid shrink-0 justify-items-end tabular-nums">
              <span className={cn('font-semibold', e.kind === 'earned' ? 'text-green-800' : 'text-zinc-800')}>
                {SIGN[e.kind]}
                {formatUsd(e.amount_cents)}
              </span>
              {e.amount_ves_cents !== null && (
                <span className="text-xs text-zinc-500">{formatVesCents(e.amount_ves_cents)}</span>
              )}
            </div>
          </li>
        ))}
      </ul>
      {query.hasNextPage && (
        <Button
          variant="secondary"
          className="w-fit"
          loading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {t.more}
        </Button>
      )}
    </div>
  );
}
