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
import { keepLookup, readKeptLookup } from '../kept-lookup';
import { trackingTexts } from '../texts';

/**
 * The last successful lookup: a payment sent from the results repeats its cedula and four digits,
 * and a refresh re-runs them. They never go in the address; the tab keeps the last one asked
 * (kept-lookup.ts), never its answer.
 */
type Lookup = { query: TrackingQuery; tickets: TrackedTicket[]; id: number };

export function TrackingPage() {
  const search = useTrackTickets();
  const [lookup, setLookup] = useState<Lookup | null>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const [initialCedula] = useState(() => searchParams.get('cedula'));
  // Back from the bank app after the phone discarded the tab: the same lookup, asked again (a link
  // with a cédula of its own is a new visit instead).
  const [kept] = useState(() => (initialCedula ? null : readKeptLookup()));
  const { mutate } = search;

  useEffect(() => {
    if (!kept) return;
    mutate(kept, { onSuccess: (data) => setLookup({ query: kept, tickets: data.tickets, id: Date.now() }) });
  }, [kept, mutate]);

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
    keepLookup(query);
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
        <TrackingForm
          onSearch={onSearch}
          searching={search.isPending}
          initialCedula={initialCedula ?? kept?.cedula}
          initialLast4={kept?.phone_last4}
        />
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
