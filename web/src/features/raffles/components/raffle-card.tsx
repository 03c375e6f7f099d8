import { formatDateTime } from '@domain/dates';
import { declaredSourceText } from '@domain/draw-source-view';
import { RAFFLE_CARD_SIZES } from '@domain/images';
import type { Raffle } from '@domain/raffles';
import { salesClosed } from '@domain/sales-window';
import { CalendarClock, Grid3x3, Landmark, ListChecks, Ticket } from 'lucide-react';
import { Link } from 'react-router';
import { SalesCountdown } from '@/components/sales-countdown';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useDeadlinePassed } from '@/hooks/use-deadline-passed';
import { serverNow } from '@/lib/server-clock';
import { rafflesTexts } from '../texts';
import { RaffleImage } from './raffle-image';
import { RafflePrice } from './raffle-price';
import { SoldProgress } from './sold-progress';

type RaffleCardProps = { raffle: Raffle; priority?: boolean };

/** A public raffle on the home page: prize, price in USD and Bs, what is left, when and how it is drawn. */
export function RaffleCard({ raffle, priority = false }: RaffleCardProps) {
  const t = rafflesTexts.card;
  const source = declaredSourceText(raffle);
  const href = paths.raffle.getHref(raffle.id);
  // Re-renders once at the closing date, so the button stops offering numbers by itself.
  useDeadlinePassed(raffle.closing_date);
  // The server's rule, from its small module (no zod on the home page's first load), by its clock.
  const closed = salesClosed({ status: raffle.status, closingDate: raffle.closing_date }, serverNow());
  const soldOut = !closed && raffle.stats.disponible === 0;
  const Icon = closed ? ListChecks : soldOut ? Grid3x3 : Ticket;
  return (
    <Card className="flex flex-col overflow-hidden" data-testid="raffle-card">
      <div className="relative">
        <RaffleImage
          src={raffle.images[0]}
          alt={t.imageAlt(raffle.name)}
          sizes={RAFFLE_CARD_SIZES}
          priority={priority}
          className="aspect-[16/9] w-full sm:aspect-[4/3]"
        />
        {soldOut && (
          <Badge
            variant="danger"
            className="absolute top-3 left-3 px-3 py-1 text-sm font-semibold shadow-sm"
            data-testid="raffle-sold-out"
          >
            {t.soldOut}
          </Badge>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-4 p-5">
        <div className="grid gap-2">
          <h3 className="text-lg leading-snug font-semibold text-zinc-900">
            <Link to={href} className="hover:underline">
              {raffle.name}
            </Link>
          </h3>
          {raffle.organizer_name && (
            <p className="text-xs break-words text-zinc-600">{t.organizedBy(raffle.organizer_name)}</p>
          )}
          {raffle.payment_type === 'cuotas' && (
            <Badge variant="brand" className="w-fit">
              {t.installments(raffle.installments)}
            </Badge>
          )}
        </div>
        <RafflePrice priceCents={raffle.price_cents} />
        <SoldProgress raffle={raffle} />
        {/* A <dl> group holds only its <dt> and <dd> (an icon beside them is invalid HTML): the icon
            sits in the description, the term is for screen readers. */}
        <dl className="grid gap-1.5 text-sm text-zinc-700">
          <div>
            <dt className="sr-only">{t.closes}</dt>
            <dd className="flex items-start gap-2">
              <CalendarClock aria-hidden className="mt-0.5 size-4 shrink-0 text-zinc-500" />
              {raffle.closing_date ? (
                <span className="grid gap-0.5">
                  <span>{`${t.closes}: ${formatDateTime(raffle.closing_date)}`}</span>
                  <SalesCountdown closingDate={raffle.closing_date} />
                </span>
              ) : (
                <span>{t.noClosingDate}</span>
              )}
            </dd>
          </div>
          {source && (
            <div>
              <dt className="sr-only">{t.drawSource}</dt>
              <dd className="flex items-start gap-2">
                <Landmark aria-hidden className="mt-0.5 size-4 shrink-0 text-zinc-500" />
                <span>
                  {t.drawSource}: {source}
                </span>
              </dd>
            </div>
          )}
        </dl>
        <Button asChild size="lg" className="mt-auto w-full">
          <Link to={href}>
            <Icon aria-hidden />
            {closed ? t.ctaClosed : soldOut ? t.ctaSoldOut : t.cta}
          </Link>
        </Button>
      </div>
    </Card>
  );
}
