import { prizeLabel } from '@domain/prize-rules';
import type { PrizeView } from '@domain/prizes';
import { padTicketNumber } from '@domain/tickets';
import { rafflesTexts } from '../texts';

/** The additional prizes' winning numbers on a finished raffle's card (decision 042). */
export function PrizeWinnersLine({ prizes, digitCount }: { prizes: PrizeView[]; digitCount: number }) {
  const extra = prizes.filter((p) => p.position > 1 && p.drawn_at !== null);
  if (extra.length === 0) return null;
  return (
    <ul className="grid gap-0.5 text-xs text-amber-900" data-testid="prize-winners">
      {extra.map((p) => (
        <li key={p.position}>
          {prizeLabel(p.position)}:{' '}
          {p.winning_number !== null && !p.void_reason
            ? rafflesTexts.finished.prizeNumber(padTicketNumber(p.winning_number, digitCount))
            : rafflesTexts.finished.prizeVoid}
        </li>
      ))}
    </ul>
  );
}
