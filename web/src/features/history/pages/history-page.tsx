import { History, SearchX } from 'lucide-react';
import { useEffect } from 'react';
import { useRaffles } from '@/api/raffles';
import { PageHeader } from '@/components/page-header';
import { Pagination } from '@/components/pagination';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import { texts } from '@/config/texts';
import { cn } from '@/lib/cn';
import { useHistory } from '../api/get-history';
import { HistoryCardList } from '../components/history-card-list';
import { HistoryFilters } from '../components/history-filters';
import { HistorySkeleton } from '../components/history-skeleton';
import { HistoryTable } from '../components/history-table';
import { useHistoryParams } from '../hooks/use-history-params';
import { useViewerProfile } from '../hooks/use-viewer-profile';
import { historyTexts } from '../texts';

const PER_PAGE = 25;

const pageSummary = (page: number, count: number) =>
  count > PER_PAGE
    ? historyTexts.showing((page - 1) * PER_PAGE + 1, Math.min(count, page * PER_PAGE), count)
    : historyTexts.total(count);

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

  const pages = history.data ? Math.max(1, Math.ceil(history.data.count / PER_PAGE)) : 1;
  // A shared link to a page that no longer exists lands on the last one.
  useEffect(() => {
    if (history.data && !history.isPlaceholderData && page > pages) setPage(pages, { replace: true });
  }, [history.data, history.isPlaceholderData, page, pages, setPage]);

  return (
    <>
      <PageHeader
        title={t.title}
        description={t.description}
        breadcrumbs={[
          { label: texts.dashboardNav.breadcrumbRoot, href: paths.dashboard.root.getHref() },
          { label: t.title },
        ]}
        back={{ href: paths.dashboard.root.getHref() }}
      />
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
              params.hasFilters ? (
                <EmptyState
                  icon={SearchX}
                  title={t.noMatchTitle}
                  description={t.noMatchDescription}
                  action={
                    <Button variant="secondary" onClick={params.clear}>
                      {t.filters.clear}
                    </Button>
                  }
                />
              ) : (
                <EmptyState icon={History} title={t.emptyTitle} description={t.emptyDescription} />
              )
            ) : (
              <section
                aria-label={t.title}
                aria-busy={history.isPlaceholderData || undefined}
                className="grid gap-3"
              >
                <p className="text-sm text-zinc-600" aria-live="polite">
                  {pageSummary(page, data.count)}
                </p>
                <div className={cn('transition-opacity', history.isPlaceholderData && 'opacity-60')}>
                  <div className="hidden md:block">
                    <HistoryTable entries={data.items} />
                  </div>
                  <div className="md:hidden">
                    <HistoryCardList entries={data.items} />
                  </div>
                </div>
                {pages > 1 && (
                  <Pagination
                    label={historyTexts.paginationLabel}
                    page={page}
                    pages={pages}
                    busy={history.isPlaceholderData}
                    onPageChange={(next) => {
                      setPage(next);
                      window.scrollTo({ top: 0 });
                    }}
                  />
                )}
              </section>
            )
          }
        </QueryState>
      </div>
    </>
  );
}
