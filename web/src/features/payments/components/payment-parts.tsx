import { formatUsd } from '@domain/money';
import type { StaffPayment } from '@domain/payments';
import { Gift } from 'lucide-react';
import { TicketStatusBadge } from '@/components/ticket-status-badge';
import { paymentsTexts } from '../texts';

const t = paymentsTexts.card;

/** What the payment gives each number of its order, with how each number stands now. */
export function PaymentParts({ payment }: { payment: StaffPayment }) {
  const parts =
    payment.parts.length > 0
      ? payment.parts
      : [
          {
            ticket_id: payment.ticket.id,
            number: payment.ticket.number,
            ticket_number: payment.ticket.ticket_number,
            amount_cents: payment.amount_cents,
            status: payment.ticket.status,
            remaining_cents: payment.ticket.remaining_cents,
            instant_win_prize: null,
          },
        ];
  return (
    <div className="grid gap-1.5">
      <p className="text-xs font-medium text-zinc-600">{t.numbersLabel(parts.length)}</p>
      <ul className="grid gap-1.5" aria-label={t.numbersLabel(parts.length)} data-testid="payment-parts">
        {parts.map((part) => (
          <li
            key={part.ticket_id}
            className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-lg border border-zinc-200 px-3 py-2 text-sm"
          >
            <span className="flex items-center gap-2">
              <span className="min-w-11 rounded-md border border-brand-200 bg-brand-50 px-2 py-0.5 text-center font-mono text-base font-semibold text-brand-800 tabular-nums">
                <span className="sr-only">{t.number}</span>
                {part.ticket_number}
              </span>
              <TicketStatusBadge status={part.status} />
            </span>
            <span className="grid text-right tabular-nums">
              <span className="font-semibold text-zinc-900">
                {t.partAmount(formatUsd(part.amount_cents))}
              </span>
              <span className="text-xs text-zinc-600">
                {part.remaining_cents > 0 ? t.partOwes(formatUsd(part.remaining_cents)) : t.partPaid}
              </span>
            </span>
            {part.instant_win_prize && (
              <span
                className="flex basis-full items-center gap-1.5 rounded-md bg-emerald-50 px-2 py-1 text-sm font-semibold text-emerald-900"
                data-testid="instant-win-badge"
              >
                <Gift aria-hidden className="size-4 shrink-0" />
                {t.instantWin(part.instant_win_prize)}
              </span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
