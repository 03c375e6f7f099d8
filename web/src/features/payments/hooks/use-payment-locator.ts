import { PAYMENT_STATUSES, type PaymentStatus, type StaffPayment } from '@domain/payments';
import { useQueries } from '@tanstack/react-query';
import { getPaymentsQueryOptions } from '../api/get-payments';
import { paymentAnchor } from '../payment-anchor';

/**
 * Where an earlier payment named by `duplicate_of` is shown: its tab and anchor. The other tabs'
 * lists load only when the open one points at a payment it does not hold.
 */
export function usePaymentLocator(status: PaymentStatus, shown: StaffPayment[] | undefined) {
  const here = new Set(shown?.map((p) => p.id));
  const missing = shown?.some((p) => p.duplicate_of && !here.has(p.duplicate_of)) ?? false;
  const others = PAYMENT_STATUSES.filter((s) => s !== status);
  const lists = useQueries({
    queries: others.map((other) => ({ ...getPaymentsQueryOptions(other), enabled: missing })),
  });

  return (paymentId: string): string | null => {
    if (here.has(paymentId)) return `?status=${status}#${paymentAnchor(paymentId)}`;
    const index = lists.findIndex((list) => list.data?.some((p) => p.id === paymentId));
    const other = others[index];
    return other ? `?status=${other}#${paymentAnchor(paymentId)}` : null;
  };
}
