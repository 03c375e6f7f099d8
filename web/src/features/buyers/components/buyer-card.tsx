import { formatDateTime } from '@domain/dates';
import { formatBs, formatUsd } from '@domain/money';
import { displayName } from '@domain/names';
import type { RaffleBuyer } from '@domain/staff-tickets';
import { Clock, Hourglass, IdCard, MessageCircle, Phone } from 'lucide-react';
import { TicketStatusBadge } from '@/components/ticket-status-badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { whatsappHref } from '@/lib/whatsapp';
import { onlyInReview, owesMoney, reminderText } from '../reminder-text';
import { buyersTexts } from '../texts';
import { TicketNumbers } from './ticket-numbers';

type BuyerCardProps = {
  buyer: RaffleBuyer;
  raffle: { name: string; payment_instructions?: string | null };
  vesRate: number | null;
};

/** One buyer: contact, numbers, paid and owed, and a ready WhatsApp message. */
export function BuyerCard({ buyer, raffle, vesRate }: BuyerCardProps) {
  const t = buyersTexts.buyer;
  const name = displayName(buyer.buyer_name) ?? t.noName;
  const owes = owesMoney(buyer);
  // Everything they have to pay is kept by a payment under review: nothing to remind them of.
  const remind = owes && !onlyInReview(buyer);
  const href = whatsappHref(reminderText({ buyer, raffle, vesRate }), buyer.buyer_phone);
  return (
    <Card className="flex h-full flex-col gap-4 p-4 sm:p-5" data-testid="buyer-card">
      <div className="grid gap-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 className="min-w-0 text-base leading-snug font-semibold break-words text-zinc-900">{name}</h3>
          <div className="flex flex-wrap gap-1">
            {buyer.statuses.map((status) => (
              <TicketStatusBadge key={status} status={status} />
            ))}
          </div>
        </div>
        <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-zinc-700">
          <div className="flex items-center gap-1.5">
            <dt>
              <IdCard aria-label={t.cedula} className="size-4 text-zinc-400" />
            </dt>
            <dd className="tabular-nums">{buyer.cedula}</dd>
          </div>
          <div className="flex items-center gap-1.5">
            <dt>
              <Phone aria-label={t.phone} className="size-4 text-zinc-400" />
            </dt>
            <dd className="tabular-nums">
              {buyer.buyer_phone ?? <span className="text-zinc-400">{t.noPhone}</span>}
            </dd>
          </div>
        </dl>
        {buyer.sellers.length > 0 && (
          <p className="text-xs text-zinc-600" data-testid="buyer-sellers">
            {t.soldBy(buyer.sellers)}
          </p>
        )}
      </div>

      <div className="grid gap-2">
        <p className="text-xs font-medium text-zinc-600">{t.numbers(buyer.tickets)}</p>
        <TicketNumbers numbers={buyer.ticket_numbers} />
      </div>

      <div className="mt-auto grid gap-3">
        <dl className="grid grid-cols-2 gap-3 rounded-lg bg-zinc-50 p-3">
          <div className="grid gap-0.5">
            <dt className="text-xs font-medium text-zinc-600">{t.paid}</dt>
            <dd className="font-semibold text-green-800 tabular-nums">{formatUsd(buyer.total_paid_cents)}</dd>
          </div>
          <div className="grid gap-0.5 text-right">
            <dt className="text-xs font-medium text-zinc-600">{t.owed}</dt>
            <dd className="grid tabular-nums">
              <span className={owes ? 'font-semibold text-amber-800' : 'font-semibold text-zinc-900'}>
                {formatUsd(buyer.remaining_cents)}
              </span>
              {owes && vesRate !== null && (
                <span className="text-xs text-zinc-600">{formatBs(buyer.remaining_cents, vesRate)}</span>
              )}
            </dd>
          </div>
        </dl>
        {owes && buyer.reserved_until && (
          <p className="flex items-start gap-1.5 text-xs text-amber-900">
            <Clock aria-hidden className="mt-px size-3.5 shrink-0" />
            {t.deadline(formatDateTime(buyer.reserved_until))}
          </p>
        )}
        {owes && buyer.review_hold_until && (
          <p className="flex items-start gap-1.5 text-xs text-zinc-700" data-testid="buyer-in-review">
            <Hourglass aria-hidden className="mt-px size-3.5 shrink-0" />
            {t.inReview(formatDateTime(buyer.review_hold_until))}
          </p>
        )}
        <Button
          asChild
          variant={remind ? 'primary' : 'secondary'}
          className="w-full sm:w-auto sm:justify-self-start"
        >
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={remind ? t.remindLabel(name) : t.writeLabel(name)}
          >
            <MessageCircle aria-hidden />
            {remind ? t.remind : t.write}
          </a>
        </Button>
      </div>
    </Card>
  );
}
