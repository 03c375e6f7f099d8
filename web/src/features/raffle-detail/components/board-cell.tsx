import { Check, Trophy } from 'lucide-react';
import { memo } from 'react';
import { cn } from '@/lib/cn';
import { cellStatusClasses, cellStatusNames, selectedCellClass, winnerCellClass } from '../board-status';
import type { CellStatus } from '../store/board-state';
import { raffleDetailTexts } from '../texts';

type BoardCellProps = {
  number: number;
  label: string;
  status: CellStatus;
  selected: boolean;
  flash: boolean;
  highlighted: boolean;
  /** The drawn number of a finished raffle. */
  winner: boolean;
  interactive: boolean;
  /** The board's one tab stop (roving tabindex); the other cells are reached with the arrows. */
  tabbable: boolean;
  /** 1-based column, for the grid's aria-colindex. */
  column: number;
  size: number;
};

const t = raffleDetailTexts.board;

/** One number, a button in a grid cell. Clicks are handled once by the board (event delegation). */
export const BoardCell = memo(function BoardCell({
  number,
  label,
  status,
  selected,
  flash,
  highlighted,
  winner,
  interactive,
  tabbable,
  column,
  size,
}: BoardCellProps) {
  const name = selected
    ? t.cellSelected(label)
    : winner
      ? t.cellWinner(label, cellStatusNames[status])
      : t.cell(label, cellStatusNames[status]);
  const selectable = interactive && (selected || status === 'disponible');
  return (
    // The focusable part of the cell is its button (APG grid); a div because rows are virtualized.
    // biome-ignore lint/a11y/useSemanticElements lint/a11y/useFocusableInteractive: see above
    <div role="gridcell" aria-colindex={column} className="shrink-0" style={{ width: size, height: size }}>
      <button
        type="button"
        tabIndex={tabbable ? 0 : -1}
        data-number={number}
        data-status={status}
        data-selected={selected || undefined}
        data-highlighted={highlighted || undefined}
        data-winner={winner || undefined}
        aria-label={name}
        title={name}
        aria-pressed={selectable ? selected : undefined}
        aria-disabled={selectable ? undefined : true}
        className={cn(
          'relative flex size-full items-center justify-center rounded-lg border-2 text-sm font-semibold tabular-nums transition-colors select-none',
          selected ? selectedCellClass : winner ? winnerCellClass : cellStatusClasses[status],
          !selectable && 'cursor-not-allowed',
          // Sales closed (cerrada, finalizada): nothing looks buyable; only the winner stays bright.
          !interactive && !winner && 'opacity-60 saturate-50',
          !interactive && status === 'disponible' && 'hover:bg-status-disponible active:bg-status-disponible',
          flash && 'rd-flash',
          highlighted && 'rd-highlight z-10',
        )}
      >
        {label}
        {winner && (
          <Trophy
            aria-hidden
            strokeWidth={2.5}
            className="absolute -top-2 -right-2 size-5 rounded-full bg-yellow-500 p-0.5 text-yellow-950 shadow"
          />
        )}
        {selected && (
          <Check
            aria-hidden
            strokeWidth={3}
            className="absolute -top-1.5 -right-1.5 size-4 rounded-full bg-white p-0.5 text-brand-700 shadow"
          />
        )}
      </button>
    </div>
  );
});
