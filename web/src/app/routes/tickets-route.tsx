import { salesClosed } from '@/features/raffle-detail/raffle-rules';
import { TicketsPage } from '@/features/tickets/pages/tickets-page';

/** Composes raffle-detail's "sales closed" rule into the staff list of sold numbers. */
export function TicketsRoute() {
  return <TicketsPage salesClosed={salesClosed} />;
}
