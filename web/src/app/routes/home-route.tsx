import { salesClosed } from '@/features/raffle-detail/raffle-rules';
import { HomePage } from '@/features/raffles/pages/home-page';

/** Composes raffle-detail's "sales closed" rule into the home page's raffle cards. */
export function HomeRoute() {
  return <HomePage salesClosed={salesClosed} />;
}
