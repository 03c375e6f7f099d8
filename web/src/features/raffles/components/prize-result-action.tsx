import type { Raffle } from '@domain/raffles';
import { Gift } from 'lucide-react';
import { dashboardTexts } from '../dashboard-texts';
import { registrablePrizes } from '../prize-choices';
import { LotteryResultDialog } from './lottery-result-dialog';

/**
 * The additional prizes' results outside the close (decision 042): a pre-sorteo whose list is
 * sealed while the raffle is on sale, the 2.º, 3.º, … after the 1.º was drawn.
 */
export function PrizeResultAction({ raffle, canDraw }: { raffle: Raffle; canDraw: boolean }) {
  const choices = registrablePrizes(raffle);
  if (!canDraw || choices.length === 0 || raffle.status === 'cerrada') return null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-200 bg-amber-50 p-3">
      <p className="flex min-w-0 flex-1 basis-48 gap-2 text-sm text-amber-900">
        <Gift aria-hidden className="mt-0.5 size-4 shrink-0" />
        {dashboardTexts.prizesPending(choices.map((c) => c.label).join(' · '))}
      </p>
      <LotteryResultDialog raffle={raffle} choices={choices} />
    </div>
  );
}
