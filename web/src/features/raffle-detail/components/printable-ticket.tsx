import { formatDateTime } from '@domain/dates';
import { paymentAccountLines } from '@domain/payment-accounts';
import type { PublicRaffle } from '@domain/raffles';
import { paymentMethodLabels } from '@domain/reservations';
import { padTicketNumber } from '@domain/tickets';
import { Ticket } from 'lucide-react';
import { texts } from '@/config/texts';
import type { PriceText } from '../price';
import type { ReservationResult } from '../reservation-result';
import { paymentInstructions, raffleDetailTexts } from '../texts';

const t = raffleDetailTexts.success;

type PrintableTicketProps = {
  raffle: PublicRaffle;
  result: ReservationResult;
  total: PriceText;
  /** For a raffle sold in cuotas: the plan and what is due today. */
  installments?: { plan: string; dueNow: string } | null;
  /** Where the payment stands: reserved and unpaid, proof in review, or paid. */
  paymentStatus: 'reserved' | 'inReview' | 'paid';
};

const statusLabel = {
  reserved: t.statusReserved,
  inReview: t.statusInReview,
  paid: t.statusPaid,
} as const;

const row = (label: string, value: string | null | undefined): [string, string][] =>
  value ? [[label, value]] : [];

/** The ticket card: what prints (see raffle-detail.css) and what a screenshot should show. */
export function PrintableTicket({
  raffle,
  result,
  total,
  installments,
  paymentStatus,
}: PrintableTicketProps) {
  const until = result.tickets[0]?.reserved_until;
  // A printed or saved ticket must stand on its own: who organizes, how to pay, where it stands.
  const rows: [string, string][] = [
    [t.buyer, result.buyerName],
    [t.status, statusLabel[paymentStatus]],
    [t.total, total.label],
    ...row(raffleDetailTexts.installments.row, installments?.plan),
    ...row(t.until, paymentStatus === 'paid' || !until ? null : formatDateTime(until)),
    [texts.paymentMethod, paymentMethodLabels[result.paymentMethod]],
    [
      raffleDetailTexts.hero.draw,
      raffle.draw_source
        ? raffleDetailTexts.hero.drawWith(raffle.draw_source)
        : raffleDetailTexts.hero.drawDefault,
    ],
    ...row(t.organizer, raffle.organizer_name),
    ...row(t.contact, raffle.contact_phone),
  ];
  const howToPay = raffle.payment_instructions ?? paymentInstructions[result.paymentMethod];
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
        <div>
          <p className="text-xs font-medium text-zinc-500">{t.numbers(result.tickets.length)}</p>
          <ul className="mt-2 flex flex-wrap gap-2">
            {result.tickets.map((ticket) => (
              <li
                key={ticket.id}
                className="rounded-lg border-2 border-brand-700 px-3 py-1.5 text-xl font-extrabold tracking-wide text-brand-800 tabular-nums"
              >
                {padTicketNumber(ticket.number, raffle.digit_count)}
              </li>
            ))}
          </ul>
        </div>
        {installments && (
          <p
            className="rounded-lg bg-brand-50 px-3 py-2 text-sm font-semibold text-brand-800"
            data-testid="success-installments"
          >
            {installments.dueNow}
          </p>
        )}
        <dl className="grid gap-2 border-t border-dashed border-zinc-300 pt-4 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-4">
              <dt className="text-zinc-500">{label}</dt>
              <dd className="text-right font-medium text-zinc-900">{value}</dd>
            </div>
          ))}
        </dl>
        {paymentStatus !== 'paid' && (
          // On screen the "Cómo pagar" card follows the ticket; on paper the ticket must carry it.
          <div className="hidden gap-1 border-t border-dashed border-zinc-300 pt-4 text-sm print:grid">
            <p className="text-zinc-500">{t.howToPay}</p>
            <p className="font-medium break-words whitespace-pre-line text-zinc-900">{howToPay}</p>
            {raffle.payment_accounts.map((account, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: accounts have no id and do not move here
              <p key={index} className="break-words text-zinc-900">
                <span className="font-medium">{paymentMethodLabels[account.method]}: </span>
                {paymentAccountLines(account)
                  .map((line) => `${line.label} ${line.value}`)
                  .join(', ')}
              </p>
            ))}
          </div>
        )}
      </div>
    </article>
  );
}
