import { formatDateTime } from '@domain/dates';
import { declaredSourceText } from '@domain/draw-source-view';
import type { PublicRaffle } from '@domain/raffles';
import { padTicketNumber, type TicketStatus } from '@domain/tickets';
import { Grid3x3, Lock, Trophy } from 'lucide-react';
import type { SealedDraw } from '@/api/raffle-draw';
import { Button } from '@/components/ui/button';
import { useReadAgainAfterDraw } from '../hooks/use-read-again-after-draw';
import { sealedDrawTexts } from '../sealed-draw-texts';
import { raffleDetailTexts } from '../texts';
import { SealedDrawFacts } from './sealed-draw-facts';

const t = raffleDetailTexts.status;
const w = sealedDrawTexts.winner;

/**
 * A closed raffle says so first: "Ventas cerradas" until the draw, then "Sorteo realizado" with
 * the winning number, the masked winner and the official draw it came from.
 */
type RaffleStatusBannerProps = {
  raffle: PublicRaffle;
  draw: SealedDraw | undefined;
  /** Scrolls the board to the winning number; none on a page without a board (an archived raffle). */
  onShowWinner?: (number: number) => void;
};

export function RaffleStatusBanner({ raffle, draw, onShowWinner }: RaffleStatusBannerProps) {
  // Here, shown only once the raffle closed and loaded only then, not in the page: its first load
  // stays small (web/src/app/public-bundle.test.ts).
  useReadAgainAfterDraw(raffle);
  const source = declaredSourceText(raffle);
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
          <p className="text-sm">{t.closedText(source)}</p>
          <div className="mt-2 rounded-xl bg-white/70 p-3">
            <SealedDrawFacts raffle={raffle} draw={draw} />
          </div>
        </div>
      </section>
    );
  }
  if (raffle.status !== 'finalizada' || raffle.winning_number === null) return null;
  const number = padTicketNumber(raffle.winning_number, raffle.digit_count);
  const winner = draw?.winner;
  // A lottery raffle was drawn when the lottery drew (its declared time), not when staff typed it.
  const drawnAt = raffle.draw_at ?? draw?.drawn_at ?? raffle.drawn_at;
  const result = draw?.result ?? raffle.draw_result;
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
            {winner && (
              <span className="ml-2 inline-block rounded-md bg-white/80 px-1.5 py-0.5 align-middle text-xs font-semibold text-amber-950">
                {w.status[winner.status as TicketStatus] ?? winner.status}
              </span>
            )}
          </p>
        ) : (
          <span className="inline-block h-5 w-48 animate-pulse rounded bg-amber-200" />
        )}
        {result && source ? <p>{w.resultOf(result, source)}</p> : source && <p>{t.drawSource(source)}</p>}
        {drawnAt && (
          <p className="text-amber-900/80">
            {raffle.draw_at ? w.drawnAt(formatDateTime(drawnAt)) : t.drawnAt(formatDateTime(drawnAt))}
          </p>
        )}
        {onShowWinner && (
          <Button
            variant="secondary"
            size="sm"
            className="mt-1 w-fit border-amber-400 bg-white/80"
            onClick={() => onShowWinner(raffle.winning_number as number)}
          >
            <Grid3x3 aria-hidden />
            {t.showOnBoard}
          </Button>
        )}
      </div>
      <div className="rounded-xl bg-white/70 p-3 sm:col-span-2">
        <SealedDrawFacts raffle={raffle} draw={draw} />
      </div>
    </section>
  );
}
