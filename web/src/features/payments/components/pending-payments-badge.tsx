import { usePaymentCounts } from '../api/get-payment-counts';
import { paymentsTexts } from '../texts';

/** The menu's "Pagos" badge: how many payments wait for review (nothing when none, or while loading). */
export function PendingPaymentsBadge() {
  const counts = usePaymentCounts();
  const pending = counts.data?.pending ?? 0;
  if (pending === 0) return null;
  return (
    <span data-testid="pending-payments-badge" className="ml-auto">
      <span
        aria-hidden
        className="inline-flex min-w-6 items-center justify-center rounded-full bg-amber-200 px-1.5 py-0.5 text-xs font-semibold text-amber-950 tabular-nums"
      >
        {pending > 99 ? '99+' : pending}
      </span>
      <span className="sr-only">({paymentsTexts.navBadge(pending)})</span>
    </span>
  );
}
