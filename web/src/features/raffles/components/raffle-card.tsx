import { formatDateTime } from '@domain/dates';
import { declaredSourceText } from '@domain/draw-source-view';
import { RAFFLE_CARD_SIZES } from '@domain/images';
import type { Raffle } from '@domain/raffles';
import { CalendarClock, Landmark, Ticket } from 'lucide-react';
import { Link } from 'react-router';
import { SalesCountdown } from '@/components/sales-countdown';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { rafflesTexts } from '../texts';
import { RaffleImage } from './raffle-image';
import { RafflePrice } from './raffle-price';
import { SoldProgress } from './sold-progress';

/** A public raffle on the home page: prize, price in USD and Bs, what is left, when and how it is drawn. */
export function RaffleCard({ raffle, priority = false }: { raffle: Raffle; priority?: boolean }) {
  const t = rafflesTexts.card;
  const source = declaredSourceText(raffle);
  const href = paths.raffle.getHref(raffle.id);
  return (
    <Card className="flex flex-col overflow-hidden" data-testid="raffle-card">
      <RaffleImage
        src={raffle.images[0]}
        alt={t.imageAlt(raffle.name)}
        sizes={RAFFLE_CARD_SIZES}
        priority={priority}
        className="aspect-[16/9] w-full sm:aspect-[4/3]"
      />
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
            <Ticket aria-hidden />
            {t.cta}
          </Link>
        </Button>
      </div>
    </Card>
  );
}
