import { formatDateTime } from '@domain/dates';
import { declaredSourceText } from '@domain/draw-source-view';
import { formatUsd } from '@domain/money';
import { displayName } from '@domain/names';
import type { Raffle } from '@domain/raffles';
import { salesClosed } from '@domain/sales-window';
import type { StaffTicket } from '@domain/staff-tickets';
import { Lock, Ticket } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import { ticketStatusName } from '@/components/ticket-status-badge';
import { paths } from '@/config/paths';
import { texts } from '@/config/texts';
import { serverNow } from '@/lib/server-clock';
import { ticketsTexts } from '../texts';
import { trackingUrl } from '../tracking-url';
import { holdNote } from './ticket-fields';

const t = ticketsTexts.print;

const row = (label: string, value: string | null | undefined): [string, string][] =>
  value ? [[label, value]] : [];

type StaffPrintableTicketProps = { ticket: StaffTicket; raffle: Raffle; origin: string };

/** The ticket staff print for a buyer: number, buyer, money, draw, and a QR code to tracking. */
export function StaffPrintableTicket({ ticket, raffle, origin }: StaffPrintableTicketProps) {
  const url = trackingUrl(origin, ticket.buyer_cedula);
  const code = ticket.verification_code;
  const verifyUrl =
    code && ticket.id
      ? `${origin}${paths.verify.getHref({ raffleId: raffle.id, number: ticket.number, code })}`
      : null;
  // Once sales closed a held number is in the published list for good: no date to pay by, a line
  // saying so instead (what the buyer's tracking page says too).
  const hold = holdNote(
    ticket,
    salesClosed({ status: raffle.status, closingDate: raffle.closing_date }, serverNow()),
  );
  const closesAt = raffle.closed_at ?? raffle.closing_date;
  const rows: [string, string][] = [
    [t.buyer, displayName(ticket.buyer_name) ?? ticketsTexts.noBuyer],
    ...row(t.cedula, ticket.buyer_cedula),
    [t.status, ticketStatusName(ticket.status)],
    ...row(t.code, code),
    // The price this sale was made at: a later raffle price applies to new sales only.
    [t.price, formatUsd(ticket.price_cents ?? raffle.price_cents)],
    [t.paid, formatUsd(ticket.total_paid_cents)],
    [t.owed, formatUsd(ticket.remaining_cents)],
    ...row(t.until, hold?.kind === 'until' ? hold.date : null),
    ...row(t.inReviewUntil, hold?.kind === 'review' ? hold.date : null),
    // The declared source (a lottery with its date, the beacon), not the free text beside it.
    ...row(t.draw, declaredSourceText(raffle)),
    // When sales closed, if they did (an early close comes before the closing date), else when they will.
    ...row(t.closing, closesAt && formatDateTime(closesAt)),
    ...row(t.organizer, raffle.organizer_name),
    ...row(t.contact, raffle.contact_phone),
  ];
  return (
    <article
      aria-label={t.title(ticket.ticket_number)}
      className="overflow-hidden rounded-[var(--radius-card)] border border-zinc-300 bg-white text-zinc-900 print:rounded-none print:border-zinc-400"
      data-testid="staff-printable-ticket"
    >
      <header className="flex items-center gap-3 bg-brand-700 px-4 py-3 text-white print:bg-white print:text-zinc-900 print:border-b print:border-zinc-400">
        <Ticket aria-hidden className="size-6 shrink-0" />
        <div className="min-w-0">
          <p className="text-xs font-medium opacity-80">{texts.tagline}</p>
          <h2 className="text-base leading-tight font-bold break-words">{raffle.name}</h2>
        </div>
      </header>
      <div className="grid gap-4 p-4">
        <div className="flex items-center justify-between gap-4">
          <div className="grid gap-1">
            <p className="text-xs font-medium text-zinc-600">{t.number}</p>
            <p className="rounded-lg border-2 border-brand-700 px-3 py-1 font-mono text-3xl font-extrabold tracking-wider text-brand-800 tabular-nums print:border-zinc-900 print:text-zinc-900">
              {ticket.ticket_number}
            </p>
          </div>
          <QRCodeSVG
            value={url}
            size={112}
            level="M"
            marginSize={1}
            role="img"
            aria-label={t.qrLabel}
            className="shrink-0"
            data-testid="ticket-qr"
            data-url={url}
          />
        </div>
        <dl className="grid gap-1.5 border-t border-dashed border-zinc-300 pt-3 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-4">
              <dt className="text-zinc-600">{label}</dt>
              <dd className="text-right font-medium break-words">{value}</dd>
            </div>
          ))}
        </dl>
        {hold?.kind === 'list' && (
          <p className="flex items-start gap-1.5 text-xs text-zinc-700" data-testid="printed-ticket-in-list">
            <Lock aria-hidden className="mt-px size-3.5 shrink-0" />
            {t.salesClosedHeld}
          </p>
        )}
        <p className="border-t border-dashed border-zinc-300 pt-3 text-xs text-zinc-700">
          {t.scan} <span className="break-all">{url}</span>
        </p>
        {verifyUrl && (
          <div className="flex items-center gap-3 border-t border-dashed border-zinc-300 pt-3">
            <QRCodeSVG
              value={verifyUrl}
              size={72}
              level="M"
              marginSize={1}
              role="img"
              aria-label={t.verifyQrLabel}
              className="shrink-0"
              data-testid="ticket-verify-qr"
            />
            <p className="text-xs text-zinc-700">
              {t.verify} <span className="break-all">{verifyUrl}</span>
            </p>
          </div>
        )}
      </div>
    </article>
  );
}
