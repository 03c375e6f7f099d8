import type { ReactNode } from 'react';
import { DashboardPageHeader } from '@/components/dashboard-page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { texts } from '@/config/texts';

type RafflePageHeaderProps = {
  title: string;
  /** The raffle's query: its name shows under the title once it has loaded. */
  raffle: { data?: { name: string }; isPending: boolean };
  actions?: ReactNode;
};

/** The header of a staff screen about one raffle (its buyers, its sold numbers). */
export function RafflePageHeader({ title, raffle, actions }: RafflePageHeaderProps) {
  const name = raffle.data?.name;
  return (
    <DashboardPageHeader
      title={title}
      crumb={name ? `${title} · ${name}` : title}
      description={
        name ? (
          <span>
            <span className="sr-only">{texts.raffle.label}: </span>
            <span className="font-medium text-zinc-800">{name}</span>
          </span>
        ) : raffle.isPending ? (
          <Skeleton className="h-5 w-56" />
        ) : undefined
      }
      actions={actions}
    />
  );
}
