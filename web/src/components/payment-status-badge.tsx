import { PAYMENT_STATUSES, type PaymentStatus, paymentStatusLabels } from '@domain/payments';
import { Badge } from '@/components/ui/badge';

const variants = { pending: 'warning', approved: 'success', rejected: 'danger' } as const satisfies Record<
  PaymentStatus,
  string
>;

const isPaymentStatus = (s: string): s is PaymentStatus =>
  (PAYMENT_STATUSES as readonly string[]).includes(s);

/**
 * A payment's review status, by name and colour (UX: never colour alone). A status this build does
 * not know yet (a newer server) is shown as it came, in neutral.
 */
export function PaymentStatusBadge({ status }: { status: string }) {
  if (!isPaymentStatus(status)) return <Badge>{status}</Badge>;
  return <Badge variant={variants[status]}>{paymentStatusLabels[status]}</Badge>;
}
