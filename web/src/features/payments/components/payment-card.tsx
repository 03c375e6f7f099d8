import { bankName } from '@domain/banks';
import { formatDateTime } from '@domain/dates';
import { formatUsd } from '@domain/money';
import { displayName } from '@domain/names';
import { formatOrderCode } from '@domain/orders';
import type { StaffPayment } from '@domain/payments';
import { PAYMENT_METHODS, type PaymentMethod, paymentMethodLabels } from '@domain/reservations';
import { BadgeCheck, CircleAlert, MessageCircle } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { PaymentStatusBadge } from '@/components/payment-status-badge';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { whatsappHref } from '@/lib/whatsapp';
import type { Decided } from '../hooks/use-review-queue';
import { paymentBsCents, paymentNumbers, surplusOwes } from '../payment-amount';
import { paymentAnchor } from '../payment-anchor';
import { paymentsTexts } from '../texts';
import { DuplicateWarning } from './duplicate-warning';
import { PaymentDecided, PaymentDecision } from './payment-decision';
import { PaymentParts } from './payment-parts';
import { PaymentProof } from './payment-proof';
import { ReviewWindowNote } from './review-window-note';

type PaymentCardProps = {
  payment: StaffPayment;
  /** The card a link pointed at (`#pago-<id>`): outlined until another one is. */
  highlighted: boolean;
  duplicateHref: (paymentId: string) => string | null;
  /** Decided in this visit: the card stays where it was and says so (use-review-queue.ts). */
  decided?: Decided;
  onDecided?: (decided: Decided) => void;
};

const t = paymentsTexts.card;
const rateFormat = new Intl.NumberFormat('es-VE', { minimumFractionDigits: 2, maximumFractionDigits: 4 });
const bsFormat = new Intl.NumberFormat('es-VE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const dayFormat = new Intl.DateTimeFormat('es-VE', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

const isPaymentMethod = (method: string): method is PaymentMethod =>
  (PAYMENT_METHODS as readonly string[]).includes(method);
const methodLabel = (method: string) => (isPaymentMethod(method) ? paymentMethodLabels[method] : method);
/** "2026-05-02" -> "2 may 2026" (a calendar day: no time zone shift). */
const formatDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`)).replace(/\./g, '');

function Item({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={cn('grid min-w-0 gap-0.5', wide && 'col-span-2 sm:col-span-1')}>
      <dt className="text-xs font-medium text-zinc-600">{label}</dt>
      <dd className="break-words text-zinc-900">{children}</dd>
    </div>
  );
}

/** One payment: its order and numbers (what each gets), buyer, amount in USD and Bs, bank data, proof, decision. */
export function PaymentCard({ payment, highlighted, duplicateHref, decided, onDecided }: PaymentCardProps) {
  const headingId = useId();
  // Shown at once; the page's queue keeps the card mounted after the list drops it.
  const [decidedHere, setDecidedHere] = useState<Decided>();
  const decision = decided ?? decidedHere;
  const { ticket } = payment;
  const status = decision ?? payment.status;
  const buyer = displayName(ticket.buyer_name) ?? t.noName;
  const numbers = paymentNumbers(payment);
  const bsCents = paymentBsCents(payment);
  const bank = bankName(payment.bank_code);

  return (
    <Card
      className={cn(
        'overflow-hidden transition-shadow',
        highlighted && 'ring-2 ring-brand-600 ring-offset-2',
        decision === 'approved' && 'border-green-300',
        decision === 'rejected' && 'border-red-300',
        payment.surplus && status === 'pending' && 'border-amber-300',
      )}
    >
      <article
        id={paymentAnchor(payment.id)}
        aria-labelledby={headingId}
        tabIndex={-1}
        data-testid="payment-card"
        className="grid scroll-mt-24 gap-4 p-4 outline-none sm:p-5 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-6"
      >
        <div className="grid min-w-0 content-start gap-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-zinc-600">
              {payment.order_code ? (
                <>
                  {t.order}{' '}
                  <span className="font-mono text-base font-bold tracking-wide text-zinc-900">
                    {formatOrderCode(payment.order_code)}
                  </span>
                </>
              ) : (
                t.noOrder
              )}
            </p>
            <div className="flex flex-wrap items-center gap-1.5">
              {payment.bank_confirmed && (
                <Badge variant="success" data-testid="bank-confirmed">
                  <BadgeCheck aria-hidden className="size-3.5" />
                  {t.bankConfirmed}
                </Badge>
              )}
              {payment.recorded_by_staff && <Badge variant="brand">{t.recordedByStaff}</Badge>}
              {payment.surplus && status === 'pending' && (
                <Badge variant="warning" data-testid="surplus-badge">
                  {t.surplus}
                </Badge>
              )}
              {status === 'pending' ? (
                <ReviewWindowNote reviewUntil={payment.review_until} />
              ) : (
                <PaymentStatusBadge status={status} />
              )}
            </div>
          </div>

          <div className="grid gap-0.5">
            <h2 id={headingId} className="text-base leading-snug font-semibold break-words text-zinc-900">
              {buyer}
            </h2>
            <p className="text-sm break-words text-zinc-600">
              <span className="sr-only">{t.raffle}: </span>
              {ticket.raffle_name}
            </p>
          </div>

          {payment.surplus && status === 'pending' && (
            <p
              role="note"
              className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
            >
              <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
              {t.surplusHint(formatUsd(payment.amount_cents), surplusOwes(payment))}
            </p>
          )}

          <PaymentParts payment={payment} />

          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:gap-x-6">
            <Item label={t.phone}>
              {ticket.buyer_phone ? (
                <a
                  href={whatsappHref(
                    t.whatsappMessage(buyer, ticket.raffle_name, numbers),
                    ticket.buyer_phone,
                  )}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t.whatsappLabel(buyer, ticket.buyer_phone)}
                  className="inline-flex min-h-10 items-center gap-1.5 font-medium text-green-800 tabular-nums hover:underline"
                >
                  <MessageCircle aria-hidden className="size-4" />
                  {ticket.buyer_phone}
                </a>
              ) : (
                <span className="text-zinc-500">{t.noPhone}</span>
              )}
            </Item>
            <Item label={t.cedula}>
              <span className="flex min-h-10 items-center tabular-nums">
                {ticket.buyer_cedula ?? t.noCedula}
              </span>
            </Item>
          </dl>

          <dl className="grid grid-cols-2 gap-3 rounded-lg bg-zinc-50 p-3 text-sm">
            <div className="col-span-2 grid gap-0.5">
              <dt className="text-xs font-medium text-zinc-600">{t.amount}</dt>
              <dd className="grid">
                <span className="text-lg font-semibold text-zinc-900 tabular-nums">
                  {formatUsd(payment.amount_cents)}
                  {bsCents !== null && (
                    <span className="ml-2 text-sm font-normal text-zinc-700">
                      Bs {bsFormat.format(bsCents / 100)}
                    </span>
                  )}
                </span>
                <span className="text-xs text-zinc-600">
                  {payment.amount_ves_cents !== null
                    ? t.paidInBs
                    : payment.rate_to_usd !== null
                      ? t.rate(rateFormat.format(payment.rate_to_usd))
                      : t.noRate}
                </span>
              </dd>
            </div>
            <Item label={t.method}>{methodLabel(payment.payment_method)}</Item>
            <Item label={t.bank}>{bank ?? t.noBank}</Item>
            <Item label={t.reference}>
              <span className="font-mono break-all">{payment.reference ?? t.noReference}</span>
            </Item>
            {payment.payer_phone && <Item label={t.payerPhone}>{payment.payer_phone}</Item>}
            {payment.paid_on && <Item label={t.paidOn}>{formatDay(payment.paid_on)}</Item>}
            <Item label={t.sentAt} wide>
              {formatDateTime(payment.payment_date)}
            </Item>
            {payment.reviewed_at && (
              <Item label={t.reviewedAt} wide>
                {formatDateTime(payment.reviewed_at)}
              </Item>
            )}
          </dl>

          {payment.status === 'rejected' && (
            <div className="grid gap-0.5 rounded-lg border border-red-200 bg-white p-3 text-sm">
              <p className="text-xs font-medium text-zinc-600">{t.reason}</p>
              <p className="break-words text-zinc-900">{payment.rejection_reason ?? t.noReason}</p>
            </div>
          )}
          <DuplicateWarning
            targets={payment.duplicate_of ? [payment.duplicate_of] : []}
            hrefFor={duplicateHref}
          />
        </div>

        <div className="grid content-start gap-2">
          <h3 className="text-xs font-medium text-zinc-600">{paymentsTexts.proof.title}</h3>
          <PaymentProof url={payment.payment_proof} buyer={buyer} numbers={numbers} />
        </div>

        {decision ? (
          <PaymentDecided payment={payment} decided={decision} />
        ) : (
          status === 'pending' && (
            <PaymentDecision
              payment={payment}
              buyer={buyer}
              onDecided={(made) => {
                setDecidedHere(made);
                onDecided?.(made);
              }}
            />
          )
        )}
      </article>
    </Card>
  );
}
