import { TriangleAlert } from 'lucide-react';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { texts } from '@/config/texts';
import { useTrackTickets } from '../api/track-tickets';
import { TrackingForm } from '../components/tracking-form';
import { TrackingResults } from '../components/tracking-results';
import { trackingTexts } from '../texts';

export function TrackingPage() {
  const search = useTrackTickets();
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
        <TrackingForm onSearch={(query) => search.mutate(query)} searching={search.isPending} />
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
        {search.isSuccess && <TrackingResults key={search.submittedAt} tickets={search.data.tickets} />}
      </div>
    </>
  );
}
