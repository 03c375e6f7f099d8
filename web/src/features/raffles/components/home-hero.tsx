import { Landmark, ListChecks, Search, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { rafflesTexts } from '../texts';

const t = rafflesTexts.home;
const points = [
  { icon: Landmark, title: t.trustDraw, text: t.trustDrawText },
  { icon: ListChecks, title: t.trustList, text: t.trustListText },
  { icon: ShieldCheck, title: t.trustTrack, text: t.trustTrackText },
];

/** What Rifas is and why it can be trusted: official draw, published sold list, tracking. */
export function HomeHero() {
  return (
    <section className="grid gap-5 rounded-[var(--radius-card)] bg-gradient-to-br from-brand-700 to-brand-800 px-5 py-6 text-white shadow-[var(--shadow-card)] sm:gap-6 sm:px-10 sm:py-10">
      <div className="grid gap-2 sm:gap-3">
        <p className="text-xs font-semibold tracking-wide text-brand-100 uppercase sm:text-sm">
          {t.heroEyebrow}
        </p>
        <h1 className="max-w-3xl text-2xl leading-tight font-bold tracking-tight sm:text-4xl">
          {t.heroTitle}
        </h1>
        <p className="max-w-2xl text-sm text-brand-100 sm:text-lg">{t.heroDescription}</p>
      </div>
      <ul className="grid gap-3 sm:grid-cols-3">
        {points.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-3 sm:rounded-xl sm:bg-white/10 sm:p-4">
            <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-100" />
            <p className="text-sm sm:grid sm:gap-1">
              <span className="font-semibold text-white sm:text-base">{title}. </span>
              <span className="text-brand-100">{text}</span>
            </p>
          </li>
        ))}
      </ul>
      <div>
        <Button asChild variant="secondary" size="lg" className="w-full sm:w-auto">
          <Link to={paths.tracking.getHref()}>
            <Search aria-hidden />
            {t.trackCta}
          </Link>
        </Button>
      </div>
    </section>
  );
}
