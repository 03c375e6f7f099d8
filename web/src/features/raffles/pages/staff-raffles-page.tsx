import { messages } from '@domain/messages';
import { RAFFLE_STATUSES, type Raffle, type RaffleStatus } from '@domain/raffles';
import type { Role } from '@domain/roles';
import { Archive, Gift, PlusCircle } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useRaffles } from '@/api/raffles';
import { PageHeader } from '@/components/page-header';
import { errorMessage, QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import { texts } from '@/config/texts';
import { RaffleStatusFilter } from '../components/raffle-status-filter';
import { RafflesSummary } from '../components/raffles-summary';
import { SellerLinks } from '../components/seller-links';
import { StaffRaffleCard } from '../components/staff-raffle-card';
import { StaffRaffleCardSkeleton } from '../components/staff-raffle-card-skeleton';
import { dashboardTexts } from '../dashboard-texts';

export type Viewer = { role: Role; profileId: string };

const STATUS_PARAM = 'estado';
/** `?archivadas=1`: the archived raffles instead of the others. */
const ARCHIVED_PARAM = 'archivadas';
const SKELETONS = ['a', 'b', 'c', 'd'];
/** Cards drawn at first and per "Ver más": a business with hundreds of raffles gets a page that opens fast. */
export const RAFFLE_CARDS_PER_PAGE = 24;
const isRaffleStatus = (v: string | null): v is RaffleStatus =>
  v !== null && (RAFFLE_STATUSES as readonly string[]).includes(v);

/** The staff dashboard: an admin sees every raffle, a vendedor only their own; `insight` (sales) on top. */
export function StaffRafflesPage({ viewer, insight }: { viewer: Viewer; insight?: ReactNode }) {
  const t = dashboardTexts;
  const isAdmin = viewer.role === 'admin';
  const [searchParams, setSearchParams] = useSearchParams();
  const param = searchParams.get(STATUS_PARAM);
  const status = isRaffleStatus(param) ? param : undefined;
  const archived = searchParams.get(ARCHIVED_PARAM) === '1';
  const raffles = useRaffles({
    status,
    seller_id: isAdmin ? undefined : viewer.profileId,
    archived: archived || undefined,
  });

  function setParam(name: string, value: string | undefined) {
    setSearchParams(
      (current) => {
        if (value) current.set(name, value);
        else current.delete(name);
        return current;
      },
      { replace: true },
    );
  }
  const setStatus = (next: RaffleStatus | undefined) => setParam(STATUS_PARAM, next);

  const newRaffle = (
    <Button asChild>
      <Link to={paths.dashboard.create.getHref()}>
        <PlusCircle aria-hidden />
        {t.newRaffle}
      </Link>
    </Button>
  );

  return (
    <>
      <PageHeader
        title={t.title}
        description={isAdmin ? t.descriptionAdmin : t.descriptionSeller}
        actions={newRaffle}
      />
      <div className="grid gap-5">
        {insight}
        {!isAdmin && <SellerLinks />}
        <RaffleStatusFilter
          value={status}
          onChange={setStatus}
          archived={archived}
          onArchivedChange={(next) => setParam(ARCHIVED_PARAM, next ? '1' : undefined)}
        />
        <QueryState
          query={raffles}
          loading={
            <div className="grid gap-4 md:grid-cols-2" aria-busy="true">
              <span className="sr-only">{texts.common.loading}</span>
              {SKELETONS.map((key) => (
                <StaffRaffleCardSkeleton key={key} />
              ))}
            </div>
          }
          errorTitle={isAdmin ? messages.store.loadRaffles : messages.store.getSellerRaffles}
          errorDescription={raffles.error ? errorMessage(raffles.error, t.errorDescription) : undefined}
        >
          {(list) =>
            list.length === 0 ? (
              <EmptyState
                icon={archived ? Archive : Gift}
                title={archived ? t.emptyArchived : status ? t.emptyFiltered : t.empty}
                description={status || archived ? undefined : t.emptyDescription}
                action={status || archived ? undefined : newRaffle}
              />
            ) : (
              <>
                <RafflesSummary raffles={list} />
                <RaffleCards
                  key={`${status ?? ''}|${archived}`}
                  raffles={list}
                  viewer={viewer}
                  isAdmin={isAdmin}
                />
              </>
            )
          }
        </QueryState>
      </div>
    </>
  );
}

/** The raffles' cards, newest first, a page at a time (a new filter starts again at the first page). */
function RaffleCards({ raffles, viewer, isAdmin }: { raffles: Raffle[]; viewer: Viewer; isAdmin: boolean }) {
  const [shown, setShown] = useState(RAFFLE_CARDS_PER_PAGE);
  const left = raffles.length - shown;
  return (
    <>
      <div className="grid gap-4 md:grid-cols-2">
        {raffles.slice(0, shown).map((raffle) => (
          <StaffRaffleCard
            key={raffle.id}
            raffle={raffle}
            canDelete={isAdmin}
            canDraw={isAdmin}
            canEdit={isAdmin || raffle.seller_id === viewer.profileId}
            assigned={!isAdmin && raffle.seller_id !== viewer.profileId}
          />
        ))}
      </div>
      {left > 0 && (
        <Button
          variant="secondary"
          className="justify-self-center"
          onClick={() => setShown((n) => n + RAFFLE_CARDS_PER_PAGE)}
        >
          {dashboardTexts.showMore(left)}
        </Button>
      )}
    </>
  );
}
