import { formatDateTime } from '@domain/dates';
import { formatUsd } from '@domain/money';
import { type PaymentMethod, paymentMethodLabels } from '@domain/reservations';
import { PaymentStatusBadge } from '@/components/payment-status-badge';
import { Skeleton } from '@/components/ui/skeleton';
import { texts } from '@/config/texts';
import { useTicketPayments } from '../api/get-ticket-payments';
import { ticketsTexts } from '../texts';

const methodLabel = (method: string) => paymentMethodLabels[method as PaymentMethod] ?? method;

/** A number's payments, newest first: amount, review status and, when rejected, why. */
export function TicketPayments({ ticketId }: { ticketId: string }) {
  const t = ticketsTexts.panel;
  const payments = useTicketPayments(ticketId);
  if (payments.isPending) {
    return (
      <div role="status" className="grid gap-2">
        <span className="sr-only">{texts.common.loading}</span>
        <Skeleton className="h-16 w-full" />
      </div>
    );
  }
  if (payments.isError) return <p className="text-sm text-red-700">{t.paymentsError}</p>;
  if (payments.data.length === 0) return <p className="text-sm text-zinc-600">{t.noPayments}</p>;
  return (
    <ul className="grid gap-2" data-testid="ticket-payments">
      {payments.data.map((payment) => (
        <li key={payment.id} className="grid gap-1 rounded-lg border border-zinc-200 bg-white p-3 text-sm">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-semibold text-zinc-900 tabular-nums">
              {formatUsd(payment.amount_cents)}
            </span>
            <PaymentStatusBadge status={payment.status} />
          </div>
          <p className="text-xs text-zinc-600">
            {formatDateTime(payment.payment_date)} · {methodLabel(payment.payment_method)}
            {payment.reference && ` · ${t.reference(payment.reference)}`}
          </p>
          {payment.rejection_reason && (
            <p className="text-sm text-red-800">{t.reason(payment.rejection_reason)}</p>
          )}
          {/* What the buyer wrote; once reviewed, the notes also carry the review (shown above). */}
          {payment.status === 'pending' && payment.notes && (
            <p className="text-xs break-words text-zinc-600">{payment.notes}</p>
          )}
        </li>
      ))}
    </ul>
  );
}
