import { PageSpinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth/use-auth';
import { StaffRafflesPage } from '@/features/raffles/pages/staff-raffles-page';

/** Composes auth and raffles: the dashboard lists every raffle for an admin, only theirs for a vendedor. */
export function RafflesDashboardRoute() {
  const { profile } = useAuth();
  // RequireRole lets only staff in, so a missing profile only means it is still loading.
  if (!profile || (profile.role !== 'admin' && profile.role !== 'vendedor')) return <PageSpinner />;
  return <StaffRafflesPage viewer={{ role: profile.role, profileId: profile.id }} />;
}
