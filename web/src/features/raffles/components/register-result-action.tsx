import { formatDateTime } from '@domain/dates';
import type { Raffle } from '@domain/raffles';
import { Radio } from 'lucide-react';
import { useSealedDraw } from '@/api/raffle-draw';
import { dashboardTexts } from '../dashboard-texts';
import { registrablePrizes } from '../prize-choices';
import { DrawRaffleDialog } from './draw-raffle-dialog';
import { LotteryResultDialog } from './lottery-result-dialog';

const t = dashboardTexts.draw;

/** A drand raffle draws itself: staff see which round decides it and about when it comes out. */
function DrandDrawNote({ raffleId }: { raffleId: string }) {
  const draw = useSealedDraw(raffleId, true);
  const beacon = draw.data?.source.beacon;
  return (
    <p className="flex gap-2 text-sm text-amber-900" data-testid="drand-draw-note">
      <Radio aria-hidden className="mt-0.5 size-4 shrink-0" />
      {beacon ? t.drandRound(beacon.round, formatDateTime(beacon.time)) : t.drandPending}
    </p>
  );
}

/**
 * What a closed raffle's card offers to decide the winner, by its declared source: the lottery's
 * result as published, the drand round that decides it by itself, or (no declared source, before
 * issue 19) the winning number typed by an admin.
 */
export function RegisterResultAction({ raffle, canDraw }: { raffle: Raffle; canDraw: boolean }) {
  if (raffle.draw_kind === 'drand') return <DrandDrawNote raffleId={raffle.id} />;
  if (!canDraw) return null;
  return raffle.draw_kind === 'loteria' ? (
    <LotteryResultDialog raffle={raffle} choices={registrablePrizes(raffle)} />
  ) : (
    <DrawRaffleDialog raffle={raffle} />
  );
}
