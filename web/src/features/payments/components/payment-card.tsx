import { formatDateTime } from '@domain/dates';
import { formatBs, formatUsd } from '@domain/money';
import { displayName } from '@domain/names';
import { PAYMENT_METHODS, type PaymentMethod, paymentMethodLabels } from '@domain/reservations';
import { MessageCircle } from 'lucide-react';
import { useId } from 'react';
import { PaymentStatusBadge } from '@/components/payment-status-badge';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { whatsappHref } from '@/lib/whatsapp';
import { paymentAnchor } from '../payment-anchor';
import { duplicateTargets, groupAmount, type PaymentGroup } from '../payment-groups';
import { paymentsTexts } from '../texts';
import { DuplicateWarning } from './duplicate-warning';
import { PaymentDecision } from './payment-decision';
import { PaymentProof } from './payment-proof';
import { ReviewWindowNote } from './review-window-note';

type PaymentCardProps = {
  group: PaymentGroup;
  /** The card a link pointed at (`#pago-<id>`): outlined until another one is. */
  highlighted: boolean;
  duplicateHref: (paymentId: string) => string | null;
};

const t = paymentsTexts.card;
const rateFormat = new Intl.NumberFormat('es-VE', { minimumFractionDigits: 2, maximumFractionDigits: 4 });

const isPaymentMethod = (method: string): method is PaymentMethod =>
  (PAYMENT_METHODS as readonly string[]).includes(method);
const methodLabel = (method: string) => (isPaymentMethod(method) ? paymentMethodLabels[method] : method);
const distinct = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => Boolean(v)))];

/** One proof: its numbers, buyer, amount, method, reference and date, the proof itself, and the decision. */
export function PaymentCard({ group, highlighted, duplicateHref }: PaymentCardProps) {
  const headingId = useId();
  const { payments } = group;
  const [first] = payments;
  if (!first) return null;

  const { ticket, status } = first;
  const buyer = displayName(ticket.buyer_name) ?? t.noName;
  const numbers = payments.map((p) => p.ticket.ticket_number);
  const amount = groupAmount(payments);
  const references = distinct(payments.map((p) => p.reference));
  const reason = first.rejection_reason;

  return (
    <Card
      className={cn(
        'overflow-hidden transition-shadow',
        highlighted && 'ring-2 ring-brand-600 ring-offset-2',
      )}
    >
      <article
        id={paymentAnchor(group.id)}
        aria-labelledby={headingId}
        tabIndex={-1}
        data-testid="payment-card"
        className="grid scroll-mt-24 gap-4 p-4 outline-none sm:p-5 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-6"
      >
        {/* Every payment of the card answers its own anchor (a duplicate may point at any of them). */}
        {payments
          .filter((p) => p.id !== group.id)
          .map((p) => (
            <span key={p.id} id={paymentAnchor(p.id)} className="sr-only" />
          ))}
        <div className="grid min-w-0 content-start gap-4">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <ul aria-label={t.numbersLabel(numbers.length)} className="flex flex-wrap gap-1.5">
              {numbers.map((number) => (
                <li
                  key={number}
                  className="min-w-11 rounded-md border border-brand-200 bg-brand-50 px-2 py-1 text-center font-mono text-base font-semibold text-brand-800 tabular-nums"
                >
                  {number}
                </li>
              ))}
            </ul>
            {status === 'pending' ? (
              <ReviewWindowNote reviewUntil={first.review_until} />
            ) : (
              <PaymentStatusBadge status={status} />
            )}
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

          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:gap-x-6">
            <div className="grid gap-0.5">
              <dt className="text-xs font-medium text-zinc-600">{t.phone}</dt>
              <dd>
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
              </dd>
            </div>
            <div className="grid gap-0.5">
              <dt className="text-xs font-medium text-zinc-600">{t.cedula}</dt>
              <dd className="flex min-h-10 items-center text-zinc-900 tabular-nums">
                {ticket.buyer_cedula ?? t.noCedula}
              </dd>
            </div>
          </dl>

          <dl className="grid grid-cols-2 gap-3 rounded-lg bg-zinc-50 p-3 text-sm">
            <div className="col-span-2 grid gap-0.5">
              <dt className="text-xs font-medium text-zinc-600">{t.amount}</dt>
              <dd className="grid">
                <span className="text-lg font-semibold text-zinc-900 tabular-nums">
                  {formatUsd(amount.usdCents)}
                  {amount.bsCents !== null && (
                    <span className="ml-2 text-sm font-normal text-zinc-700">
                      {formatBs(amount.bsCents, 1)}
                    </span>
                  )}
                </span>
                <span className="text-xs text-zinc-600">
                  {[
                    payments.length > 1 ? t.eachAmount(payments.length, formatUsd(first.amount_cents)) : null,
                    amount.rate !== null
                      ? t.rate(rateFormat.format(amount.rate))
                      : amount.bsCents === null
                        ? t.noRate
                        : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </dd>
            </div>
            <div className="grid gap-0.5">
              <dt className="text-xs font-medium text-zinc-600">{t.method}</dt>
              <dd className="text-zinc-900">{methodLabel(first.payment_method)}</dd>
            </div>
            <div className="grid min-w-0 gap-0.5">
              <dt className="text-xs font-medium text-zinc-600">{t.reference}</dt>
              <dd className="font-mono break-all text-zinc-900">
                {references.length > 0 ? references.join(', ') : t.noReference}
              </dd>
            </div>
            <div className="col-span-2 grid gap-0.5 sm:col-span-1">
              <dt className="text-xs font-medium text-zinc-600">{t.sentAt}</dt>
              <dd className="text-zinc-900">{formatDateTime(first.payment_date)}</dd>
            </div>
            {first.reviewed_at && (
              <div className="col-span-2 grid gap-0.5 sm:col-span-1">
                <dt className="text-xs font-medium text-zinc-600">{t.reviewedAt}</dt>
                <dd className="text-zinc-900">{formatDateTime(first.reviewed_at)}</dd>
              </div>
            )}
          </dl>

          {status === 'rejected' && (
            <div className="grid gap-0.5 rounded-lg border border-red-200 bg-white p-3 text-sm">
              <p className="text-xs font-medium text-zinc-600">{t.reason}</p>
              <p className="break-words text-zinc-900">{reason ?? t.noReason}</p>
            </div>
          )}
          {payments.length > 1 && <p className="text-sm text-zinc-600">{t.groupHint(payments.length)}</p>}
          <DuplicateWarning targets={duplicateTargets(payments)} hrefFor={duplicateHref} />
        </div>

        <div className="grid content-start gap-2">
          <h3 className="text-xs font-medium text-zinc-600">{paymentsTexts.proof.title}</h3>
          <PaymentProof url={first.payment_proof} buyer={buyer} numbers={numbers} />
        </div>

        {status === 'pending' && (
          <PaymentDecision payments={payments} buyer={buyer} numbers={numbers} raffle={ticket.raffle_name} />
        )}
      </article>
    </Card>
  );
}
