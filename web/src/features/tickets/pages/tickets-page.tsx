import type { Raffle } from '@domain/raffles';
import type { StaffTicket } from '@domain/staff-tickets';
import { Lock, SearchX } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
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
import { useMediaQuery } from '@/hooks/use-media-query';
import { isApiError } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { type TicketsPage as TicketsPageData, useTickets } from '../api/get-tickets';
import { ExportCsvButton } from '../components/export-csv-button';
import { PrintTicketDialog } from '../components/print-ticket-dialog';
import { StatusChips } from '../components/status-chips';
import { TicketCardList } from '../components/ticket-card-list';
import { TicketPanel } from '../components/ticket-panel';
import { TicketsSkeleton } from '../components/tickets-skeleton';
import { TicketsTable } from '../components/tickets-table';
import { useTicketsParams } from '../hooks/use-tickets-params';
import { DEFAULT_STATUS_FILTER, statusesFor } from '../status-filter';
import { ticketsTexts } from '../texts';
import '../tickets.css';

const PER_PAGE = 25;

const pageSummary = (page: number, count: number) =>
  count > PER_PAGE
    ? ticketsTexts.showing((page - 1) * PER_PAGE + 1, Math.min(count, page * PER_PAGE), count)
    : ticketsTexts.total(count);

/** A raffle's numbers for staff: filter, search, change status, edit the buyer, export, print. */
export function TicketsPage() {
  const t = ticketsTexts;
  const { raffleId = '' } = useParams();
  const raffle = useRaffle(raffleId);
  const params = useTicketsParams();
  const { status, search, page, setPage } = params;
  const tickets = useTickets(raffleId, {
    status: statusesFor(status),
    search: search || undefined,
    page,
    per_page: PER_PAGE,
  });
  const [detail, setDetail] = useState<StaffTicket | null>(null);
  const [printing, setPrinting] = useState<StaffTicket | null>(null);

  // A shared link to a page that no longer exists (fewer numbers now) lands on the last one.
  const pages = tickets.data ? Math.max(1, Math.ceil(tickets.data.count / PER_PAGE)) : 1;
  useEffect(() => {
    if (tickets.data && !tickets.isPlaceholderData && page > pages) setPage(pages, { replace: true });
  }, [tickets.data, tickets.isPlaceholderData, page, pages, setPage]);

  const forbidden = isApiError(tickets.error) && tickets.error.status === 403 ? tickets.error : null;
  const error = tickets.error ?? raffle.error;
  const filtered = status !== DEFAULT_STATUS_FILTER || search !== '';

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
        actions={
          raffle.data && tickets.data ? (
            <ExportCsvButton
              raffleId={raffleId}
              raffleName={raffle.data.name}
              status={status}
              search={search}
            />
          ) : undefined
        }
      />
      {forbidden ? (
        <EmptyState
          tone="danger"
          icon={Lock}
          title={t.forbiddenTitle}
          description={forbidden.message}
          action={
            <Button asChild variant="secondary">
              <Link to={paths.dashboard.root.getHref()}>{t.backToPanel}</Link>
            </Button>
          }
        />
      ) : error && !(tickets.data && raffle.data) ? (
        <QueryError
          title={t.errorTitle}
          error={error}
          retrying={tickets.isFetching || raffle.isFetching}
          onRetry={() => {
            if (tickets.isError) void tickets.refetch();
            if (raffle.isError) void raffle.refetch();
          }}
        />
      ) : (
        <div className="grid gap-4">
          <div className="grid gap-3">
            <div className="max-w-md">
              <SearchBox
                id="tickets-search"
                texts={ticketsTexts.search}
                value={search}
                onChange={params.setSearch}
              />
            </div>
            <StatusChips value={status} counts={tickets.data?.counts} onChange={params.setStatus} />
          </div>
          {!tickets.data || !raffle.data ? (
            <TicketsSkeleton />
          ) : (
            <TicketsList
              data={tickets.data}
              raffle={raffle.data}
              page={page}
              pages={pages}
              busy={tickets.isPlaceholderData}
              emptyAction={
                filtered ? (
                  <Button variant="secondary" onClick={params.clear}>
                    {t.clearFilters}
                  </Button>
                ) : (
                  <Button variant="secondary" onClick={() => params.setStatus('todos')}>
                    {t.showAll}
                  </Button>
                )
              }
              emptyDescription={search ? t.emptySearch(search) : filtered ? undefined : t.emptySold}
              onPageChange={(next) => {
                setPage(next);
                window.scrollTo({ top: 0 });
              }}
              onOpenDetail={setDetail}
              onPrint={setPrinting}
            />
          )}
        </div>
      )}
      <TicketPanel
        ticket={detail}
        raffleName={raffle.data?.name ?? ''}
        onOpenChange={(open) => !open && setDetail(null)}
        onPrint={setPrinting}
      />
      {raffle.data && (
        <PrintTicketDialog
          ticket={printing}
          raffle={raffle.data}
          onOpenChange={(open) => !open && setPrinting(null)}
        />
      )}
    </>
  );
}

type TicketsListProps = {
  data: TicketsPageData;
  raffle: Raffle;
  page: number;
  pages: number;
  busy: boolean;
  emptyAction: ReactNode;
  emptyDescription: string | undefined;
  onPageChange: (page: number) => void;
  onOpenDetail: (ticket: StaffTicket) => void;
  onPrint: (ticket: StaffTicket) => void;
};

/** The page of numbers: a table on wide screens, cards below, and the pager. */
function TicketsList({ data, raffle, page, pages, busy, ...props }: TicketsListProps) {
  // Nine columns need the room a wide screen leaves beside the menu; below that, cards.
  const wide = useMediaQuery('(min-width: 1280px)');
  if (data.items.length === 0) {
    return (
      <EmptyState
        icon={SearchX}
        title={ticketsTexts.emptyTitle}
        description={props.emptyDescription}
        action={props.emptyAction}
      />
    );
  }
  const List = wide ? TicketsTable : TicketCardList;
  return (
    <section aria-label={ticketsTexts.title} aria-busy={busy || undefined} className="grid gap-3">
      <p className="text-sm text-zinc-600" aria-live="polite">
        {pageSummary(page, data.count)}
      </p>
      <div className={cn('transition-opacity', busy && 'opacity-60')}>
        <List
          tickets={data.items}
          raffleName={raffle.name}
          onOpenDetail={props.onOpenDetail}
          onPrint={props.onPrint}
        />
      </div>
      {pages > 1 && (
        <Pagination
          label={ticketsTexts.paginationLabel}
          page={page}
          pages={pages}
          busy={busy}
          onPageChange={props.onPageChange}
        />
      )}
    </section>
  );
}
