import { ArrowDown, Landmark, ListChecks, Search, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { rafflesTexts } from '../texts';

const t = rafflesTexts.home;
const points = [
  { icon: Landmark, title: t.trustDraw, text: t.trustDrawText },
  { icon: ListChecks, title: t.trustList, text: t.trustListText },
  { icon: ShieldCheck, title: t.trustTrack, text: t.trustTrackText },
];

/** The id of the raffles list, the target of "Ver rifas". */
export const RAFFLES_LIST_ID = 'rifas';

/**
 * What Rifas is, and the way to the raffles. On a phone it stays short so the first raffle shows
 * on the first screen; the trust points follow the list there (`HomeTrustPoints`).
 */
export function HomeHero() {
  return (
    <section className="grid gap-4 rounded-[var(--radius-card)] bg-gradient-to-br from-brand-700 to-brand-800 px-5 py-5 text-white shadow-[var(--shadow-card)] sm:gap-6 sm:px-10 sm:py-10">
      <div className="grid gap-2 sm:gap-3">
        <p className="text-xs font-semibold tracking-wide text-brand-100 uppercase sm:text-sm">
          {t.heroEyebrow}
        </p>
        <h1 className="max-w-3xl text-2xl leading-tight font-bold tracking-tight sm:text-4xl">
          {t.heroTitle}
        </h1>
        <p className="hidden max-w-2xl text-brand-100 sm:block sm:text-lg">{t.heroDescription}</p>
      </div>
      <HomeTrustPoints className="hidden sm:grid" />
      <div className="grid gap-2 sm:flex sm:gap-3">
        <Button asChild variant="secondary" size="lg">
          <a href={`#${RAFFLES_LIST_ID}`}>
            <ArrowDown aria-hidden />
            {t.seeRaffles}
          </a>
        </Button>
        <Button
          asChild
          variant="ghost"
          className="border border-white/40 text-white hover:bg-white/10 hover:text-white sm:h-12 sm:px-6 sm:text-base"
        >
          <Link to={paths.tracking.getHref()}>
            <Search aria-hidden />
            {t.trackCta}
          </Link>
        </Button>
      </div>
    </section>
  );
}

/** Why Rifas can be trusted: official draw, published sold list, tracking. */
export function HomeTrustPoints({ className, onLight = false }: { className?: string; onLight?: boolean }) {
  return (
    <ul className={cn('grid gap-3 sm:grid-cols-3', className)}>
      {points.map(({ icon: Icon, title, text }) => (
        <li
          key={title}
          className={cn(
            'flex gap-3',
            onLight ? 'rounded-xl bg-brand-50 p-4' : 'sm:rounded-xl sm:bg-white/10 sm:p-4',
          )}
        >
          <Icon
            aria-hidden
            className={cn('mt-0.5 size-5 shrink-0', onLight ? 'text-brand-700' : 'text-brand-100')}
          />
          <p className="text-sm sm:grid sm:gap-1">
            <span className={cn('font-semibold sm:text-base', onLight ? 'text-zinc-900' : 'text-white')}>
              {title}.{' '}
            </span>
            <span className={onLight ? 'text-zinc-700' : 'text-brand-100'}>{text}</span>
          </p>
        </li>
      ))}
    </ul>
  );
}
