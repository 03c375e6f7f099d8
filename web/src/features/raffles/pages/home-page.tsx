import { messages } from '@domain/messages';
import { Gift } from 'lucide-react';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { useRaffles } from '@/api/raffles';
import { QueryState } from '@/components/query-state';
import { EmptyState } from '@/components/ui/empty-state';
import { texts } from '@/config/texts';
import { FinishedRafflesSection } from '../components/finished-raffles-section';
import { HomeHero, HomeTrustPoints, RAFFLES_LIST_ID } from '../components/home-hero';
import { RaffleCard } from '../components/raffle-card';
import { RaffleCardSkeleton } from '../components/raffle-card-skeleton';
import { rafflesTexts } from '../texts';

const SKELETONS = ['a', 'b', 'c'];

/** The public home: the raffles on sale, then the finished ones. */
export function HomePage() {
  const t = rafflesTexts.home;
  const raffles = useRaffles({ status: 'activa' });

  useEffect(() => {
    if (raffles.isError) toast.error(messages.store.loadRaffles, { id: 'home-raffles-error' });
  }, [raffles.isError]);

  return (
    <div className="grid gap-6 sm:gap-10">
      <HomeHero />
      <section id={RAFFLES_LIST_ID} aria-labelledby="raffles-title" className="grid scroll-mt-28 gap-4">
        <div className="grid gap-1">
          <h2 id="raffles-title" className="text-xl font-bold text-zinc-900 sm:text-2xl">
            {t.listTitle}
          </h2>
          <p className="text-sm text-zinc-600">{t.listDescription}</p>
        </div>
        <QueryState
          query={raffles}
          loading={
            <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
              <span className="sr-only">{texts.common.loading}</span>
              {SKELETONS.map((key) => (
                <RaffleCardSkeleton key={key} />
              ))}
            </div>
          }
          errorTitle={messages.store.loadRaffles}
          errorDescription={t.errorDescription}
        >
          {(list) =>
            list.length === 0 ? (
              <EmptyState icon={Gift} title={t.empty} description={t.emptyDescription} />
            ) : (
              <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
                {list.map((raffle, index) => (
                  <RaffleCard key={raffle.id} raffle={raffle} priority={index === 0} />
                ))}
              </div>
            )
          }
        </QueryState>
      </section>
      <FinishedRafflesSection />
      <section aria-labelledby="trust-title" className="grid gap-3 sm:hidden">
        <h2 id="trust-title" className="text-lg font-bold text-zinc-900">
          {t.trustTitle}
        </h2>
        <HomeTrustPoints onLight />
      </section>
    </div>
  );
}
