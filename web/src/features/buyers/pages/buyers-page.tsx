import { raffleMessages } from '@domain/raffles';
import { Lock, SearchX, Users } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { useRaffle } from '@/api/raffles';
import { PageHeader } from '@/components/page-header';
import { Pagination } from '@/components/pagination';
import { QueryError } from '@/components/query-state';
import { SearchBox } from '@/components/search-box';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { texts } from '@/config/texts';
import { usePageParams } from '@/hooks/use-page-params';
import { isApiError } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { useVesRate } from '@/lib/exchange-rates';
import { useRaffleBuyers } from '../api/get-raffle-buyers';
import { BuyerCard } from '../components/buyer-card';
import { BuyersSkeleton } from '../components/buyers-skeleton';
import { BuyersTotals } from '../components/buyers-totals';

import { buyersTexts } from '../texts';

const PER_PAGE = 24;

const pageSummary = (page: number, count: number) =>
  count > PER_PAGE
    ? buyersTexts.showing((page - 1) * PER_PAGE + 1, Math.min(count, page * PER_PAGE), count)
    : buyersTexts.total(count);

/** A raffle's buyers, one per cedula, with totals, search and a WhatsApp reminder each (staff). */
export function BuyersPage() {
  const t = buyersTexts;
  const { id = '' } = useParams();
  const raffle = useRaffle(id);
  const { search, page, setSearch, setPage } = usePageParams();
  const buyers = useRaffleBuyers(id, { search: search || undefined, page, per_page: PER_PAGE });
  const rate = useVesRate();

  // A shared link to a page that no longer exists (fewer buyers now) lands on the last one.
  const pages = buyers.data ? Math.max(1, Math.ceil(buyers.data.count / PER_PAGE)) : 1;
  useEffect(() => {
    if (buyers.data && !buyers.isPlaceholderData && page > pages) setPage(pages, { replace: true });
  }, [buyers.data, buyers.isPlaceholderData, page, pages, setPage]);

  const error = buyers.error ?? raffle.error;
  const forbidden = isApiError(buyers.error) && buyers.error.status === 403;
  const backToPanel = (
    <Button asChild variant="secondary">
      <Link to={paths.dashboard.root.getHref()}>{t.backToPanel}</Link>
    </Button>
  );

  return (
    <>
      <PageHeader
        title={t.title}
        description={
          raffle.data ? (
            <span>
              <span className="sr-only">{t.raffleLabel}: </span>
              <span className="font-medium text-zinc-800">{raffle.data.name}</span>
            </span>
          ) : raffle.isPending ? (
            <Skeleton className="h-5 w-56" />
          ) : undefined
        }
        breadcrumbs={[
          { label: texts.dashboardNav.breadcrumbRoot, href: paths.dashboard.root.getHref() },
          { label: raffle.data ? `${t.title} · ${raffle.data.name}` : t.title },
        ]}
        back={{ href: paths.dashboard.root.getHref() }}
      />
      {buyers.isPending || (raffle.isPending && !buyers.isError) ? (
        <BuyersSkeleton />
      ) : forbidden ? (
        <EmptyState
          tone="danger"
          icon={Lock}
          title={t.forbiddenTitle}
          description={raffleMessages.notYours}
          action={backToPanel}
        />
      ) : error || !buyers.data || !raffle.data ? (
        <QueryError
          title={t.errorTitle}
          error={error}
          retrying={buyers.isFetching || raffle.isFetching}
          onRetry={() => {
            if (buyers.isError) void buyers.refetch();
            if (raffle.isError) void raffle.refetch();
          }}
        />
      ) : buyers.data.totals.buyers === 0 ? (
        <EmptyState icon={Users} title={t.emptyTitle} description={t.emptyDescription} />
      ) : (
        <div className="grid gap-5">
          <BuyersTotals totals={buyers.data.totals} rate={rate} />
          <div className="max-w-md">
            <SearchBox id="buyers-search" texts={buyersTexts.search} value={search} onChange={setSearch} />
          </div>
          {buyers.data.items.length === 0 ? (
            <EmptyState
              icon={SearchX}
              title={t.noMatchTitle}
              description={search ? t.noMatchDescription(search) : undefined}
            />
          ) : (
            <section
              aria-label={t.title}
              aria-busy={buyers.isPlaceholderData || undefined}
              className="grid gap-3"
            >
              <p className="text-sm text-zinc-600" aria-live="polite">
                {pageSummary(page, buyers.data.count)}
              </p>
              <ul
                className={cn(
                  'grid gap-3 transition-opacity lg:grid-cols-2',
                  buyers.isPlaceholderData && 'opacity-60',
                )}
              >
                {buyers.data.items.map((buyer) => (
                  <li key={buyer.cedula}>
                    <BuyerCard buyer={buyer} raffle={raffle.data} vesRate={rate.rate} />
                  </li>
                ))}
              </ul>
              {pages > 1 && (
                <Pagination
                  label={buyersTexts.paginationLabel}
                  page={page}
                  pages={pages}
                  busy={buyers.isPlaceholderData}
                  onPageChange={(next) => {
                    setPage(next);
                    window.scrollTo({ top: 0 });
                  }}
                />
              )}
            </section>
          )}
        </div>
      )}
    </>
  );
}
