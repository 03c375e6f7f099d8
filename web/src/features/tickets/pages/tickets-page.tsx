import { formatDateTime } from '@domain/dates';
import { lifecycleMessages } from '@domain/raffle-lifecycle';
import type { Raffle } from '@domain/raffles';
import { salesClosed } from '@domain/sales-window';
import type { StaffTicket } from '@domain/staff-tickets';
import { FilePen, Lock, SearchX } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useParams } from 'react-router';
import { useRaffle } from '@/api/raffles';
import { NotYourRaffle } from '@/components/not-your-raffle';
import { PagedList } from '@/components/paged-list';
import { QueriesError } from '@/components/query-state';
import { RafflePageHeader } from '@/components/raffle-page-header';
import { SearchBox } from '@/components/search-box';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { useClampedPage } from '@/hooks/use-clamped-page';
import { useDeadlinePassed } from '@/hooks/use-deadline-passed';
import { useMediaQuery } from '@/hooks/use-media-query';
import { isApiError } from '@/lib/api-error';
import { useVesRate } from '@/lib/exchange-rates';
import { serverNow } from '@/lib/server-clock';
import { type TicketsPage as TicketsPageData, useTickets } from '../api/get-tickets';
import { BulkReleaseBar } from '../components/bulk-release';
import { ExportCsvButton } from '../components/export-csv-button';
import { PrintTicketDialog } from '../components/print-ticket-dialog';
import { StatusChips } from '../components/status-chips';
import { TicketCardList } from '../components/ticket-card-list';
import { unbrokenTime } from '../components/ticket-fields';
import { TicketPanel } from '../components/ticket-panel';
import { TicketsSkeleton } from '../components/tickets-skeleton';
import { TicketsTable } from '../components/tickets-table';
import { useTicketsParams } from '../hooks/use-tickets-params';
import { DEFAULT_STATUS_FILTER, statusesFor } from '../status-filter';
import { ticketsTexts } from '../texts';
import '../tickets.css';

const PER_PAGE = 25;

/**
 * A raffle's numbers for staff: filter, search, change status, edit the buyer, export, print. Once
 * its sales closed, the list is frozen: no bulk release and no deadline to pay, one line says why.
 */
export function TicketsPage() {
  const t = ticketsTexts;
  const { raffleId = '' } = useParams();
  const raffle = useRaffle(raffleId);
  // Re-renders once at the closing date: a list open then turns frozen without a reload.
  useDeadlinePassed(raffle.data?.closing_date);
  // Whether the sold list froze (closed, drawn, or past its closing date): the server's rule and clock.
  const frozen = raffle.data
    ? salesClosed({ status: raffle.data.status, closingDate: raffle.data.closing_date }, serverNow())
    : false;
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
  // Sold numbers chosen for a bulk release, kept while paging (by number: a release ends the sale).
  const [selected, setSelected] = useState<ReadonlyMap<number, StaffTicket>>(new Map());
  const toggle = (ticket: StaffTicket) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(ticket.number)) next.delete(ticket.number);
      else next.set(ticket.number, ticket);
      return next;
    });
  const togglePage = (page: StaffTicket[], select: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const ticket of page) {
        if (select) next.set(ticket.number, ticket);
        else next.delete(ticket.number);
      }
      return next;
    });
  useClampedPage(tickets, PER_PAGE, params);

  const forbidden = isApiError(tickets.error) && tickets.error.status === 403;
  const filtered = status !== DEFAULT_STATUS_FILTER || search !== '';

  return (
    <>
      <RafflePageHeader
        title={t.title}
        raffle={raffle}
        actions={
          raffle.data && tickets.data ? (
            <>
              <ExportCsvButton
                raffleId={raffleId}
                raffleName={raffle.data.name}
                status={status}
                search={search}
              />
              <ExportCsvButton
                raffleId={raffleId}
                raffleName={raffle.data.name}
                status={status}
                search={search}
                format="xlsx"
              />
            </>
          ) : undefined
        }
      />
      {forbidden ? (
        <NotYourRaffle />
      ) : (tickets.isError || raffle.isError) && !(tickets.data && raffle.data) ? (
        <QueriesError title={t.errorTitle} queries={[tickets, raffle]} />
      ) : (
        <div className="grid gap-4">
          <div className="grid gap-3">
            <div className="max-w-md">
              <SearchBox id="tickets-search" value={search} onChange={params.setSearch} />
            </div>
            <StatusChips value={status} counts={tickets.data?.counts} onChange={params.setStatus} />
            {raffle.data && frozen && <FrozenNote raffle={raffle.data} />}
            {raffle.data?.status === 'borrador' && <DraftNote />}
            {tickets.data && raffle.data && !frozen && (
              <BulkReleaseBar
                raffleId={raffleId}
                selected={selected}
                filter={{ status: statusesFor(status), search: search || undefined }}
                digitCount={raffle.data.digit_count}
                onClear={() => setSelected(new Map())}
              />
            )}
          </div>
          {!tickets.data || !raffle.data ? (
            <TicketsSkeleton />
          ) : (
            <TicketsList
              data={tickets.data}
              raffle={raffle.data}
              page={page}
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
              emptyTitle={search || filtered ? t.emptyTitle : t.emptyNoSales}
              emptyDescription={search ? t.emptySearch(search) : filtered ? undefined : t.emptySold}
              onPageChange={setPage}
              onOpenDetail={setDetail}
              onPrint={setPrinting}
              selected={selected}
              onToggle={toggle}
              onTogglePage={togglePage}
              frozen={frozen}
            />
          )}
        </div>
      )}
      <TicketPanel
        ticket={detail}
        raffleName={raffle.data?.name ?? ''}
        onOpenChange={(open) => !open && setDetail(null)}
        onPrint={setPrinting}
        frozen={frozen}
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

/** "Las ventas cerraron el …": when the list froze (the close, or the closing date before it). */
function FrozenNote({ raffle }: { raffle: Raffle }) {
  const at = raffle.closed_at ?? raffle.closing_date;
  return (
    <p
      className="flex items-start gap-2 rounded-lg border border-zinc-200 bg-zinc-50 px-3 py-2 text-sm text-zinc-700"
      data-testid="tickets-frozen"
    >
      <Lock aria-hidden className="mt-0.5 size-4 shrink-0 text-zinc-500" />
      {ticketsTexts.frozen(at ? unbrokenTime(formatDateTime(at)) : null)}
    </p>
  );
}

/** A draft sells nothing, online or by hand (the server answers 409 RAFFLE_NOT_OPEN): said up front. */
function DraftNote() {
  return (
    <p
      className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
      data-testid="tickets-draft"
    >
      <FilePen aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-700" />
      {lifecycleMessages.saleOnDraft}
    </p>
  );
}

type TicketsListProps = {
  data: TicketsPageData;
  raffle: Raffle;
  page: number;
  busy: boolean;
  emptyAction: ReactNode;
  emptyTitle: string;
  emptyDescription: string | undefined;
  onPageChange: (page: number) => void;
  onOpenDetail: (ticket: StaffTicket) => void;
  onPrint: (ticket: StaffTicket) => void;
  selected: ReadonlyMap<number, StaffTicket>;
  onToggle: (ticket: StaffTicket) => void;
  onTogglePage: (tickets: StaffTicket[], select: boolean) => void;
  frozen: boolean;
};

/** The page of numbers: a table on wide screens, cards below, and the pager. */
function TicketsList({ data, raffle, page, busy, ...props }: TicketsListProps) {
  // Nine columns need the room a wide screen leaves beside the menu; below that, cards.
  const wide = useMediaQuery('(min-width: 1280px)');
  const vesRate = useVesRate().rate;
  if (data.items.length === 0) {
    return (
      <EmptyState
        icon={SearchX}
        title={props.emptyTitle}
        description={props.emptyDescription}
        action={props.emptyAction}
      />
    );
  }
  const selectedNumbers = new Set(props.selected.keys());
  return (
    <PagedList
      label={ticketsTexts.title}
      texts={ticketsTexts}
      page={page}
      perPage={PER_PAGE}
      count={data.count}
      busy={busy}
      onPageChange={props.onPageChange}
    >
      {wide ? (
        <TicketsTable
          tickets={data.items}
          raffleName={raffle.name}
          onOpenDetail={props.onOpenDetail}
          onPrint={props.onPrint}
          selected={selectedNumbers}
          onToggle={props.onToggle}
          onTogglePage={props.onTogglePage}
          frozen={props.frozen}
          vesRate={vesRate}
        />
      ) : (
        <TicketCardList
          tickets={data.items}
          raffleName={raffle.name}
          onOpenDetail={props.onOpenDetail}
          onPrint={props.onPrint}
          selected={selectedNumbers}
          onToggle={props.onToggle}
          frozen={props.frozen}
          vesRate={vesRate}
        />
      )}
    </PagedList>
  );
}
