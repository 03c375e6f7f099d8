import type { StaffInstantWins } from '@domain/instant-wins';
import { messages } from '@domain/messages';
import { SearchX } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { useRaffle } from '@/api/raffles';
import { setRaffleSellers, useRaffleSellers } from '@/api/sellers';
import { DashboardPageHeader } from '@/components/dashboard-page-header';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { texts } from '@/config/texts';
import { useDeadlinePassed } from '@/hooks/use-deadline-passed';
import { isApiError } from '@/lib/api-error';
import { useAuth } from '@/lib/use-auth';
import { useInstantWins } from '../api/get-instant-wins';
import { useUpdateRaffle } from '../api/update-raffle';
import { RaffleForm } from '../components/raffle-form';
import { RaffleOfAnotherSeller } from '../components/raffle-of-another-seller';
import { sealedPrizes } from '../prize-form';
import { editRaffleFormSchema, raffleToForm, withoutFrozenTerms } from '../raffle-form-schema';
import { rafflesTexts } from '../texts';

function FormSkeleton() {
  return (
    <div className="grid gap-5" aria-busy="true">
      <span className="sr-only">{texts.common.loading}</span>
      {['a', 'b', 'c'].map((key) => (
        <Skeleton key={key} className="h-64 w-full rounded-[var(--radius-card)]" />
      ))}
    </div>
  );
}

/** Instant-win numbers already won, by number: who won each and whether its prize was handed over. */
const wonBy = (raffleId: string, list: StaffInstantWins['instant_wins']) => ({
  raffleId,
  byNumber: new Map(list.flatMap((w) => (w.ticket_number ? [[w.number, w] as const] : []))),
});

export function EditRafflePage() {
  const t = rafflesTexts.edit;
  const { id = '' } = useParams();
  const raffle = useRaffle(id);
  const update = useUpdateRaffle();
  const navigate = useNavigate();
  const { profile } = useAuth();
  const isAdmin = profile?.role === 'admin';
  const assigned = useRaffleSellers(id, isAdmin);
  const [picked, setPicked] = useState<string[] | null>(null);
  const sellerIds = picked ?? assigned.data?.seller_ids ?? [];
  // The server refuses a vendedor's change to another seller's raffle; say so before the form.
  const notYours =
    raffle.data !== undefined && profile?.role !== 'admin' && raffle.data.seller_id !== profile?.id;
  const notFound = isApiError(raffle.error) && raffle.error.status === 404;
  // A page left open across the closing date freezes the field by itself, as the server does.
  const closingPassed = useDeadlinePassed(raffle.data?.closing_date);
  // The secret list, for those who may edit the raffle: the form waits for it (its default values).
  // An admin may edit any raffle: asked together with the raffle, not after it.
  const instantWins = useInstantWins(id, isAdmin || (raffle.data !== undefined && !notYours));
  const backToDashboard = (
    <Button asChild variant="secondary">
      <Link to={paths.dashboard.root.getHref()}>{texts.common.back}</Link>
    </Button>
  );

  return (
    <>
      <DashboardPageHeader
        title={raffle.data ? `${t.title}: ${raffle.data.name}` : t.title}
        crumb={t.title}
        description={t.description}
      />
      {notFound ? (
        <EmptyState
          icon={SearchX}
          title={t.notFound}
          description={t.notFoundDescription}
          action={backToDashboard}
        />
      ) : (
        <QueryState query={raffle} loading={<FormSkeleton />} errorTitle={t.loadError}>
          {(data) =>
            notYours ? (
              <RaffleOfAnotherSeller name={data.name} />
            ) : (
              <QueryState query={instantWins} loading={<FormSkeleton />} errorTitle={t.loadError}>
                {(wins) => (
                  <RaffleForm
                    key={data.id}
                    schema={editRaffleFormSchema}
                    defaultValues={raffleToForm(data, wins.instant_wins)}
                    instantWinsWon={wonBy(data.id, wins.instant_wins)}
                    currentStatus={data.status}
                    hasSales={data.stats.disponible < data.total_numbers}
                    termsLocked={data.terms_locked}
                    sealedPrizes={sealedPrizes(data.prizes?.slice(1) ?? [])}
                    closingPassed={closingPassed}
                    submitLabel={t.submit}
                    submittingLabel={t.submitting}
                    errorTitle={messages.store.updateRaffle}
                    sellers={
                      isAdmin && assigned.isSuccess ? { value: sellerIds, onChange: setPicked } : undefined
                    }
                    onSubmit={async (body) => {
                      const saved = await update.mutateAsync({
                        id: data.id,
                        body: withoutFrozenTerms(body, data),
                      });
                      if (isAdmin && picked !== null) await setRaffleSellers(data.id, picked);
                      toast.success(t.success, { description: t.successDescription(saved.name) });
                      navigate(paths.dashboard.root.getHref());
                    }}
                  />
                )}
              </QueryState>
            )
          }
        </QueryState>
      )}
    </>
  );
}
