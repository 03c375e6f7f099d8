import { PageSpinner } from '@/components/ui/spinner';
import { LazySalesInsight } from '@/features/insight/components/lazy-sales-insight';
import { StaffRafflesPage } from '@/features/raffles/pages/staff-raffles-page';
import { useAuth } from '@/lib/use-auth';

/**
 * Composes auth, raffles and the sales insight: the dashboard lists every raffle for an admin,
 * only theirs for a vendedor, with their sales on top.
 */
export function RafflesDashboardRoute() {
  const { profile } = useAuth();
  // RequireRole lets only staff in, so a missing profile only means it is still loading.
  if (!profile || (profile.role !== 'admin' && profile.role !== 'vendedor')) return <PageSpinner />;
  return (
    <StaffRafflesPage
      viewer={{ role: profile.role, profileId: profile.id }}
      insight={<LazySalesInsight role={profile.role} />}
    />
  );
}
