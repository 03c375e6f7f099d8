import type { DrawWinner } from '@domain/draw';
import { declaredSourceText } from '@domain/draw-source-view';
import { formatUsd } from '@domain/money';
import { displayName, firstName } from '@domain/names';
import { prizeLabel } from '@domain/prize-rules';
import type { PrizeView } from '@domain/prizes';
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

function WinnerDetails({
  raffle,
  prize,
  winner,
}: {
  raffle: Raffle;
  prize: PrizeView | null;
  winner: DrawWinner;
}) {
  const name = displayName(winner.buyer_name) ?? '—';
  const paid = winner.remaining_cents <= 0;
  const greeted = firstName(winner.buyer_name) ?? name;
  const message = prize
    ? t.whatsappPrizeMessage(greeted, raffle.name, winner.ticket_number, prize.title)
    : t.whatsappMessage(greeted, raffle.name, winner.ticket_number, declaredSourceText(raffle));
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

/**
 * A drawn prize on the staff card: the winning number and who holds it, to deliver the prize. The
 * raffle's own (no `prize`) once the raffle is drawn; a later prize (or a pre-sorteo) once it has a
 * winner.
 */
export function WinnerPanel({ raffle, prize = null }: { raffle: Raffle; prize?: PrizeView | null }) {
  const won = prize ? (prize.winner ? prize.winning_number : null) : raffle.winning_number;
  const winner = useRaffleWinner(raffle.id, won !== null, prize?.position ?? 1);
  if (won === null) return null;
  const number = padTicketNumber(won, raffle.digit_count);
  const title = prize ? t.prizeTitle(prizeLabel(prize.position), prize.title) : t.title;
  return (
    <section
      aria-label={`${title} ${number}`}
      className="grid gap-3 rounded-xl border border-amber-300 bg-amber-50/60 p-3 sm:p-4"
      data-testid={prize ? `winner-panel-${prize.position}` : 'winner-panel'}
    >
      <p className="flex items-center gap-2 text-sm font-semibold text-amber-900">
        <Trophy aria-hidden className="size-5 shrink-0" />
        {/* A prize's longer title wraps beside the trophy, its number kept at the end of the row. */}
        <span className={cn('break-words', prize && 'min-w-0 flex-1')}>{title}</span>
        <span className="shrink-0 rounded-lg bg-amber-400 px-2 py-0.5 font-mono text-lg font-extrabold text-amber-950 tabular-nums">
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
        <WinnerDetails raffle={raffle} prize={prize} winner={winner.data.winner} />
      ) : (
        <div className="grid gap-0.5 text-sm">
          <p className="font-semibold text-zinc-900">{prize ? t.prizeWinnerGone : t.notSold}</p>
          <p className="text-zinc-600">{prize ? t.prizeWinnerGoneDetail : t.notSoldDetail}</p>
        </div>
      )}
    </section>
  );
}
