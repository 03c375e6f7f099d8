import { DashboardPageHeader } from '@/components/dashboard-page-header';
import { CurrentRateCard } from '../components/current-rate-card';
import { RateHistoryCard } from '../components/rate-history-card';
import { SetRateForm } from '../components/set-rate-form';
import { useVesExchangeRate } from '../components/use-ves-exchange-rate';
import { ratesTexts } from '../texts';

/** `/dashboard/admin/rates` (admin): today's bolívar rate, set by hand or pulled, and its last 30 days. */
export function RatesPage() {
  const { query, rate } = useVesExchangeRate();
  return (
    <>
      <DashboardPageHeader title={ratesTexts.title} description={ratesTexts.description} />
      <div className="grid gap-5 lg:grid-cols-2">
        <CurrentRateCard
          rate={rate}
          isPending={query.isPending}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
        <SetRateForm />
        <div className="lg:col-span-2">
          <RateHistoryCard />
        </div>
      </div>
    </>
  );
}
