import { formatDateTime } from '@domain/dates';
import { declaredSourceText } from '@domain/draw-source-view';
import { displayName } from '@domain/names';
import { formatOrderCode, type OrderView } from '@domain/orders';
import type { PublicRaffle } from '@domain/raffles';
import { type PaymentMethod, paymentMethodLabels } from '@domain/reservations';
import { Check, Copy, Ticket } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { toast } from 'sonner';
import { TicketStatusBadge } from '@/components/ticket-status-badge';
import { Button } from '@/components/ui/button';
import { texts } from '@/config/texts';
import { orderDeadline } from '../order-deadline';
import { orderTexts } from '../order-texts';
import type { PriceText } from '../price';
import { salesClosed } from '../raffle-rules';
import { reservationTexts } from '../reservation-texts';
import { raffleDetailTexts } from '../texts';
import { ReservationCountdown } from './reservation-countdown';
import { type CodeEntry, VerificationCodes } from './verification-codes';

const t = orderTexts;

/** The declared source as the page says it (a lottery with its date, the beacon), or the old free text. */
function ticketSource(raffle: OrderTicketProps['raffle']): string {
  const source = declaredSourceText(raffle);
  if (raffle.draw_kind === 'drand' && source) return source;
  return source ? raffleDetailTexts.hero.drawWith(source) : raffleDetailTexts.hero.drawDefault;
}

type OrderTicketProps = {
  raffle: Pick<
    PublicRaffle,
    | 'id'
    | 'name'
    | 'draw_source'
    | 'draw_kind'
    | 'draw_lottery'
    | 'draw_at'
    | 'organizer_name'
    | 'contact_phone'
    | 'payment_instructions'
    | 'status'
    | 'closing_date'
  >;
  order: OrderView;
  buyerName?: string;
  total: PriceText;
  paid: PriceText;
  owed: PriceText;
  dueNow: PriceText;
  /** A raffle sold in cuotas: what is due now is the first cuota of each number. */
  cuotas: boolean;
  /** "4 cuotas de $2,50 / Bs 91,25" for a raffle sold in cuotas. */
  plan?: string | null;
  paymentMethod?: PaymentMethod;
  /** This page's address: the QR code brings the buyer (or whoever prints it) back here. */
  url: string;
  /** Each number's verification code (only its buyer sees this page). */
  codes?: CodeEntry[];
};

const row = (label: string, value: string | null | undefined): [string, string][] =>
  value ? [[label, value]] : [];

/** The order as a ticket: the code to copy, the numbers, the money, and a QR back to this page (what prints). */
export function OrderTicket({
  raffle,
  order,
  buyerName,
  total,
  paid,
  owed,
  dueNow,
  cuotas,
  plan,
  paymentMethod,
  url,
  codes = [],
}: OrderTicketProps) {
  const [copied, setCopied] = useState(false);
  const code = formatOrderCode(order.code);
  const pendingReview = order.payments.some((p) => p.status === 'pending');
  const success = reservationTexts.success;
  const status =
    order.owed_cents === 0
      ? success.statusPaid
      : pendingReview
        ? success.statusInReview
        : success.statusReserved;
  // Once the sales closed, what is held is in the published list for good: no deadline to lose it by.
  const closed = salesClosed(raffle);
  const deadline = order.owed_cents > 0 && !closed ? orderDeadline(order.tickets) : null;
  // Counting down only while the numbers can still be lost: not while a payment under review keeps them.
  const until = deadline?.kind === 'pay' ? deadline.at : null;
  const rows: [string, string][] = [
    // As the staff screens show it: "maría núñez" or "MARÍA NÚÑEZ" typed, "María Núñez" read.
    ...row(reservationTexts.success.buyer, displayName(buyerName)),
    [reservationTexts.success.status, status],
    [t.total, total.label],
    ...row(raffleDetailTexts.installments.row, plan),
    [t.paid, paid.label],
    ...row(t.owed, order.owed_cents > 0 ? owed.label : null),
    ...(deadline
      ? row(
          deadline.kind === 'pay' ? reservationTexts.success.until : reservationTexts.success.reviewUntil,
          formatDateTime(deadline.at),
        )
      : []),
    ...row(texts.paymentMethod, paymentMethod && paymentMethodLabels[paymentMethod]),
    [raffleDetailTexts.hero.draw, ticketSource(raffle)],
    ...row(reservationTexts.success.organizer, raffle.organizer_name),
    ...row(reservationTexts.success.contact, raffle.contact_phone),
  ];

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
      toast.success(t.copied);
    } catch {
      toast.error(t.copyFailed);
    }
  };

  return (
    <article
      id="rd-printable-ticket"
      aria-label={raffle.name}
      className="overflow-hidden rounded-[var(--radius-card)] border border-zinc-200 bg-white shadow-[var(--shadow-card)]"
    >
      <header className="flex items-center gap-3 bg-brand-700 px-5 py-4 text-white">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-white/15">
          <Ticket aria-hidden className="size-6" />
        </span>
        <div className="min-w-0">
          <p className="text-xs font-medium text-white/80">{texts.tagline}</p>
          <h2 className="line-clamp-2 text-lg leading-tight font-bold">{raffle.name}</h2>
        </div>
      </header>
      <div className="grid gap-4 p-5">
        <div className="grid gap-1 rounded-xl border-2 border-dashed border-brand-300 bg-brand-50 p-3 text-center">
          <p className="text-xs font-medium text-brand-800">{t.code}</p>
          <p
            className="font-mono text-3xl font-extrabold tracking-widest text-zinc-900"
            data-testid="order-code"
          >
            {code}
          </p>
          <Button
            variant="secondary"
            size="sm"
            className="mx-auto w-fit print:hidden"
            onClick={() => void copy()}
          >
            {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
            {t.copy}
          </Button>
        </div>
        <div>
          <p className="text-xs font-medium text-zinc-500">{t.numbers(order.tickets.length)}</p>
          <ul className="mt-2 flex flex-wrap gap-2">
            {order.tickets.map((ticket) => (
              <li key={ticket.id} className="grid justify-items-center gap-1">
                <span className="rounded-lg border-2 border-brand-700 px-3 py-1.5 text-xl font-extrabold tracking-wide text-brand-800 tabular-nums">
                  {ticket.ticket_number}
                </span>
                <TicketStatusBadge status={ticket.status} />
              </li>
            ))}
          </ul>
        </div>
        <VerificationCodes raffleId={raffle.id} entries={codes} />
        {order.owed_cents > 0 && (
          <div className="grid gap-0.5 rounded-lg bg-brand-50 px-3 py-2" data-testid="order-due-now">
            <p className="text-xs font-medium text-brand-800">{cuotas ? t.dueNowCuotas : t.dueNow}</p>
            <p className="text-lg font-bold text-zinc-900 tabular-nums">{dueNow.label}</p>
            {until && (
              <div className="print:hidden">
                <ReservationCountdown until={until} />
              </div>
            )}
            {closed && <p className="text-sm font-medium text-brand-900">{t.salesClosedHeld}</p>}
          </div>
        )}
        <dl className="grid gap-2 border-t border-dashed border-zinc-300 pt-4 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-4">
              <dt className="text-zinc-500">{label}</dt>
              <dd className="text-right font-medium text-zinc-900 tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
        <div className="flex items-center gap-4 border-t border-dashed border-zinc-300 pt-4">
          <QRCodeSVG value={url} size={96} level="M" role="img" aria-label={t.qrLabel} className="shrink-0" />
          <p className="text-xs text-zinc-600">{t.qr}</p>
        </div>
        {order.owed_cents > 0 && raffle.payment_instructions && (
          // On screen the "Cómo pagar" card follows the ticket; on paper the ticket must carry it.
          <div className="hidden gap-1 border-t border-dashed border-zinc-300 pt-4 text-sm print:grid">
            <p className="text-zinc-500">{reservationTexts.success.howToPay}</p>
            <p className="font-medium break-words whitespace-pre-line text-zinc-900">
              {raffle.payment_instructions}
            </p>
          </div>
        )}
      </div>
    </article>
  );
}
