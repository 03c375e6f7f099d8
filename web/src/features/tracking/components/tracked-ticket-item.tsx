import { formatDateTime } from '@domain/dates';
import type { TrackedTicket, TrackingQuery } from '@domain/tracking';
import { Clock, Gift, Hourglass, Lock, Send } from 'lucide-react';
import { useState } from 'react';
import { PaymentStatusBadge } from '@/components/payment-status-badge';
import { TicketStatusBadge } from '@/components/ticket-status-badge';
import { Button } from '@/components/ui/button';
import { trackingTexts } from '../texts';
import { SendPaymentDialog } from './send-payment-dialog';
import { TicketVerification } from './ticket-verification';
import { UsdOverBs } from './usd-over-bs';

const PAYABLE = ['apartado', 'abonado'];

type TrackedTicketItemProps = {
  ticket: TrackedTicket;
  credentials: TrackingQuery;
  onPaymentSent: () => void;
};

/** One of the buyer's numbers: status, paid and still due, its deadline, the payments sent, and paying. */
export function TrackedTicketItem({ ticket, credentials, onPaymentSent }: TrackedTicketItemProps) {
  const t = trackingTexts.results;
  const [sending, setSending] = useState(false);
  // A payment under review that covers what is due keeps the number past reserved_until (the
  // server's expiry rule): no deadline to threaten with meanwhile.
  const keptUntil = ticket.status === 'apartado' ? ticket.review_hold_until : null;
  // Once the raffle's sales closed, a number held then is in the published list for good: no deadline.
  const holdsUntil =
    !keptUntil && !ticket.sales_closed && ticket.status === 'apartado' && ticket.reserved_until;
  const inReview = ticket.has_pending_payment || keptUntil !== null;
  const payable = PAYABLE.includes(ticket.status) && ticket.remaining_cents > 0;
  const cuotas = ticket.payment_type === 'cuotas' && ticket.installments;
  return (
    <li
      className="grid content-start gap-2 rounded-lg border border-zinc-200 p-3"
      data-testid="tracked-ticket"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-lg font-bold text-zinc-900 tabular-nums">
          <span className="sr-only">{t.ticket(ticket.ticket_number)}</span>
          <span aria-hidden>#{ticket.ticket_number}</span>
        </p>
        <TicketStatusBadge status={ticket.status} />
      </div>
      {ticket.instant_win_prize && (
        <div
          className="flex gap-2 rounded-lg border border-emerald-200 bg-emerald-50 p-2.5 text-emerald-900"
          data-testid="instant-win"
        >
          <Gift aria-hidden className="mt-0.5 size-5 shrink-0" />
          <div className="grid gap-0.5">
            <p className="text-base font-bold">{t.won}</p>
            <p className="text-sm">{t.wonPrize(ticket.instant_win_prize)}</p>
            <p className="text-xs">{t.wonHint}</p>
          </div>
        </div>
      )}
      {/* One row per figure, its amount on the right with its Bs under it (UsdOverBs). */}
      <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm" data-testid="tracked-figures">
        <dt className="text-zinc-600">{t.paid}</dt>
        <dd className="text-right font-semibold text-green-800 tabular-nums">
          <UsdOverBs cents={ticket.total_paid_cents} />
        </dd>
        <dt className="text-zinc-600">{t.remaining}</dt>
        <dd className="text-right font-semibold text-zinc-900 tabular-nums">
          <UsdOverBs cents={ticket.remaining_cents} />
        </dd>
        {payable && (
          <>
            <dt className="text-zinc-600">{cuotas ? t.nextCuota(cuotas) : t.nextDue}</dt>
            <dd className="text-right font-semibold text-brand-800 tabular-nums">
              <UsdOverBs cents={ticket.amount_due_cents} />
            </dd>
          </>
        )}
      </dl>
      {holdsUntil ? (
        <p className="flex items-start gap-1.5 text-xs text-amber-900">
          <Clock aria-hidden className="mt-px size-3.5 shrink-0" />
          {t.reservedUntil(formatDateTime(holdsUntil))}
        </p>
      ) : ticket.sales_closed && payable ? (
        <p className="flex items-start gap-1.5 text-xs text-zinc-700">
          <Lock aria-hidden className="mt-px size-3.5 shrink-0" />
          {t.salesClosedHeld}
        </p>
      ) : (
        ticket.purchased_at && (
          <p className="text-xs text-zinc-500">{t.purchasedAt(formatDateTime(ticket.purchased_at))}</p>
        )
      )}
      <TicketVerification ticket={ticket} />
      {inReview && (
        <div className="flex gap-2 rounded-lg bg-amber-50 p-2.5 text-sm text-amber-900">
          <Hourglass aria-hidden className="mt-0.5 size-4 shrink-0" />
          <div className="grid gap-0.5">
            <p className="font-semibold">{t.inReview}</p>
            {keptUntil && <p className="text-xs">{t.keptWhileInReview(formatDateTime(keptUntil))}</p>}
            {payable && <p className="text-xs">{t.inReviewHint}</p>}
          </div>
        </div>
      )}
      {ticket.payments.length === 0 ? (
        <p className="text-xs text-zinc-500">{t.noPayments}</p>
      ) : (
        <div className="grid gap-1.5 border-t border-zinc-100 pt-2">
          <p className="text-xs font-medium text-zinc-600">{t.payments}</p>
          <ul className="grid gap-2">
            {ticket.payments.map((payment, index) => (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: payments carry no id in the public view
                key={index}
                className="grid gap-1 text-sm"
                data-testid="tracked-payment"
              >
                <div className="flex items-start justify-between gap-2">
                  <span className="text-zinc-700 tabular-nums">
                    <UsdOverBs cents={payment.amount_cents} />
                  </span>
                  <PaymentStatusBadge status={payment.status} />
                </div>
                <p className="text-xs text-zinc-500">{formatDateTime(payment.payment_date)}</p>
                {payment.status === 'rejected' && (
                  <p className="rounded-md bg-red-50 px-2 py-1 text-xs text-red-800">
                    {payment.rejection_reason ? t.rejected(payment.rejection_reason) : t.rejectedNoReason}
                  </p>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      {payable && (
        <>
          <Button
            variant={ticket.has_pending_payment ? 'secondary' : 'primary'}
            className="mt-1 w-full"
            onClick={() => setSending(true)}
          >
            <Send aria-hidden />
            {ticket.has_pending_payment ? t.sendAnother : t.sendProof}
            <span className="sr-only">{t.ofNumber(ticket.ticket_number)}</span>
          </Button>
          <SendPaymentDialog
            ticket={ticket}
            credentials={credentials}
            open={sending}
            onOpenChange={setSending}
            onSent={() => {
              setSending(false);
              onPaymentSent();
            }}
          />
        </>
      )}
    </li>
  );
}
