import { formatDateTime } from '@domain/dates';
import type { DrawResult } from '@domain/draw';
import type { PublicRaffle } from '@domain/raffles';
import { padTicketNumber } from '@domain/tickets';
import { Grid3x3, Lock, Trophy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { raffleDetailTexts } from '../texts';

const t = raffleDetailTexts.status;

/**
 * A closed raffle says so first: "Ventas cerradas" until the draw, then "Sorteo realizado" with
 * the winning number, the masked winner and the official draw it came from.
 */
type RaffleStatusBannerProps = {
  raffle: PublicRaffle;
  draw: DrawResult | undefined;
  /** Scrolls the board to the winning number. */
  onShowWinner: (number: number) => void;
};

export function RaffleStatusBanner({ raffle, draw, onShowWinner }: RaffleStatusBannerProps) {
  if (raffle.status === 'cerrada') {
    return (
      <section
        aria-labelledby="raffle-status-title"
        className="flex gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:p-5"
        data-testid="raffle-status-banner"
      >
        <Lock aria-hidden className="mt-0.5 size-6 shrink-0 text-amber-700" />
        <div className="grid gap-1">
          <h2 id="raffle-status-title" className="text-lg font-bold">
            {t.closedTitle}
          </h2>
          <p className="text-sm">{raffleDetailTexts.closed.cerrada}</p>
          <p className="text-sm">{t.closedText(raffle.draw_source)}</p>
        </div>
      </section>
    );
  }
  if (raffle.status !== 'finalizada' || raffle.winning_number === null) return null;
  const number = padTicketNumber(raffle.winning_number, raffle.digit_count);
  const winner = draw?.winner;
  const drawnAt = draw?.drawn_at ?? raffle.drawn_at;
  return (
    <section
      role="status"
      aria-labelledby="raffle-status-title"
      className="grid gap-4 rounded-2xl border border-amber-300 bg-gradient-to-br from-amber-50 to-amber-100 p-4 text-amber-950 sm:grid-cols-[auto_1fr] sm:items-center sm:p-5"
      data-testid="raffle-status-banner"
    >
      <div className="flex items-center gap-3">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-amber-400 text-amber-950">
          <Trophy aria-hidden className="size-6" />
        </span>
        <div className="grid">
          <h2 id="raffle-status-title" className="text-lg font-bold">
            {t.finishedTitle}
          </h2>
          <p className="text-sm">
            {t.winningNumber}{' '}
            <span className="font-mono text-2xl font-extrabold tracking-wider tabular-nums">{number}</span>
          </p>
        </div>
      </div>
      <div className="grid gap-1 text-sm sm:border-l sm:border-amber-300 sm:pl-5">
        {draw ? (
          <p className="text-base font-semibold">
            {winner ? t.winner(winner.buyer_name_masked, winner.ticket_number) : t.noWinner(number)}
          </p>
        ) : (
          <span className="inline-block h-5 w-48 animate-pulse rounded bg-amber-200" />
        )}
        {raffle.draw_source && <p>{t.drawSource(raffle.draw_source)}</p>}
        {drawnAt && <p className="text-amber-900/80">{t.drawnAt(formatDateTime(drawnAt))}</p>}
        <Button
          variant="secondary"
          size="sm"
          className="mt-1 w-fit border-amber-400 bg-white/80"
          onClick={() => onShowWinner(raffle.winning_number as number)}
        >
          <Grid3x3 aria-hidden />
          {t.showOnBoard}
        </Button>
      </div>
    </section>
  );
}
