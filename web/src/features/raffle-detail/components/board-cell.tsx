import { Check } from 'lucide-react';
import { memo } from 'react';
import { cn } from '@/lib/cn';
import { cellStatusClasses, cellStatusNames, selectedCellClass } from '../board-status';
import type { CellStatus } from '../store/board-state';
import { raffleDetailTexts } from '../texts';

type BoardCellProps = {
  number: number;
  label: string;
  status: CellStatus;
  selected: boolean;
  flash: boolean;
  highlighted: boolean;
  interactive: boolean;
  size: number;
};

const t = raffleDetailTexts.board;

/** One number. Clicks are handled once by the board (event delegation), not per cell. */
export const BoardCell = memo(function BoardCell({
  number,
  label,
  status,
  selected,
  flash,
  highlighted,
  interactive,
  size,
}: BoardCellProps) {
  const name = selected ? t.cellSelected(label) : t.cell(label, cellStatusNames[status]);
  const selectable = interactive && (selected || status === 'disponible');
  return (
    <button
      type="button"
      data-number={number}
      data-status={status}
      data-selected={selected || undefined}
      data-highlighted={highlighted || undefined}
      aria-label={name}
      title={name}
      aria-pressed={selectable ? selected : undefined}
      aria-disabled={selectable ? undefined : true}
      style={{ width: size, height: size }}
      className={cn(
        'relative flex shrink-0 items-center justify-center rounded-lg border-2 text-sm font-semibold tabular-nums transition-colors select-none',
        selected ? selectedCellClass : cellStatusClasses[status],
        !selectable && 'cursor-not-allowed',
        flash && 'rd-flash',
        highlighted && 'rd-highlight z-10',
      )}
    >
      {label}
      {selected && (
        <Check
          aria-hidden
          strokeWidth={3}
          className="absolute -top-1.5 -right-1.5 size-4 rounded-full bg-white p-0.5 text-brand-700 shadow"
        />
      )}
    </button>
  );
});
