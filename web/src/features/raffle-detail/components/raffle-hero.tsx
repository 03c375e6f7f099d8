import { drawMessages } from '@domain/draw-messages';
import type { PublicRaffle } from '@domain/raffles';
import { ArrowDown, CalendarRange, Info, Lock, ShieldCheck } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import type { VesRate } from '@/lib/exchange-rates';
import { dueNowText, installmentPlan, installmentsText } from '../installments';
import { priceText } from '../price';
import type { ClosedReason } from '../raffle-rules';
import { raffleDetailTexts } from '../texts';
import { OrganizerContact } from './organizer-contact';
import { RaffleClarifications } from './raffle-clarifications';
import { RaffleFacts } from './raffle-facts';
import { RaffleGallery } from './raffle-gallery';

const t = raffleDetailTexts.hero;
const rateFormat = new Intl.NumberFormat('es-VE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

type RaffleHeroProps = {
  raffle: PublicRaffle;
  available: number;
  rate: VesRate;
  closed: ClosedReason | null;
  onChoose: () => void;
};

/** Prize, price in USD and Bs, and the facts that make a raffle trustworthy. */
export function RaffleHero({ raffle, available, rate, closed, onChoose }: RaffleHeroProps) {
  const price = priceText(raffle.price_cents, rate);
  const plan = installmentPlan(raffle);
  return (
    <section aria-labelledby="raffle-title" className="grid gap-5 lg:grid-cols-[1.1fr_1fr] lg:gap-8">
      <RaffleGallery name={raffle.name} images={raffle.images} />
      <Card className="grid content-start gap-5 p-5 sm:p-6">
        <div className="grid gap-2">
          <h1 id="raffle-title" className="text-2xl font-bold tracking-tight text-zinc-900 sm:text-3xl">
            {raffle.name}
          </h1>
          {raffle.description && (
            <p className="text-sm whitespace-pre-line text-zinc-600 sm:text-base">{raffle.description}</p>
          )}
          <RaffleClarifications clarifications={raffle.clarifications} />
        </div>

        <div className="rounded-xl bg-brand-50 p-4">
          <p className="flex flex-wrap items-baseline gap-x-2">
            <span className="text-3xl font-extrabold tracking-tight text-brand-800">{price.usd}</span>
            <span className="text-sm font-medium text-brand-800/80">{t.perNumber}</span>
          </p>
          {price.bs && (
            <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-zinc-700">
              <span className="font-semibold">{price.bs}</span>
              {rate.rate !== null && (
                <span className="text-xs text-zinc-500">{t.rateNote(rateFormat.format(rate.rate))}</span>
              )}
              {rate.isStale && <Badge variant="warning">{t.staleRate}</Badge>}
            </p>
          )}
          {plan && (
            <div
              className="mt-3 grid gap-0.5 border-t border-brand-100 pt-3"
              data-testid="raffle-installments"
            >
              <p className="flex items-center gap-1.5 text-sm font-semibold text-brand-800">
                <CalendarRange aria-hidden className="size-4 shrink-0" />
                {installmentsText(plan, rate)}
              </p>
              <p className="text-sm text-zinc-700">{dueNowText(plan, rate)}</p>
            </div>
          )}
        </div>

        <RaffleFacts raffle={raffle} available={available} />
        {/* Before buying, the buyer learns what closing does to unpaid numbers (decision 010). */}
        {!closed && (
          <p className="flex gap-2 rounded-lg bg-zinc-50 p-3 text-xs text-zinc-700" data-testid="close-rule">
            <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-700" />
            {drawMessages.closeRule}
          </p>
        )}
        <OrganizerContact
          name={raffle.name}
          organizer_name={raffle.organizer_name}
          contact_phone={raffle.contact_phone}
        />

        {/* A closed or drawn raffle says it in the banner above the page (RaffleStatusBanner). */}
        {closed === 'cerrada' || closed === 'finalizada' ? null : closed ? (
          <div
            role="status"
            className="flex gap-3 rounded-xl border border-zinc-300 bg-zinc-100 p-4 text-sm font-medium text-zinc-800"
          >
            <Lock aria-hidden className="mt-0.5 size-5 shrink-0" />
            <p>{raffleDetailTexts.closed[closed]}</p>
          </div>
        ) : (
          <Button size="lg" className="w-full" onClick={onChoose}>
            <ArrowDown aria-hidden />
            {t.chooseNumbers}
          </Button>
        )}

        <p className="flex items-center gap-2 text-xs text-zinc-500">
          <ShieldCheck aria-hidden className="size-4 text-green-700" />
          {t.verified}
        </p>
      </Card>
    </section>
  );
}
