import { raffleMessages } from '@domain/raffles';
import { Lock } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import { rafflesTexts } from '../texts';

const t = rafflesTexts.edit.anotherSeller;

/**
 * What a vendedor sees on the edit form of another seller's raffle: the server would refuse the
 * change anyway, so say it on arrival instead of after they fill the form.
 */
export function RaffleOfAnotherSeller({ name }: { name: string }) {
  return (
    <EmptyState
      icon={Lock}
      title={raffleMessages.notYours}
      description={t.description(name)}
      action={
        <Button asChild variant="secondary">
          <Link to={paths.dashboard.root.getHref()}>{t.back}</Link>
        </Button>
      }
    />
  );
}
