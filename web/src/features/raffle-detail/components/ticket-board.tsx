import { MAX_NUMBERS_PER_RESERVATION, padTicketNumber } from '@domain/tickets';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type MouseEvent, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { cellStatusNames } from '../board-status';
import { useBoardFocus } from '../hooks/use-board-focus';
import { CELL_GAP, useBoardLayout } from '../hooks/use-board-layout';
import { type BoardState, statusOf } from '../store/board-state';
import { useRaffleStore } from '../store/raffle-store';
import { raffleDetailTexts } from '../texts';
import { BoardCell } from './board-cell';

const t = raffleDetailTexts.board;

function availableNumbers(board: BoardState): number[] {
  const list: number[] = [];
  for (let n = 0; n < board.total; n++) if (statusOf(board, n) === 'disponible') list.push(n);
  return list;
}

type TicketBoardProps = {
  raffleId: string;
  interactive: boolean;
  onlyAvailable: boolean;
  /** A finished raffle's drawn number, marked on the board. */
  winningNumber?: number | null;
};

/** The numbers, in virtualized rows: only the rows in view (plus a few) are in the page. */
export function TicketBoard({
  raffleId,
  interactive,
  onlyAvailable,
  winningNumber = null,
}: TicketBoardProps) {
  const board = useRaffleStore((s) => s.boards[raffleId]);
  const selection = useRaffleStore((s) => s.selection);
  const flashes = useRaffleStore((s) => s.flashes);
  const highlighted = useRaffleStore((s) => s.highlighted);
  const [content, setContent] = useState<HTMLDivElement | null>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const digits = board?.digitCount ?? 3;
  const { columns, cellSize, rowHeight } = useBoardLayout(content, digits);
  const numbers = useMemo(
    () => (onlyAvailable && board ? availableNumbers(board) : null),
    [onlyAvailable, board],
  );
  const selected = useMemo(() => new Set(selection), [selection]);
  const count = numbers ? numbers.length : (board?.total ?? 0);
  const rowCount = Math.ceil(count / columns);

  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 4,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measure when the row size changes
  useEffect(() => virtualizer.measure(), [rowHeight, columns, virtualizer]);
  const focus = useBoardFocus({ virtualizer, scrollRef, numbers, count, columns, rowHeight });

  // "Ir al número": bring the row into view, then focus the cell so keyboards continue from there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new jump target should scroll
  useEffect(() => {
    if (highlighted === null) return;
    const target = highlighted.number;
    const index = numbers ? numbers.indexOf(target) : target;
    if (index < 0) return;
    focus.setActive(target);
    scrollRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    virtualizer.scrollToIndex(Math.floor(index / columns), { align: 'center' });
    requestAnimationFrame(() =>
      scrollRef.current
        ?.querySelector<HTMLElement>(`[data-number="${target}"]`)
        ?.focus({ preventScroll: true }),
    );
  }, [highlighted]);

  const onClick = (event: MouseEvent<HTMLElement>) => {
    const cell = (event.target as HTMLElement).closest<HTMLElement>('[data-number]');
    if (!cell || !board || !interactive) return;
    const number = Number(cell.dataset.number);
    const store = useRaffleStore.getState();
    const status = statusOf(board, number);
    if (store.selection.includes(number)) return store.toggle(number);
    const label = padTicketNumber(number, digits);
    if (status !== 'disponible') {
      toast.info(t.notSelectable(label, cellStatusNames[status]), { id: 'rd-not-selectable' });
      return;
    }
    if (store.selection.length >= MAX_NUMBERS_PER_RESERVATION) {
      toast.warning(t.maxReached(MAX_NUMBERS_PER_RESERVATION), { id: 'rd-max' });
      return;
    }
    store.toggle(number);
  };

  return (
    <div className="w-full">
      {!board ? (
        <BoardSkeleton />
      ) : count === 0 ? (
        <p className="rounded-xl border border-dashed border-zinc-300 bg-white p-8 text-center text-sm text-zinc-600">
          {t.empty}
        </p>
      ) : (
        // One tab stop (roving tabindex); arrows, Home/End and PageUp/PageDown move between the
        // cells, Enter and Space press the focused one (a button: the click below handles it).
        // ARIA grid roles on divs: virtualized rows are absolutely placed, which a <table> is not.
        // biome-ignore lint/a11y/useSemanticElements: see above
        <div
          ref={scrollRef}
          role="grid"
          aria-label={t.label}
          aria-rowcount={rowCount}
          aria-colcount={columns}
          onClick={onClick}
          onKeyDown={focus.onKeyDown}
          onFocus={focus.onFocus}
          // A closed board is dimmed cell by cell (BoardCell), so a drawn number can stand out.
          className="-mx-2 max-h-[60dvh] scroll-mt-28 scroll-mb-[calc(var(--rd-bar-height,0px)+0.5rem)] overflow-y-auto p-2 sm:scroll-mt-20"
        >
          {/* biome-ignore lint/a11y/useSemanticElements: virtualized rows, see the grid above */}
          <div
            ref={setContent}
            role="rowgroup"
            className="relative w-full"
            style={{ height: virtualizer.getTotalSize() }}
          >
            {virtualizer.getVirtualItems().map((row) => {
              const first = row.index * columns;
              const cells: number[] = [];
              for (let i = first; i < Math.min(first + columns, count); i++)
                cells.push(numbers ? numbers[i] : i);
              return (
                // The focus goes to the buttons in the cells (APG grid), not to rows.
                // biome-ignore lint/a11y/useSemanticElements lint/a11y/useFocusableInteractive: see above
                <div
                  key={row.key}
                  role="row"
                  aria-rowindex={row.index + 1}
                  className="absolute top-0 left-0 flex w-full"
                  style={{ transform: `translateY(${row.start}px)`, gap: CELL_GAP, height: cellSize }}
                >
                  {cells.map((n, column) => (
                    <BoardCell
                      key={n}
                      number={n}
                      column={column + 1}
                      label={padTicketNumber(n, digits)}
                      status={statusOf(board, n)}
                      selected={selected.has(n)}
                      flash={Boolean(flashes[n])}
                      highlighted={highlighted?.number === n}
                      winner={winningNumber === n}
                      interactive={interactive}
                      tabbable={focus.tabbable === n}
                      size={cellSize}
                    />
                  ))}
                </div>
              );
            })}
          </div>
        </div>
      )}
    </div>
  );
}

function BoardSkeleton() {
  return (
    <div role="status" className="grid grid-cols-6 gap-1.5 sm:grid-cols-10">
      <span className="sr-only">{t.loadingBoard}</span>
      {Array.from({ length: 40 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <span key={i} aria-hidden className="aspect-square animate-pulse rounded-lg bg-zinc-200" />
      ))}
    </div>
  );
}
