import { type PaymentStatus, paymentStatusLabels } from '@domain/payments';
import { Badge } from '@/components/ui/badge';

const variants = { pending: 'warning', approved: 'success', rejected: 'danger' } as const satisfies Record<
  PaymentStatus,
  string
>;

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return <Badge variant={variants[status]}>{paymentStatusLabels[status]}</Badge>;
}
