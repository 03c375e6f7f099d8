import { HandCoins } from 'lucide-react';
import { DashboardPageHeader } from '@/components/dashboard-page-header';
import { QueryState } from '@/components/query-state';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/use-auth';
import { useSellerSales } from '../api/seller-sales';
import { CommissionChart } from '../components/commission-chart';
import { CommissionTiles } from '../components/commission-tiles';
import { LedgerList } from '../components/ledger-list';
import { MyCashSection } from '../components/my-cash-section';
import { RaffleSalesList } from '../components/raffle-sales-list';
import { commissionsTexts } from '../texts';

/** `/dashboard/admin/mis-ventas` (staff): the signed-in seller's sales, commission and payouts. */
export function MySalesPage() {
  const { profile } = useAuth();
  const sellerId = profile?.id ?? '';
  const query = useSellerSales(sellerId);
  const t = commissionsTexts;
  return (
    <>
      <DashboardPageHeader title={t.mySales.title} description={t.mySales.description} />
      <QueryState
        query={query}
        errorTitle={t.mySales.loadError}
        loading={
          <div className="grid gap-3">
            <Skeleton className="h-28" />
            <Skeleton className="h-40" />
          </div>
        }
      >
        {(sales) => (
          <div className="grid gap-5">
            <CommissionTiles totals={sales.totals} />
            <MyCashSection sellerId={sellerId} sellerName={sales.seller_name} />
            <Card>
              <CardHeader>
                <CardTitle>{t.chart.title}</CardTitle>
                <CardDescription>{t.chart.description}</CardDescription>
              </CardHeader>
              <CardContent>
                <CommissionChart days={sales.per_day} />
              </CardContent>
            </Card>
            <section className="grid gap-2">
              <h2 className="text-lg font-semibold text-zinc-900">{t.byRaffle.title}</h2>
              {sales.raffles.length === 0 ? (
                <EmptyState icon={HandCoins} title={t.mySales.empty} description={t.mySales.emptyHint} />
              ) : (
                <RaffleSalesList raffles={sales.raffles} />
              )}
            </section>
            <section className="grid gap-2">
              <h2 className="text-lg font-semibold text-zinc-900">{t.ledger.title}</h2>
              <p className="text-sm text-zinc-600">{t.ledger.description}</p>
              <LedgerList sellerId={sellerId} />
            </section>
          </div>
        )}
      </QueryState>
    </>
  );
}
