import type { TrackedTicket, TrackingQuery } from '@domain/tracking';
import { TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { texts } from '@/config/texts';
import { useTrackTickets } from '../api/track-tickets';
import { TrackingForm } from '../components/tracking-form';
import { TrackingResults } from '../components/tracking-results';
import { trackingTexts } from '../texts';

/**
 * The last successful lookup. Its cedula and four digits stay in memory only (never in the address
 * or storage): a payment sent from the results repeats them, and a refresh re-runs them.
 */
type Lookup = { query: TrackingQuery; tickets: TrackedTicket[]; id: number };

export function TrackingPage() {
  const search = useTrackTickets();
  const [lookup, setLookup] = useState<Lookup | null>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const [initialCedula] = useState(() => searchParams.get('cedula'));

  // The ticket QR opens /tracking?cedula=…: prefill it, then keep the cedula out of the address.
  useEffect(() => {
    if (!initialCedula) return;
    setSearchParams(
      (params) => {
        params.delete('cedula');
        return params;
      },
      { replace: true },
    );
  }, [initialCedula, setSearchParams]);

  const onSearch = (query: TrackingQuery) => {
    setLookup(null);
    search.mutate(query, {
      onSuccess: (data) => setLookup({ query, tickets: data.tickets, id: Date.now() }),
    });
  };

  // After a payment: the same lookup again, keeping the results on screen while it runs.
  const refresh = () => {
    if (!lookup) return;
    const { query, id } = lookup;
    search.mutate(query, { onSuccess: (data) => setLookup({ query, tickets: data.tickets, id }) });
  };

  return (
    <>
      <PageHeader
        title={trackingTexts.title}
        description={trackingTexts.description}
        breadcrumbs={[
          { label: texts.publicNav.home, href: paths.home.getHref() },
          { label: trackingTexts.title },
        ]}
        back={{ href: paths.home.getHref() }}
      />
      <div className="grid gap-6">
        <TrackingForm onSearch={onSearch} searching={search.isPending} initialCedula={initialCedula} />
        {search.isError && (
          <div
            role="alert"
            className="flex gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800"
          >
            <TriangleAlert aria-hidden className="size-5 shrink-0" />
            <div className="grid gap-0.5">
              <p className="font-semibold">{trackingTexts.results.errorTitle}</p>
              <p>{search.error.message}</p>
            </div>
          </div>
        )}
        {lookup && (
          <TrackingResults
            key={lookup.id}
            tickets={lookup.tickets}
            credentials={lookup.query}
            onPaymentSent={refresh}
          />
        )}
      </div>
    </>
  );
}
