import type { TicketInstantWin } from '@domain/instant-wins';
import { padTicketNumber } from '@domain/tickets';
import { Gift } from 'lucide-react';
import { ticketsTexts } from '../texts';

const t = ticketsTexts.instantWin;

/**
 * In the dialogs that take a sale back: its instant-win prize was already handed over, so it stays
 * with this sale whatever happens next (decision 081). Nothing when it won nothing or was not handed over.
 */
export function DeliveredPrizeNotice({ win }: { win: TicketInstantWin | null | undefined }) {
  if (!win?.delivered_at) return null;
  return (
    <div className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
      <Gift aria-hidden className="mt-0.5 size-4 shrink-0" />
      <div className="grid gap-1">
        <p className="font-semibold">{t.keptTitle(win.prize)}</p>
        <p>{t.kept}</p>
      </div>
    </div>
  );
}

/** The bulk release's confirmation: every number it takes whose prize was already handed over. */
export function DeliveredPrizesNotice({
  prizes,
  digitCount,
}: {
  prizes: readonly { number: number; prize: string }[];
  digitCount: number;
}) {
  if (prizes.length === 0) return null;
  return (
    <div
      data-testid="bulk-delivered-prizes"
      className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
    >
      <Gift aria-hidden className="mt-0.5 size-4 shrink-0" />
      <div className="grid gap-1">
        <p className="font-semibold">{t.keptManyTitle(prizes.length)}</p>
        <ul className="max-h-28 overflow-y-auto">
          {prizes.map((p) => (
            <li key={p.number}>
              <span className="font-semibold tabular-nums">{padTicketNumber(p.number, digitCount)}</span>: «
              {p.prize}»
            </li>
          ))}
        </ul>
        <p>{t.keptMany}</p>
      </div>
    </div>
  );
}
