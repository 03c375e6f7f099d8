import { formatDateTime } from '@domain/dates';
import { formatBs } from '@domain/money';
import type { StaffTicket } from '@domain/staff-tickets';
import { Hand } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { ticketsTexts } from '../texts';

/**
 * Until when a payment under review keeps a reservation (the server's `review_hold_until`, the
 * expiry sweep's own rule): its deadline to pay no longer applies meanwhile.
 */
export const reviewHoldUntil = (ticket: StaffTicket): string | null =>
  ticket.review_hold_until && ticket.status === 'apartado' ? formatDateTime(ticket.review_hold_until) : null;

/**
 * A number whose buyer still has to pay by a deadline (paid, released or cancelled ones do not,
 * nor one a payment under review keeps: `reviewHoldUntil`).
 */
export const reservedUntil = (ticket: StaffTicket): string | null =>
  ticket.reserved_until &&
  (ticket.status === 'apartado' || ticket.status === 'abonado') &&
  !reviewHoldUntil(ticket)
    ? formatDateTime(ticket.reserved_until)
    : null;

export type HoldNote = { kind: 'review' | 'until'; date: string } | { kind: 'list' };

/**
 * What a sale's hold says: until when a payment under review keeps it, its deadline to pay, or,
 * once sales closed, that it no longer expires (it is in the published list); null: nothing to say.
 */
export function holdNote(ticket: StaffTicket, frozen: boolean): HoldNote | null {
  const inReview = reviewHoldUntil(ticket);
  const until = reservedUntil(ticket);
  if (frozen) return inReview || until ? { kind: 'list' } : null;
  if (inReview) return { kind: 'review', date: inReview };
  return until ? { kind: 'until', date: until } : null;
}

/**
 * "24 nov 2026, 8:00\u00a0p.\u00a0m.": the time kept on one line inside running text (a phone
 * wrapped the frozen-list line between «a.» and «m.»).
 */
export const unbrokenTime = (value: string) =>
  value.replace(/(\d:\d\d) ([ap])\. m\.$/, '$1\u00a0$2.\u00a0m.');

/** "24 nov 2026, 8:00 p. m." in a narrow cell: the date and the time each stay on one line. */
export function DateTime({ value }: { value: string }) {
  const cut = value.lastIndexOf(', ');
  if (cut < 0) return <span className="whitespace-nowrap">{value}</span>;
  return (
    <>
      <span className="whitespace-nowrap">{value.slice(0, cut + 1)}</span>{' '}
      <span className="whitespace-nowrap">{value.slice(cut + 2)}</span>
    </>
  );
}

/** "—" for an empty cell, read as nothing by screen readers' users ("sin dato"). */
export function Missing() {
  return (
    <span className="text-zinc-500">
      <span aria-hidden>{ticketsTexts.none}</span>
      <span className="sr-only">{ticketsTexts.noData}</span>
    </span>
  );
}

type NumberButtonProps = { ticket: StaffTicket; onOpen: () => void; className?: string };

/** The zero-padded number, opening the side panel. */
export function NumberButton({ ticket, onOpen, className }: NumberButtonProps) {
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={ticketsTexts.openDetail(ticket.ticket_number)}
      className={
        className ??
        'inline-flex min-h-10 min-w-14 items-center justify-center rounded-lg border border-zinc-300 bg-white px-2 font-mono text-base font-bold text-zinc-900 tabular-nums shadow-xs hover:border-brand-600 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600'
      }
    >
      {ticket.ticket_number}
    </button>
  );
}

/**
 * «a mano» beside a number's status when staff set it by hand (`status_by_hand`, decision 061): its
 * order's payments no longer change it. Said in full to screen readers and on hover.
 */
export function ByHandMark({ ticket }: { ticket: StaffTicket }) {
  if (!ticket.status_by_hand) return null;
  return (
    <Badge title={ticketsTexts.byHand.explained} className="px-2" data-testid="ticket-by-hand">
      <Hand aria-hidden className="size-3" />
      <span aria-hidden>{ticketsTexts.byHand.label}</span>
      <span className="sr-only">{ticketsTexts.byHand.explained}</span>
    </Badge>
  );
}

/**
 * What a number still owes in bolívares at today's rate, under its USD amount: most buyers pay in
 * Bs, and the seller asks for that figure. Nothing when nothing is owed or there is no rate.
 */
export function OwedInBs({ cents, vesRate }: { cents: number; vesRate: number | null }) {
  if (cents <= 0 || vesRate === null) return null;
  return (
    <span className="block text-xs font-normal text-zinc-600" data-testid="owed-in-bs">
      {formatBs(cents, vesRate)}
    </span>
  );
}
