import { formatUsd } from '@domain/money';
import { Download, Users } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { useRaffles } from '@/api/raffles';
import { DashboardPageHeader } from '@/components/dashboard-page-header';
import { errorMessage, QueryState } from '@/components/query-state';
import { RaffleSelect } from '@/components/raffle-select';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useExportSellersCsv, useSellerRanking } from '../api/sellers';
import { SellerRankingView } from '../components/seller-ranking';
import { commissionsTexts } from '../texts';

const count = new Intl.NumberFormat('es-VE');

/** `/dashboard/admin/vendedores` (admin): the sellers' ranking overall or per raffle, terms, payouts, CSV. */
export function SellersPage() {
  const t = commissionsTexts.sellers;
  const [raffleId, setRaffleId] = useState<string | undefined>();
  const raffles = useRaffles();
  const query = useSellerRanking(raffleId);
  const exportCsv = useExportSellersCsv();
  const fileName = raffleId ? `vendedores-${raffleId.slice(0, 8)}.csv` : 'vendedores.csv';
  return (
    <>
      <DashboardPageHeader
        title={t.title}
        description={t.description}
        actions={
          <Button
            variant="secondary"
            loading={exportCsv.isPending}
            onClick={() =>
              exportCsv.mutate(
                { raffleId, fileName },
                {
                  onSuccess: () => toast.success(commissionsTexts.csv.done(fileName)),
                  onError: (error) =>
                    toast.error(commissionsTexts.csv.error, { description: errorMessage(error) }),
                },
              )
            }
          >
            {!exportCsv.isPending && <Download aria-hidden />}
            {commissionsTexts.csv.button}
          </Button>
        }
      />
      <div className="grid gap-4">
        <div className="max-w-sm">
          <RaffleSelect
            id="sellers-raffle"
            raffles={raffles.data}
            value={raffleId}
            onChange={setRaffleId}
            allLabel={t.raffleAll}
          />
        </div>
        <QueryState query={query} errorTitle={t.loadError} loading={<Skeleton className="h-64" />}>
          {(ranking) =>
            ranking.items.length === 0 ? (
              <EmptyState icon={Users} title={t.empty} description={t.emptyHint} />
            ) : (
              <div className="grid gap-3">
                <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5" data-testid="sellers-totals">
                  {[
                    [t.sold, count.format(ranking.totals.numbers_sold)],
                    [t.collected, formatUsd(ranking.totals.collected_cents)],
                    [t.earned, formatUsd(ranking.totals.earned_cents - ranking.totals.reversed_cents)],
                    [t.owed, formatUsd(ranking.totals.balance_cents)],
                    [t.cashHeld, formatUsd(ranking.totals.cash_held_cents)],
                  ].map(([label, value], i) => (
                    <div
                      key={label}
                      className={cn(
                        'grid gap-0.5 rounded-xl border border-zinc-200 bg-white p-3',
                        i === 4 && 'col-span-2 sm:col-span-1',
                        i === 4 && ranking.totals.cash_held_cents > 0 && 'border-amber-200 bg-amber-50',
                      )}
                    >
                      <dt className="text-xs font-medium text-zinc-600">{label}</dt>
                      <dd className="text-lg font-bold tabular-nums text-zinc-900">{value}</dd>
                    </div>
                  ))}
                </dl>
                <SellerRankingView ranking={ranking} />
                {raffleId && <p className="text-xs text-zinc-500">{t.payoutsNote}</p>}
              </div>
            )
          }
        </QueryState>
      </div>
    </>
  );
}
