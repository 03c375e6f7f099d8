import { formatOrderCode } from '@domain/orders';
import type { TrackedTicket, TrackingQuery } from '@domain/tracking';
import { trackingMessages } from '@domain/tracking';
import { ExternalLink, ReceiptText, SearchX } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import { trackingTexts } from '../texts';
import { OpenOrderForm } from './open-order-form';
import { TrackedTicketItem } from './tracked-ticket-item';

type Group = { raffleId: string; raffleName: string; owner: string; tickets: TrackedTicket[] };

const owes = (ticket: TrackedTicket) =>
  ticket.remaining_cents > 0 && ['apartado', 'abonado'].includes(ticket.status);

/**
 * One link per order that still owes money (tracking answers carry the order code): its page takes
 * one payment for all its numbers. Sales older than orders have no code: the buyer types one.
 */
function OrderPayments({ group, cedula }: { group: Group; cedula: string }) {
  const owing = group.tickets.filter(owes);
  if (owing.length === 0) return null;
  const orders = new Map<string, string[]>();
  for (const ticket of owing)
    if (ticket.order_code)
      orders.set(ticket.order_code, [...(orders.get(ticket.order_code) ?? []), ticket.ticket_number]);
  if (orders.size === 0) return <OpenOrderForm raffleId={group.raffleId} cedula={cedula} />;
  return (
    <div className="grid gap-2">
      {[...orders].map(([code, numbers]) => (
        // An order of many numbers names them all: the label wraps instead of widening the page.
        <Button
          key={code}
          asChild
          variant="secondary"
          className="h-auto min-h-11 justify-start whitespace-normal py-2 text-left"
        >
          <Link to={paths.order.getHref(group.raffleId, code)} state={{ cedula }}>
            <ReceiptText aria-hidden className="size-4" />
            <span className="min-w-0">
              {trackingTexts.order.payOrder(formatOrderCode(code), numbers.join(', '))}
            </span>
          </Link>
        </Button>
      ))}
    </div>
  );
}

function groupByRaffle(tickets: TrackedTicket[]): Group[] {
  const groups = new Map<string, Group>();
  for (const ticket of tickets) {
    const group = groups.get(ticket.raffle_id) ?? {
      raffleId: ticket.raffle_id,
      raffleName: ticket.raffle_name,
      owner: ticket.buyer_name_masked,
      tickets: [],
    };
    group.tickets.push(ticket);
    groups.set(ticket.raffle_id, group);
  }
  return [...groups.values()];
}

/** The buyer's tickets grouped by raffle; an empty answer never says which half was wrong. */
type TrackingResultsProps = {
  tickets: TrackedTicket[];
  /** The lookup's cedula and last four digits, which a payment from here must repeat. */
  credentials: TrackingQuery;
  onPaymentSent: () => void;
};

export function TrackingResults({ tickets, credentials, onPaymentSent }: TrackingResultsProps) {
  const t = trackingTexts.results;
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  if (tickets.length === 0) {
    return (
      <EmptyState
        icon={SearchX}
        title={t.emptyTitle}
        description={
          <p ref={headingRef} tabIndex={-1}>
            {trackingMessages.noTickets}
          </p>
        }
      />
    );
  }
  const groups = groupByRaffle(tickets);
  return (
    <section aria-labelledby="tracking-results-title" className="grid gap-4">
      <div className="grid gap-1">
        <h2
          id="tracking-results-title"
          ref={headingRef}
          tabIndex={-1}
          className="text-xl font-bold text-zinc-900"
        >
          {t.title}
        </h2>
        <p className="text-sm text-zinc-600">{t.summary(tickets.length, groups.length)}</p>
      </div>
      {groups.map((group) => (
        <Card key={group.raffleId} className="grid gap-4 p-4 sm:p-5" data-testid="tracked-raffle">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="grid gap-0.5">
              <h3 className="text-base font-semibold text-zinc-900">{group.raffleName}</h3>
              <p className="text-sm text-zinc-600">
                {t.owner}: <span className="font-medium text-zinc-800">{group.owner}</span>
              </p>
            </div>
            <Link
              to={paths.raffle.getHref(group.raffleId)}
              className="-my-2 inline-flex min-h-10 items-center gap-1 rounded px-1 text-sm font-medium text-brand-700 hover:underline"
            >
              {t.viewRaffle}
              <ExternalLink aria-hidden className="size-4" />
            </Link>
          </div>
          <ul className="grid gap-3 sm:grid-cols-2">
            {group.tickets.map((ticket) => (
              <TrackedTicketItem
                key={`${ticket.raffle_id}-${ticket.number}`}
                ticket={ticket}
                credentials={credentials}
                onPaymentSent={onPaymentSent}
              />
            ))}
          </ul>
          <OrderPayments group={group} cedula={credentials.cedula} />
        </Card>
      ))}
    </section>
  );
}
