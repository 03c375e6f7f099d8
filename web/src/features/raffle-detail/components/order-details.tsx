import { formatDateTime } from '@domain/dates';
import { formatOrderCode, type OrderView } from '@domain/orders';
import type { PublicRaffle } from '@domain/raffles';
import { ArrowLeft, CheckCircle2, Plus, ReceiptText, Search } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import type { VesRate } from '@/lib/exchange-rates';
import { installmentPlan, installmentsText } from '../installments';
import { orderDeadline } from '../order-deadline';
import { orderTexts } from '../order-texts';
import type { OrderVisit } from '../order-visit';
import { priceText } from '../price';
import { salesClosed } from '../raffle-rules';
import { reservationTexts } from '../reservation-texts';
import { verificationTexts } from '../verification-texts';
import { HowToPay } from './how-to-pay';
import { OrderPaymentForm } from './order-payment-form';
import { OrderPayments } from './order-payments';
import { OrderTicket } from './order-ticket';
import { ShareActions } from './share-actions';
import type { CodeEntry } from './verification-codes';

const t = orderTexts;

/** The buyer's own message (WhatsApp, share sheet) carries their codes, to find them later. */
const withCodes = (text: string, codes: CodeEntry[]) =>
  codes.length === 0
    ? text
    : `${text}\n${verificationTexts.codes.shareIntro}\n${codes
        .map((c) => verificationTexts.codes.shareLine(c.ticketNumber, c.code))
        .join('\n')}\n`;

type OrderDetailsProps = { raffle: PublicRaffle; order: OrderView; visit: OrderVisit; rate: VesRate };

/** The order: its ticket (code, numbers, money, QR), how to pay, the payment form, and what was sent. */
export function OrderDetails({ raffle, order, visit, rate }: OrderDetailsProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const code = formatOrderCode(order.code);
  const list = order.tickets.map((ticket) => ticket.ticket_number).join(', ');
  const numbers = t.numbersList(order.tickets.length, list);
  const method = visit.paymentMethod ?? 'pago_movil';
  const plan = installmentPlan(raffle);
  // The share text names a deadline only while one is owed (not while a payment under review keeps them).
  const closed = salesClosed(raffle);
  const deadline = closed ? null : orderDeadline(order.tickets);
  const until = order.owed_cents > 0 && deadline?.kind === 'pay' ? formatDateTime(deadline.at) : '';
  const cuotas = plan !== null;
  const inReview = order.payments.some((payment) => payment.status === 'pending');
  const url = typeof window === 'undefined' ? '' : `${window.location.origin}${window.location.pathname}`;
  const codes = order.tickets.map((ticket) => ({
    number: ticket.number,
    ticketNumber: ticket.ticket_number,
    code: ticket.verification_code,
  }));

  // Arriving from the checkout: back to the top, the title takes the focus.
  useEffect(() => {
    window.scrollTo({ top: 0 });
    heading.current?.focus({ preventScroll: true });
  }, []);

  return (
    <section aria-labelledby="success-title" className="mx-auto grid w-full max-w-xl gap-5">
      <div className="grid justify-items-center gap-2 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-green-100 text-green-700">
          {visit.fresh ? (
            <CheckCircle2 aria-hidden className="size-8" />
          ) : (
            <ReceiptText aria-hidden className="size-8" />
          )}
        </span>
        <h1
          id="success-title"
          ref={heading}
          tabIndex={-1}
          className="text-2xl font-bold tracking-tight text-zinc-900 outline-none"
        >
          {visit.fresh ? t.freshTitle : t.title}
        </h1>
        <p className="text-sm text-zinc-600">{t.subtitle}</p>
      </div>

      <OrderTicket
        raffle={raffle}
        order={order}
        buyerName={visit.buyerName}
        total={priceText(order.total_cents, rate)}
        paid={priceText(order.paid_cents, rate)}
        owed={priceText(order.owed_cents, rate)}
        dueNow={priceText(order.due_now_cents > 0 ? order.due_now_cents : order.owed_cents, rate)}
        cuotas={cuotas && order.due_now_cents > 0 && order.due_now_cents < order.owed_cents}
        plan={plan && installmentsText(plan, rate)}
        paymentMethod={visit.paymentMethod}
        url={url}
        codes={codes}
      />
      <ShareActions
        title={raffle.name}
        text={withCodes(
          t.shareText(raffle.name, code, numbers, priceText(order.total_cents, rate).label, until),
          codes,
        )}
        url={url}
      />

      {order.owed_cents > 0 ? (
        <>
          <HowToPay
            accounts={raffle.payment_accounts}
            instructions={raffle.payment_instructions}
            method={method}
            contactPhone={raffle.contact_phone}
            proofMessage={reservationTexts.success.proofMessage(
              raffle.name,
              `${numbers} (pedido ${code})`,
              priceText(order.owed_cents, rate).label,
            )}
          />
          <Card className="p-5">
            <OrderPaymentForm
              order={order}
              cedula={visit.cedula}
              rate={rate}
              defaultMethod={visit.paymentMethod}
              inReview={inReview}
            />
          </Card>
        </>
      ) : (
        <p
          role="status"
          className="flex gap-3 rounded-xl border border-green-200 bg-green-50 p-4 text-sm text-green-900"
        >
          <CheckCircle2 aria-hidden className="size-5 shrink-0 text-green-700" />
          {t.allPaid}
        </p>
      )}

      <OrderPayments payments={order.payments} rate={rate} />

      <Card className="grid gap-3 p-5">
        <p className="text-sm text-zinc-700">{reservationTexts.success.trackingHint}</p>
        <Button asChild variant="secondary" size="lg">
          <Link to={paths.tracking.getHref()}>
            <Search aria-hidden />
            {reservationTexts.success.tracking}
          </Link>
        </Button>
      </Card>

      <Button asChild variant="ghost" size="lg">
        <Link to={paths.raffle.getHref(raffle.id)}>
          {closed ? <ArrowLeft aria-hidden /> : <Plus aria-hidden />}
          {closed ? t.backToRaffle : t.more}
        </Link>
      </Button>
    </section>
  );
}
