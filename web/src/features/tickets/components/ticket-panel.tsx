import { formatDateTime } from '@domain/dates';
import { formatUsd } from '@domain/money';
import { displayName } from '@domain/names';
import { type PaymentMethod, paymentMethodLabels } from '@domain/reservations';
import type { StaffTicket } from '@domain/staff-tickets';
import { Printer } from 'lucide-react';
import type { ReactNode } from 'react';
import { TicketStatusBadge } from '@/components/ticket-status-badge';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { texts } from '@/config/texts';
import { useVesRate } from '@/lib/exchange-rates';
import { useTicket } from '../api/get-ticket';
import { ticketsTexts } from '../texts';
import { PhoneLink } from './phone-link';
import { TicketActions } from './ticket-actions';
import { ByHandMark, holdNote, OwedInBs } from './ticket-fields';
import { TicketHistory } from './ticket-history';
import { TicketPayments } from './ticket-payments';

type TicketPanelProps = {
  /** The row that was opened: shown at once, then refreshed from the server. */
  ticket: StaffTicket | null;
  raffleName: string;
  onOpenChange: (open: boolean) => void;
  onPrint: (ticket: StaffTicket) => void;
  /** Sales closed: a held number no longer has a deadline to pay. */
  frozen?: boolean;
};

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7.5rem_minmax(0,1fr)] items-baseline gap-3 py-1.5">
      <dt className="text-xs font-medium text-zinc-600">{label}</dt>
      <dd className="min-w-0 text-sm break-words text-zinc-900">{children}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-2">
      <h3 className="text-sm font-semibold text-zinc-900">{title}</h3>
      {children}
    </section>
  );
}

/** A side panel (a bottom sheet on phones) with a number's buyer, payments and history. */
export function TicketPanel({
  ticket: opened,
  raffleName,
  onOpenChange,
  onPrint,
  frozen = false,
}: TicketPanelProps) {
  return (
    <Sheet open={opened !== null} onOpenChange={onOpenChange}>
      <SheetContent className="grid content-start gap-5 sm:inset-y-0 sm:right-0 sm:left-auto sm:h-dvh sm:max-h-none sm:w-full sm:max-w-md sm:rounded-none sm:rounded-l-2xl sm:p-6 sm:data-[state=open]:animate-fade-in sm:[&>div:first-child]:hidden">
        {opened && <PanelBody opened={opened} raffleName={raffleName} onPrint={onPrint} frozen={frozen} />}
      </SheetContent>
    </Sheet>
  );
}

function PanelBody({
  opened,
  raffleName,
  onPrint,
  frozen,
}: {
  opened: StaffTicket;
  raffleName: string;
  onPrint: (ticket: StaffTicket) => void;
  frozen: boolean;
}) {
  const t = ticketsTexts.panel;
  const query = useTicket(opened.id, opened);
  const ticket = query.data ?? opened;
  const vesRate = useVesRate().rate;
  const name = displayName(ticket.buyer_name);
  const hold = holdNote(ticket, frozen);
  const method = ticket.payment_method
    ? (paymentMethodLabels[ticket.payment_method as PaymentMethod] ?? ticket.payment_method)
    : null;
  return (
    <>
      <div className="grid gap-2 pr-12">
        {/* The mark beside the title, not in it: the panel's name stays the number and its status. */}
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <SheetTitle className="flex flex-wrap items-center gap-3 text-xl font-bold text-zinc-900">
            <span className="font-mono tabular-nums">{ticketsTexts.number(ticket.ticket_number)}</span>
            <TicketStatusBadge status={ticket.status} className="text-sm" />
          </SheetTitle>
          <ByHandMark ticket={ticket} />
        </div>
        <SheetDescription className="text-sm text-zinc-600">
          <span className="sr-only">{texts.raffle.label}: </span>
          {raffleName}
        </SheetDescription>
      </div>

      <div className="flex flex-wrap gap-2">
        <TicketActions ticket={ticket} variant="button" onPrint={() => onPrint(ticket)} frozen={frozen} />
        {ticket.status !== 'disponible' && (
          <Button variant="secondary" onClick={() => onPrint(ticket)}>
            <Printer aria-hidden />
            {ticketsTexts.actions.print}
          </Button>
        )}
      </div>

      {query.isError && <p className="text-sm text-red-700">{t.loadingError}</p>}

      <dl className="grid grid-cols-2 gap-3 rounded-lg bg-zinc-50 p-3">
        <div className="grid gap-0.5">
          <dt className="text-xs font-medium text-zinc-600">{t.paid}</dt>
          <dd className="text-lg font-semibold text-green-800 tabular-nums">
            {formatUsd(ticket.total_paid_cents)}
          </dd>
        </div>
        <div className="grid gap-0.5 text-right">
          <dt className="text-xs font-medium text-zinc-600">{t.owed}</dt>
          <dd className="text-lg font-semibold text-zinc-900 tabular-nums">
            {formatUsd(ticket.remaining_cents)}
            <OwedInBs cents={ticket.remaining_cents} vesRate={vesRate} />
          </dd>
        </div>
      </dl>

      <Section title={t.buyer}>
        <dl className="divide-y divide-zinc-100">
          <Row label={ticketsTexts.columns.buyer}>
            {name ?? <span className="text-zinc-500 italic">{ticketsTexts.noBuyer}</span>}
          </Row>
          {ticket.buyer_phone && (
            <Row label={ticketsTexts.columns.phone}>
              <PhoneLink
                phone={ticket.buyer_phone}
                raffleName={raffleName}
                ticketNumber={ticket.ticket_number}
              />
            </Row>
          )}
          {ticket.buyer_cedula && <Row label={ticketsTexts.columns.cedula}>{ticket.buyer_cedula}</Row>}
          {ticket.buyer_email && <Row label={t.email}>{ticket.buyer_email}</Row>}
          {ticket.buyer_address && <Row label={t.address}>{ticket.buyer_address}</Row>}
          {method && <Row label={texts.paymentMethod}>{method}</Row>}
          {ticket.purchased_at && ticket.status !== 'disponible' && (
            <Row label={t.purchasedAt}>{formatDateTime(ticket.purchased_at)}</Row>
          )}
          {ticket.instant_win && (
            <Row label={ticketsTexts.instantWin.label}>
              {ticket.instant_win.delivered_at
                ? ticketsTexts.instantWin.delivered(
                    ticket.instant_win.prize,
                    formatDateTime(ticket.instant_win.delivered_at),
                  )
                : ticketsTexts.instantWin.notDelivered(ticket.instant_win.prize)}
            </Row>
          )}
          {hold && (
            <Row label={hold.kind === 'review' ? t.inReviewUntil : t.reservedUntil}>
              {hold.kind === 'list' ? ticketsTexts.columns.inPublishedList : hold.date}
            </Row>
          )}
        </dl>
      </Section>

      {ticket.id ? (
        <>
          <Section title={t.payments}>
            <TicketPayments ticketId={ticket.id} />
          </Section>
          <Section title={t.history}>
            <TicketHistory ticketId={ticket.id} />
          </Section>
        </>
      ) : (
        <p className="text-sm text-zinc-600">{t.noSale}</p>
      )}
    </>
  );
}
