import type { Raffle } from '@domain/raffles';
import { useState } from 'react';
import { useRaffles } from '@/api/raffles';
import { Button } from '@/components/ui/button';
import { rafflesTexts } from '../texts';
import { FinishedRaffleCard } from './finished-raffle-card';

const SHOWN = 6;
const t = rafflesTexts.home;

/** Drawn raffles first, by draw date, then those waiting for their draw; newest first in each. */
export function sortFinished(closed: Raffle[], drawn: Raffle[]): Raffle[] {
  const newest = (a: string | null, b: string | null) => (b ?? '').localeCompare(a ?? '');
  return [
    ...[...drawn].sort((a, b) => newest(a.drawn_at ?? a.created_at, b.drawn_at ?? b.created_at)),
    ...[...closed].sort((a, b) => newest(a.created_at, b.created_at)),
  ];
}

/**
 * "Sorteos realizados": raffles whose sales closed, with their winning number. It stays out of the
 * way: nothing shows until both lists arrive, and nothing at all when there are none (or on error).
 */
export function FinishedRafflesSection() {
  const closed = useRaffles({ status: 'cerrada' });
  const drawn = useRaffles({ status: 'finalizada' });
  const [showAll, setShowAll] = useState(false);
  if (!closed.data || !drawn.data) return null;
  const raffles = sortFinished(closed.data, drawn.data);
  if (raffles.length === 0) return null;
  const shown = showAll ? raffles : raffles.slice(0, SHOWN);
  return (
    <section aria-labelledby="finished-title" className="grid gap-4">
      <div className="grid gap-1">
        <h2 id="finished-title" className="text-xl font-bold text-zinc-900 sm:text-2xl">
          {t.finishedTitle}
        </h2>
        <p className="text-sm text-zinc-600">{t.finishedDescription}</p>
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {shown.map((raffle) => (
          <FinishedRaffleCard key={raffle.id} raffle={raffle} />
        ))}
      </div>
      {raffles.length > shown.length && (
        <Button variant="secondary" className="w-full sm:w-fit" onClick={() => setShowAll(true)}>
          {t.showAllFinished(raffles.length - shown.length)}
        </Button>
      )}
    </section>
  );
}
