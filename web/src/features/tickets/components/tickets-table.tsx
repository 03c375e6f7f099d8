import { formatUsd } from '@domain/money';
import { displayName } from '@domain/names';
import type { StaffTicket } from '@domain/staff-tickets';
import { TicketStatusBadge } from '@/components/ticket-status-badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ticketsTexts } from '../texts';
import { BigCheckbox, SelectTicket } from './bulk-release';
import { PhoneLink } from './phone-link';
import { TicketActions } from './ticket-actions';
import { ByHandMark, DateTime, holdNote, Missing, NumberButton, OwedInBs } from './ticket-fields';

type TicketsTableProps = {
  tickets: StaffTicket[];
  raffleName: string;
  onOpenDetail: (ticket: StaffTicket) => void;
  onPrint: (ticket: StaffTicket) => void;
  /** Numbers selected for a bulk release, and how one is (un)selected. */
  selected: ReadonlySet<number>;
  onToggle: (ticket: StaffTicket) => void;
  onTogglePage: (tickets: StaffTicket[], select: boolean) => void;
  /** Sales closed: no selection for a release (the server refuses it) and no deadline to pay. */
  frozen: boolean;
  /** Bolívares per US dollar today (null: USD only): what is owed, as the buyer will pay it. */
  vesRate: number | null;
};

/** Wide screens: one row per number, money right-aligned; tighter cells, as nine columns share the width. */
export function TicketsTable({
  tickets,
  raffleName,
  onOpenDetail,
  onPrint,
  selected,
  onToggle,
  onTogglePage,
  frozen,
  vesRate,
}: TicketsTableProps) {
  const c = ticketsTexts.columns;
  const sold = tickets.filter((ticket) => ticket.id !== null);
  const allSelected = sold.length > 0 && sold.every((ticket) => selected.has(ticket.number));
  return (
    <Table>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          {!frozen && (
            <TableHead className="w-12 px-3">
              {sold.length > 0 && (
                <BigCheckbox
                  checked={allSelected}
                  onChange={() => onTogglePage(sold, !allSelected)}
                  label={ticketsTexts.bulk.selectPage}
                />
              )}
            </TableHead>
          )}
          <TableHead className="w-20 px-3">{c.number}</TableHead>
          <TableHead className="px-3">{c.status}</TableHead>
          <TableHead className="px-3">{c.buyer}</TableHead>
          <TableHead className="px-3">{c.phone}</TableHead>
          <TableHead className="px-3">{c.cedula}</TableHead>
          <TableHead className="px-3 text-right">{c.paid}</TableHead>
          <TableHead className="px-3 text-right">{c.owed}</TableHead>
          <TableHead className="px-3">{c.reservedUntil}</TableHead>
          <TableHead className="w-12 px-3">
            <span className="sr-only">{c.actions}</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {tickets.map((ticket) => {
          const name = displayName(ticket.buyer_name);
          const hold = holdNote(ticket, frozen);
          return (
            <TableRow key={ticket.number} data-testid="ticket-row" data-number={ticket.number}>
              {!frozen && (
                <TableCell className="px-3 py-1">
                  <SelectTicket ticket={ticket} checked={selected.has(ticket.number)} onToggle={onToggle} />
                </TableCell>
              )}
              <TableCell className="px-3 py-2">
                <NumberButton ticket={ticket} onOpen={() => onOpenDetail(ticket)} />
              </TableCell>
              <TableCell className="px-3">
                <span className="flex flex-wrap items-center gap-1 xl:flex-nowrap">
                  <TicketStatusBadge status={ticket.status} />
                  <ByHandMark ticket={ticket} />
                </span>
              </TableCell>
              <TableCell className="min-w-48 max-w-72 px-3 font-medium break-words text-zinc-900">
                {name ?? <span className="font-normal text-zinc-500 italic">{ticketsTexts.noBuyer}</span>}
                {ticket.seller_name && (
                  <span className="block text-xs font-normal text-zinc-600" data-testid="ticket-seller">
                    {ticketsTexts.soldBy(ticket.seller_name)}
                  </span>
                )}
              </TableCell>
              <TableCell className="px-3 py-1">
                {ticket.buyer_phone ? (
                  <PhoneLink
                    phone={ticket.buyer_phone}
                    raffleName={raffleName}
                    ticketNumber={ticket.ticket_number}
                  />
                ) : (
                  <Missing />
                )}
              </TableCell>
              <TableCell className="px-3 whitespace-nowrap tabular-nums">
                {ticket.buyer_cedula ?? <Missing />}
              </TableCell>
              <TableCell className="px-3 text-right whitespace-nowrap text-green-800 tabular-nums">
                {formatUsd(ticket.total_paid_cents)}
              </TableCell>
              <TableCell
                className={
                  ticket.remaining_cents > 0
                    ? 'px-3 text-right font-semibold whitespace-nowrap text-amber-800 tabular-nums'
                    : 'px-3 text-right whitespace-nowrap text-zinc-700 tabular-nums'
                }
              >
                {formatUsd(ticket.remaining_cents)}
                <OwedInBs cents={ticket.remaining_cents} vesRate={vesRate} />
              </TableCell>
              <TableCell className="min-w-28 px-3 text-xs text-zinc-700">
                {hold?.kind === 'until' ? (
                  <DateTime value={hold.date} />
                ) : hold?.kind === 'review' ? (
                  <span data-testid="ticket-in-review">{c.inReviewUntil(hold.date)}</span>
                ) : hold ? (
                  <span data-testid="ticket-in-list">{c.inPublishedList}</span>
                ) : (
                  <Missing />
                )}
              </TableCell>
              <TableCell className="px-3 py-1 text-right">
                <TicketActions
                  ticket={ticket}
                  onOpenDetail={() => onOpenDetail(ticket)}
                  onPrint={() => onPrint(ticket)}
                  frozen={frozen}
                />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
