import { raffleMessages } from '@domain/raffles';
import { Lock } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import { texts } from '@/config/texts';

/**
 * What a vendedor sees on a screen about another seller's raffle: the server refused it (403) with
 * this same message, and the way out is their own panel.
 */
export function NotYourRaffle() {
  return (
    <EmptyState
      tone="danger"
      icon={Lock}
      title={texts.raffle.notYoursTitle}
      description={raffleMessages.notYours}
      action={
        <Button asChild variant="secondary">
          <Link to={paths.dashboard.root.getHref()}>{texts.raffle.backToPanel}</Link>
        </Button>
      }
    />
  );
}
