import { SearchX, Users } from 'lucide-react';
import { useParams } from 'react-router';
import { useRaffle } from '@/api/raffles';
import { NotYourRaffle } from '@/components/not-your-raffle';
import { PagedList } from '@/components/paged-list';
import { QueriesError } from '@/components/query-state';
import { RafflePageHeader } from '@/components/raffle-page-header';
import { SearchBox } from '@/components/search-box';
import { EmptyState } from '@/components/ui/empty-state';
import { useClampedPage } from '@/hooks/use-clamped-page';
import { usePageParams } from '@/hooks/use-page-params';
import { isApiError } from '@/lib/api-error';
import { useVesRate } from '@/lib/exchange-rates';
import { useRaffleBuyers } from '../api/get-raffle-buyers';
import { BuyerCard } from '../components/buyer-card';
import { BuyersSkeleton } from '../components/buyers-skeleton';
import { BuyersTotals } from '../components/buyers-totals';

import { buyersTexts } from '../texts';

const PER_PAGE = 24;

/** A raffle's buyers, one per cedula, with totals, search and a WhatsApp reminder each (staff). */
export function BuyersPage() {
  const t = buyersTexts;
  const { id = '' } = useParams();
  const raffle = useRaffle(id);
  const params = usePageParams();
  const { search, page, setSearch, setPage } = params;
  const buyers = useRaffleBuyers(id, { search: search || undefined, page, per_page: PER_PAGE });
  const rate = useVesRate();
  useClampedPage(buyers, PER_PAGE, params);

  const forbidden = isApiError(buyers.error) && buyers.error.status === 403;

  return (
    <>
      <RafflePageHeader title={t.title} raffle={raffle} />
      {buyers.isPending || (raffle.isPending && !buyers.isError) ? (
        <BuyersSkeleton />
      ) : forbidden ? (
        <NotYourRaffle />
      ) : buyers.isError || raffle.isError || !buyers.data || !raffle.data ? (
        <QueriesError title={t.errorTitle} queries={[buyers, raffle]} />
      ) : buyers.data.totals.buyers === 0 ? (
        <EmptyState icon={Users} title={t.emptyTitle} description={t.emptyDescription} />
      ) : (
        <div className="grid gap-5">
          <BuyersTotals totals={buyers.data.totals} rate={rate} />
          <h2 className="-mb-2 text-base font-semibold text-zinc-900">{t.listTitle}</h2>
          <div className="max-w-md">
            <SearchBox id="buyers-search" value={search} onChange={setSearch} />
          </div>
          {buyers.data.items.length === 0 ? (
            <EmptyState
              icon={SearchX}
              title={t.noMatchTitle}
              description={search ? t.noMatchDescription(search) : undefined}
            />
          ) : (
            <PagedList
              label={t.title}
              texts={t}
              page={page}
              perPage={PER_PAGE}
              count={buyers.data.count}
              busy={buyers.isPlaceholderData}
              onPageChange={setPage}
            >
              <ul className="grid gap-3 lg:grid-cols-2">
                {buyers.data.items.map((buyer) => (
                  <li key={buyer.cedula}>
                    <BuyerCard buyer={buyer} raffle={raffle.data} vesRate={rate.rate} />
                  </li>
                ))}
              </ul>
            </PagedList>
          )}
        </div>
      )}
    </>
  );
}
