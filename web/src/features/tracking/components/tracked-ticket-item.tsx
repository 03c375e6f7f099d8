import { formatDateTime } from '@domain/dates';
import { formatUsd } from '@domain/money';
import type { TrackedTicket } from '@domain/tracking';
import { Clock } from 'lucide-react';
import { trackingTexts } from '../texts';
import { PaymentStatusBadge } from './payment-status-badge';
import { TicketStatusBadge } from './ticket-status-badge';

/** One of the buyer's numbers: status, paid and still due, its deadline, and the payments sent. */
export function TrackedTicketItem({ ticket }: { ticket: TrackedTicket }) {
  const t = trackingTexts.results;
  const holdsUntil = ticket.status === 'apartado' && ticket.reserved_until;
  return (
    <li className="grid gap-2 rounded-lg border border-zinc-200 p-3" data-testid="tracked-ticket">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-lg font-bold text-zinc-900 tabular-nums">
          <span className="sr-only">{t.ticket(ticket.ticket_number)}</span>
          <span aria-hidden>#{ticket.ticket_number}</span>
        </p>
        <TicketStatusBadge status={ticket.status} />
      </div>
      <dl className="flex flex-wrap justify-between gap-x-4 gap-y-1 text-sm">
        <div className="flex gap-1.5">
          <dt className="text-zinc-600">{t.paid}</dt>
          <dd className="font-semibold text-green-800 tabular-nums">{formatUsd(ticket.total_paid_cents)}</dd>
        </div>
        <div className="flex gap-1.5">
          <dt className="text-zinc-600">{t.remaining}</dt>
          <dd className="font-semibold text-zinc-900 tabular-nums">{formatUsd(ticket.remaining_cents)}</dd>
        </div>
      </dl>
      {holdsUntil ? (
        <p className="flex items-start gap-1.5 text-xs text-amber-900">
          <Clock aria-hidden className="mt-px size-3.5 shrink-0" />
          {t.reservedUntil(formatDateTime(holdsUntil))}
        </p>
      ) : (
        ticket.purchased_at && (
          <p className="text-xs text-zinc-500">{t.purchasedAt(formatDateTime(ticket.purchased_at))}</p>
        )
      )}
      {ticket.payments.length === 0 ? (
        <p className="text-xs text-zinc-500">{t.noPayments}</p>
      ) : (
        <div className="grid gap-1.5 border-t border-zinc-100 pt-2">
          <p className="text-xs font-medium text-zinc-600">{t.payments}</p>
          <ul className="grid gap-1.5">
            {ticket.payments.map((payment, index) => (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: payments carry no id in the public view
                key={index}
                className="flex flex-wrap items-center justify-between gap-2 text-sm"
              >
                <span className="text-zinc-700 tabular-nums">
                  {t.payment(formatUsd(payment.amount_cents), formatDateTime(payment.payment_date))}
                </span>
                <PaymentStatusBadge status={payment.status} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </li>
  );
}
