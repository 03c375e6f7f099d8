import { TICKET_STATUSES } from '@domain/tickets';
import { Check, Trophy } from 'lucide-react';
import { cn } from '@/lib/cn';
import { cellStatusClasses, cellStatusNames, selectedCellClass, winnerCellClass } from '../board-status';
import { raffleDetailTexts } from '../texts';

const t = raffleDetailTexts.board;

/** Status is never told by colour alone: the legend names each colour. */
export function BoardLegend({
  selectable = true,
  winner = false,
}: {
  selectable?: boolean;
  winner?: boolean;
}) {
  return (
    <div>
      <h3 className="sr-only">{t.legend}</h3>
      <ul className="flex flex-wrap gap-x-4 gap-y-2 text-xs text-zinc-700">
        {winner && (
          <li className="flex items-center gap-1.5 font-semibold text-zinc-900">
            <span aria-hidden className={cn('relative size-5 rounded-md border-2 ring-2', winnerCellClass)}>
              <Trophy strokeWidth={2.5} className="absolute inset-0 m-auto size-3" />
            </span>
            {t.legendWinner}
          </li>
        )}
        {selectable && (
          <li className="flex items-center gap-1.5">
            <span aria-hidden className={cn('relative size-5 rounded-md border-2', selectedCellClass)}>
              <Check strokeWidth={3} className="absolute inset-0 m-auto size-3" />
            </span>
            {t.legendSelected}
          </li>
        )}
        {TICKET_STATUSES.map((status) => (
          <li key={status} className="flex items-center gap-1.5">
            <span
              aria-hidden
              className={cn(
                'flex size-5 items-center justify-center rounded-md border-2 text-[9px]',
                cellStatusClasses[status],
              )}
            >
              {status === 'cancelado' ? '00' : ''}
            </span>
            {cellStatusNames[status]}
          </li>
        ))}
      </ul>
    </div>
  );
}
