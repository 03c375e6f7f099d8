import { useLayoutEffect, useState } from 'react';

export const CELL_GAP = 6;
const MIN_CELL = 44;

/** Cells are square and at least 44 px (a comfortable tap), wider when the numbers are long. */
const minCellFor = (digitCount: number) => Math.max(MIN_CELL, digitCount * 9 + 16);

export type BoardLayout = { columns: number; cellSize: number; rowHeight: number };

/** Columns that fill the board's width: about 7 on a phone, more on a laptop. */
export function useBoardLayout(el: HTMLElement | null, digitCount: number): BoardLayout {
  const [width, setWidth] = useState(0);

  useLayoutEffect(() => {
    if (!el) return;
    setWidth(el.clientWidth);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [el]);

  const minCell = minCellFor(digitCount);
  const usable = Math.max(width, minCell);
  // As many columns as fit at the minimum size; the leftover width grows every cell a little.
  const columns = Math.max(1, Math.floor((usable + CELL_GAP) / (minCell + CELL_GAP)));
  const cellSize = Math.floor((usable - CELL_GAP * (columns - 1)) / columns);
  return { columns, cellSize, rowHeight: cellSize + CELL_GAP };
}
