import type { DrawWinner } from '@domain/draw';
import { declaredSourceText } from '@domain/draw-source-view';
import { formatUsd } from '@domain/money';
import { displayName, firstName } from '@domain/names';
import type { Raffle } from '@domain/raffles';
import { padTicketNumber, type TicketStatus, ticketStatusLabels } from '@domain/tickets';
import { CircleAlert, CircleCheck, MessageCircle, Trophy } from 'lucide-react';
import type { ReactNode } from 'react';
import { InlineQueryError } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { whatsappHref } from '@/lib/whatsapp';
import { useRaffleWinner } from '../api/raffle-lifecycle';
import { dashboardTexts } from '../dashboard-texts';

const t = dashboardTexts.winner;

function Row({ label, wide, children }: { label: string; wide?: boolean; children: ReactNode }) {
  // Straight under the <dl>: a <dl> may group its pairs in one <div>, no deeper.
  return (
    <div className={cn('grid min-w-0 gap-0.5', wide && 'col-span-2')}>
      <dt className="text-xs font-medium text-zinc-500">{label}</dt>
      <dd className="text-sm font-medium break-words text-zinc-900">{children}</dd>
    </div>
  );
}

function WinnerDetails({ raffle, winner }: { raffle: Raffle; winner: DrawWinner }) {
  const name = displayName(winner.buyer_name) ?? '—';
  const paid = winner.remaining_cents <= 0;
  const message = t.whatsappMessage(
    firstName(winner.buyer_name) ?? name,
    raffle.name,
    winner.ticket_number,
    declaredSourceText(raffle),
  );
  return (
    <div className="grid gap-3">
      <dl className="grid grid-cols-2 gap-3">
        <Row label={t.buyer} wide>
          <span className="text-base font-semibold">{name}</span>
        </Row>
        <Row label={t.phone}>
          {winner.buyer_phone ? (
            <a href={`tel:${winner.buyer_phone}`} className="text-brand-700 hover:underline">
              {winner.buyer_phone}
            </a>
          ) : (
            '—'
          )}
        </Row>
        <Row label={t.cedula}>{winner.buyer_cedula ?? '—'}</Row>
        {winner.buyer_email && (
          <Row label={t.email} wide>
            {winner.buyer_email}
          </Row>
        )}
        <Row label={t.paid}>{formatUsd(winner.total_paid_cents)}</Row>
        <Row label={t.remaining}>{formatUsd(Math.max(0, winner.remaining_cents))}</Row>
        <Row label={t.status}>{ticketStatusLabels[winner.status as TicketStatus] ?? winner.status}</Row>
      </dl>
      {paid ? (
        <p className="flex gap-2 rounded-lg border border-green-200 bg-green-50 p-3 text-sm text-green-900">
          <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
          {t.fullyPaid}
        </p>
      ) : (
        <p className="flex gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          {t.notFullyPaid(formatUsd(winner.remaining_cents))}
        </p>
      )}
      {winner.buyer_phone && (
        <Button asChild size="sm" className="w-full bg-green-700 hover:bg-green-800 sm:w-fit">
          <a href={whatsappHref(message, winner.buyer_phone)} target="_blank" rel="noopener noreferrer">
            <MessageCircle aria-hidden />
            {t.whatsapp}
          </a>
        </Button>
      )}
    </div>
  );
}

/** A drawn raffle on the staff card: the winning number and who holds it, to deliver the prize. */
export function WinnerPanel({ raffle }: { raffle: Raffle }) {
  const winner = useRaffleWinner(raffle.id, raffle.winning_number !== null);
  if (raffle.winning_number === null) return null;
  const number = padTicketNumber(raffle.winning_number, raffle.digit_count);
  return (
    <section
      aria-label={`${t.title} ${number}`}
      className="grid gap-3 rounded-xl border border-amber-300 bg-amber-50/60 p-3 sm:p-4"
      data-testid="winner-panel"
    >
      <p className="flex items-center gap-2 text-sm font-semibold text-amber-900">
        <Trophy aria-hidden className="size-5" />
        {t.title}
        <span className="rounded-lg bg-amber-400 px-2 py-0.5 font-mono text-lg font-extrabold text-amber-950 tabular-nums">
          {number}
        </span>
      </p>
      {winner.isPending ? (
        <div className="grid gap-2">
          <span className="sr-only">{t.loading}</span>
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-4 w-56" />
        </div>
      ) : winner.isError ? (
        <InlineQueryError
          message={t.loadError}
          retrying={winner.isFetching}
          onRetry={() => void winner.refetch()}
        />
      ) : winner.data.winner ? (
        <WinnerDetails raffle={raffle} winner={winner.data.winner} />
      ) : (
        <div className="grid gap-0.5 text-sm">
          <p className="font-semibold text-zinc-900">{t.notSold}</p>
          <p className="text-zinc-600">{t.notSoldDetail}</p>
        </div>
      )}
    </section>
  );
}
