import { History } from 'lucide-react';
import { useRaffles } from '@/api/raffles';
import { DashboardPageHeader } from '@/components/dashboard-page-header';
import { ListEmptyState } from '@/components/list-empty-state';
import { PagedList } from '@/components/paged-list';
import { QueryState } from '@/components/query-state';
import { useClampedPage } from '@/hooks/use-clamped-page';
import { useViewerProfile } from '@/hooks/use-viewer-profile';
import { useHistory } from '../api/get-history';
import { HistoryCardList } from '../components/history-card-list';
import { HistoryFilters } from '../components/history-filters';
import { HistorySkeleton } from '../components/history-skeleton';
import { HistoryTable } from '../components/history-table';
import { useHistoryParams } from '../hooks/use-history-params';
import { historyTexts } from '../texts';

const PER_PAGE = 25;

/** Every ticket change, newest first, filtered by raffle, resulting status and days (staff). */
export function HistoryPage() {
  const t = historyTexts;
  const profile = useViewerProfile();
  const isAdmin = profile?.role === 'admin';
  const params = useHistoryParams();
  const { raffleId, status, from, to, page, setPage } = params;
  // A vendedor's history only covers their raffles, so the filter offers only those.
  const raffles = useRaffles({ seller_id: isAdmin ? undefined : profile?.id }, { enabled: profile !== null });
  const history = useHistory({ raffle_id: raffleId, status, from, to, page, per_page: PER_PAGE });
  useClampedPage(history, PER_PAGE, params);

  return (
    <>
      <DashboardPageHeader title={t.title} description={t.description} />
      <div className="grid gap-5">
        <HistoryFilters
          raffles={raffles.data}
          rafflesLoading={raffles.isPending}
          raffleId={raffleId}
          status={status}
          from={from}
          to={to}
          hasFilters={params.hasFilters}
          onChange={params.setFilter}
          onClear={params.clear}
        />
        <QueryState query={history} loading={<HistorySkeleton />} errorTitle={t.errorTitle}>
          {(data) =>
            data.items.length === 0 ? (
              <ListEmptyState
                icon={History}
                filtered={params.hasFilters}
                texts={t}
                clearLabel={t.filters.clear}
                onClear={params.clear}
              />
            ) : (
              <PagedList
                label={t.title}
                texts={t}
                page={page}
                perPage={PER_PAGE}
                count={data.count}
                busy={history.isPlaceholderData}
                onPageChange={setPage}
              >
                <div className="hidden md:block">
                  <HistoryTable entries={data.items} />
                </div>
                <div className="md:hidden">
                  <HistoryCardList entries={data.items} />
                </div>
              </PagedList>
            )
          }
        </QueryState>
      </div>
    </>
  );
}
