import { formatUsd } from '@domain/money';
import { displayName } from '@domain/names';
import type { StaffTicket } from '@domain/staff-tickets';
import { Clock, Hourglass, IdCard, Lock } from 'lucide-react';
import { TicketStatusBadge } from '@/components/ticket-status-badge';
import { Card } from '@/components/ui/card';
import { ticketsTexts } from '../texts';
import { SelectTicket } from './bulk-release';
import { PhoneLink } from './phone-link';
import { TicketActions } from './ticket-actions';
import { ByHandMark, holdNote, NumberButton, OwedInBs } from './ticket-fields';

type TicketCardListProps = {
  tickets: StaffTicket[];
  raffleName: string;
  onOpenDetail: (ticket: StaffTicket) => void;
  onPrint: (ticket: StaffTicket) => void;
  /** Numbers selected for a bulk release, and how one is (un)selected. */
  selected: ReadonlySet<number>;
  onToggle: (ticket: StaffTicket) => void;
  /** Sales closed: no selection for a release (the server refuses it) and no deadline to pay. */
  frozen: boolean;
  /** Bolívares per US dollar today (null: USD only): what is owed, as the buyer will pay it. */
  vesRate: number | null;
};

/** Phones and tablets: one card per number, nothing wider than the screen. */
export function TicketCardList({
  tickets,
  raffleName,
  onOpenDetail,
  onPrint,
  selected,
  onToggle,
  frozen,
  vesRate,
}: TicketCardListProps) {
  const c = ticketsTexts.columns;
  return (
    <ul className="grid gap-3 md:grid-cols-2">
      {tickets.map((ticket) => {
        const name = displayName(ticket.buyer_name);
        const hold = holdNote(ticket, frozen);
        return (
          <li key={ticket.number}>
            <Card className="grid gap-3 p-3 sm:p-4" data-testid="ticket-row" data-number={ticket.number}>
              <div className="flex items-center gap-3">
                {ticket.id !== null && !frozen && (
                  <SelectTicket ticket={ticket} checked={selected.has(ticket.number)} onToggle={onToggle} />
                )}
                <NumberButton ticket={ticket} onOpen={() => onOpenDetail(ticket)} />
                <TicketStatusBadge status={ticket.status} />
                <ByHandMark ticket={ticket} />
                <div className="ml-auto">
                  <TicketActions
                    ticket={ticket}
                    onOpenDetail={() => onOpenDetail(ticket)}
                    onPrint={() => onPrint(ticket)}
                    frozen={frozen}
                  />
                </div>
              </div>
              <div className="grid min-w-0 gap-0.5">
                <p className="min-w-0 font-semibold break-words text-zinc-900">
                  <span className="sr-only">{c.buyer}: </span>
                  {name ?? <span className="font-normal text-zinc-500 italic">{ticketsTexts.noBuyer}</span>}
                </p>
                {ticket.seller_name && (
                  <p className="text-xs text-zinc-600" data-testid="ticket-seller">
                    {ticketsTexts.soldBy(ticket.seller_name)}
                  </p>
                )}
                {(ticket.buyer_phone || ticket.buyer_cedula) && (
                  <div className="flex flex-wrap items-center gap-x-4 text-sm text-zinc-700">
                    {ticket.buyer_phone && (
                      <PhoneLink
                        phone={ticket.buyer_phone}
                        raffleName={raffleName}
                        ticketNumber={ticket.ticket_number}
                      />
                    )}
                    {ticket.buyer_cedula && (
                      <span className="inline-flex items-center gap-1.5 tabular-nums">
                        <IdCard aria-hidden className="size-4 text-zinc-400" />
                        <span className="sr-only">{c.cedula}: </span>
                        {ticket.buyer_cedula}
                      </span>
                    )}
                  </div>
                )}
              </div>
              <dl className="grid grid-cols-2 gap-3 rounded-lg bg-zinc-50 px-3 py-2">
                <div className="grid gap-0.5">
                  <dt className="text-xs font-medium text-zinc-600">{c.paid}</dt>
                  <dd className="font-semibold text-green-800 tabular-nums">
                    {formatUsd(ticket.total_paid_cents)}
                  </dd>
                </div>
                <div className="grid gap-0.5 text-right">
                  <dt className="text-xs font-medium text-zinc-600">{c.owed}</dt>
                  <dd
                    className={
                      ticket.remaining_cents > 0
                        ? 'font-semibold text-amber-800 tabular-nums'
                        : 'font-semibold text-zinc-900 tabular-nums'
                    }
                  >
                    {formatUsd(ticket.remaining_cents)}
                    <OwedInBs cents={ticket.remaining_cents} vesRate={vesRate} />
                  </dd>
                </div>
              </dl>
              {hold?.kind === 'until' && (
                <p className="flex items-start gap-1.5 text-xs text-amber-900">
                  <Clock aria-hidden className="mt-px size-3.5 shrink-0" />
                  {c.reservedUntil}: {hold.date}
                </p>
              )}
              {hold?.kind === 'review' && (
                <p className="flex items-start gap-1.5 text-xs text-zinc-700" data-testid="ticket-in-review">
                  <Hourglass aria-hidden className="mt-px size-3.5 shrink-0" />
                  {c.inReviewUntil(hold.date)}
                </p>
              )}
              {hold?.kind === 'list' && (
                <p className="flex items-start gap-1.5 text-xs text-zinc-700" data-testid="ticket-in-list">
                  <Lock aria-hidden className="mt-px size-3.5 shrink-0" />
                  {c.inPublishedList}
                </p>
              )}
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
