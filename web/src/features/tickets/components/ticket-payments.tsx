import { formatDateTime } from '@domain/dates';
import { formatUsd } from '@domain/money';
import { formatOrderCode } from '@domain/orders';
import type { TicketPayment, TicketRefundEntry } from '@domain/payments';
import { type PaymentMethod, paymentMethodLabels } from '@domain/reservations';
import { Undo2 } from 'lucide-react';
import { PaymentStatusBadge } from '@/components/payment-status-badge';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { texts } from '@/config/texts';
import { useTicketPayments } from '../api/get-ticket-payments';
import { ticketsTexts } from '../texts';

const t = ticketsTexts.panel;
const methodLabel = (method: string) => paymentMethodLabels[method as PaymentMethod] ?? method;

function PaymentEntry({ payment }: { payment: TicketPayment }) {
  const shared = payment.part_cents !== payment.amount_cents;
  return (
    <li
      className="grid gap-1 rounded-lg border border-zinc-200 bg-white p-3 text-sm"
      data-testid="ledger-payment"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold text-zinc-900 tabular-nums">{formatUsd(payment.part_cents)}</span>
        <PaymentStatusBadge status={payment.status} />
      </div>
      {shared && (
        <p className="text-xs text-zinc-600">
          {t.partOf(formatUsd(payment.part_cents), formatUsd(payment.amount_cents))}
        </p>
      )}
      <p className="text-xs text-zinc-600">
        {formatDateTime(payment.payment_date)} · {methodLabel(payment.payment_method)}
        {payment.reference && ` · ${t.reference(payment.reference)}`}
        {payment.order_code && ` · ${t.order(formatOrderCode(payment.order_code))}`}
        {payment.seller_name && ` · ${t.seller(payment.seller_name)}`}
      </p>
      {payment.recorded_by_staff && <p className="text-xs text-zinc-600">{t.byStaff}</p>}
      {payment.rejection_reason && (
        <p className="text-sm text-red-800">{t.reason(payment.rejection_reason)}</p>
      )}
      {/* What the buyer wrote; once reviewed, the notes also carry the review (shown above). */}
      {payment.status === 'pending' && payment.notes && (
        <p className="text-xs break-words text-zinc-600">{payment.notes}</p>
      )}
    </li>
  );
}

function RefundEntry({ refund }: { refund: TicketRefundEntry }) {
  return (
    <li
      className="grid gap-1 rounded-lg border border-zinc-200 bg-zinc-50 p-3 text-sm"
      data-testid="ledger-refund"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold text-red-800 tabular-nums">−{formatUsd(refund.amount_cents)}</span>
        <Badge variant="danger">
          <Undo2 aria-hidden className="size-3.5" />
          {t.refund}
        </Badge>
      </div>
      <p className="text-xs text-zinc-600">
        {formatDateTime(refund.created_at)}
        {refund.actor_email && ` · ${t.refundBy(refund.actor_email)}`}
      </p>
      <p className="text-sm break-words text-zinc-800">{t.reason(refund.reason)}</p>
    </li>
  );
}

/** A number's ledger, newest first: the payments that gave it money (its part of each) and its refunds. */
export function TicketPayments({ ticketId }: { ticketId: string }) {
  const entries = useTicketPayments(ticketId);
  if (entries.isPending) {
    return (
      <div role="status" className="grid gap-2">
        <span className="sr-only">{texts.common.loading}</span>
        <Skeleton className="h-16 w-full" />
      </div>
    );
  }
  if (entries.isError) return <p className="text-sm text-red-700">{t.paymentsError}</p>;
  if (entries.data.length === 0) return <p className="text-sm text-zinc-600">{t.noPayments}</p>;
  return (
    <ul className="grid gap-2" data-testid="ticket-payments">
      {entries.data.map((entry) =>
        entry.kind === 'refund' ? (
          <RefundEntry key={`r-${entry.id}`} refund={entry} />
        ) : (
          <PaymentEntry key={`p-${entry.id}`} payment={entry} />
        ),
      )}
    </ul>
  );
}
