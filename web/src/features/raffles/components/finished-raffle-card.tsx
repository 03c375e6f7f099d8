import { formatDateTime } from '@domain/dates';
import { declaredSourceText } from '@domain/draw-source-view';
import type { Raffle } from '@domain/raffles';
import { padTicketNumber } from '@domain/tickets';
import { ChevronRight, Hourglass, Trophy } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { rafflesTexts } from '../texts';
import { PrizeWinnersLine } from './prize-winners-line';
import { RaffleImage } from './raffle-image';

const t = rafflesTexts.finished;

/** A closed or drawn raffle on the home page: its winning number, or that the draw is pending. */
export function FinishedRaffleCard({ raffle }: { raffle: Raffle }) {
  const href = paths.raffle.getHref(raffle.id);
  const drawn = raffle.status === 'finalizada' && raffle.winning_number !== null;
  // A declared lottery drew at its declared time; the moment staff typed the result is not it.
  const drawnAt = raffle.draw_at ?? raffle.drawn_at;
  const source = declaredSourceText(raffle);
  return (
    <Card
      className="relative flex gap-3 p-3 transition-shadow hover:shadow-md sm:p-4"
      data-testid="finished-raffle-card"
    >
      <RaffleImage
        src={raffle.images[0]}
        alt={rafflesTexts.card.imageAlt(raffle.name)}
        sizes="80px"
        className="size-20 shrink-0 rounded-lg"
        compact
        iconClassName="size-8"
      />
      <div className="grid min-w-0 flex-1 content-start gap-1.5">
        <h3 className="text-base leading-snug font-semibold break-words text-zinc-900">
          {/* The whole card opens the raffle (the link's area is stretched over it). */}
          <Link to={href} className="after:absolute after:inset-0 after:rounded-[inherit] hover:underline">
            {raffle.name}
          </Link>
        </h3>
        {drawn ? (
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-amber-900">
            <Trophy aria-hidden className="size-4 shrink-0" />
            {t.winningNumber}
            <span className="rounded-md bg-yellow-300 px-1.5 font-mono text-base font-extrabold text-yellow-950 tabular-nums">
              {padTicketNumber(raffle.winning_number as number, raffle.digit_count)}
            </span>
          </p>
        ) : (
          <p className="flex items-center gap-2 text-sm font-medium text-zinc-700">
            <Hourglass aria-hidden className="size-4 shrink-0 text-amber-700" />
            {t.pending}
          </p>
        )}
        <PrizeWinnersLine prizes={raffle.prizes} digitCount={raffle.digit_count} />
        <p className="text-xs text-zinc-600">
          {drawn && drawnAt ? t.drawnAt(formatDateTime(drawnAt)) : source ? t.drawSource(source) : null}
        </p>
        <span className="inline-flex w-fit items-center gap-0.5 text-sm font-medium text-brand-700">
          {drawn ? t.cta : t.ctaPending}
          <ChevronRight aria-hidden className="size-4" />
        </span>
      </div>
    </Card>
  );
}
