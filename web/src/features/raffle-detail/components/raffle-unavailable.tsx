import { SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { QueryError } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import { raffleDetailTexts } from '../texts';

/** Unknown or unpublished raffle: say so kindly and point to the active ones. */
export function RaffleNotFound() {
  const t = raffleDetailTexts.notFound;
  return (
    <EmptyState
      icon={SearchX}
      title={t.title}
      description={t.description}
      action={
        <Button asChild>
          <Link to={paths.home.getHref()}>{t.action}</Link>
        </Button>
      }
    />
  );
}

/** Any other failure to load: what happened and a way to try again (the page's one next step). */
export function RaffleLoadError({ message, onRetry }: { message?: string; onRetry: () => void }) {
  const t = raffleDetailTexts.loadError;
  return (
    <QueryError
      title={t.title}
      description={message ?? t.description}
      retryVariant="primary"
      onRetry={onRetry}
    />
  );
}
