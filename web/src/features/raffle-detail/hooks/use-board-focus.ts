import type { Virtualizer } from '@tanstack/react-virtual';
import { type FocusEvent, type KeyboardEvent, type RefObject, useState } from 'react';
import { boardKeyTarget } from '../board-navigation';

type BoardFocusOptions = {
  virtualizer: Virtualizer<HTMLDivElement, Element>;
  scrollRef: RefObject<HTMLDivElement | null>;
  /** The numbers shown, when the filter is on; null means every number 0..count-1. */
  numbers: number[] | null;
  count: number;
  columns: number;
  rowHeight: number;
};

const numberOf = (el: EventTarget | null) => {
  const cell = el instanceof HTMLElement ? el.closest<HTMLElement>('[data-number]') : null;
  return cell ? Number(cell.dataset.number) : null;
};

/**
 * Roving focus on the virtualized board (ARIA grid): one cell is in the tab order, the arrows,
 * Home/End and PageUp/PageDown move the focus, scrolling its row into view first.
 */
export function useBoardFocus({
  virtualizer,
  scrollRef,
  numbers,
  count,
  columns,
  rowHeight,
}: BoardFocusOptions) {
  const [active, setActive] = useState<number | null>(null);
  const indexOf = (n: number) => (numbers ? numbers.indexOf(n) : n < count ? n : -1);
  const numberAt = (i: number) => (numbers ? (numbers[i] as number) : i);

  // The last focused number keeps the tab stop while its row is rendered; otherwise the first row
  // in view takes it, so Tab always finds exactly one cell.
  const rows = virtualizer.getVirtualItems();
  const activeIndex = active === null ? -1 : indexOf(active);
  const activeRendered =
    activeIndex >= 0 && rows.some((row) => row.index === Math.floor(activeIndex / columns));
  const offset = virtualizer.scrollOffset ?? 0;
  const firstRow = rows.find((row) => row.end > offset) ?? rows[0];
  const tabbable = activeRendered ? active : firstRow ? numberAt(firstRow.index * columns) : null;

  // The board scrolls inside the page: keyboard focus brings all of it into view, clear of the
  // sticky header and the selection bar (its scroll margins), so the focused cell is never hidden.
  const revealBoard = () => scrollRef.current?.scrollIntoView({ block: 'nearest' });

  const focusIndex = (index: number) => {
    const target = numberAt(index);
    setActive(target);
    virtualizer.scrollToIndex(Math.floor(index / columns), { align: 'auto' });
    // The row may render a frame or two later (a far jump on a 10,000-number board).
    let tries = 0;
    const tryFocus = () => {
      const cell = scrollRef.current?.querySelector<HTMLElement>(`[data-number="${target}"]`);
      if (cell) {
        cell.focus({ preventScroll: true });
        revealBoard();
      } else if (++tries < 20) requestAnimationFrame(tryFocus);
    };
    requestAnimationFrame(tryFocus);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const current = numberOf(event.target);
    if (current === null || event.altKey || event.metaKey || event.shiftKey) return;
    const index = indexOf(current);
    if (index < 0) return;
    const pageRows = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? rowHeight) / rowHeight) - 1);
    const next = boardKeyTarget(event.key, event.ctrlKey, { index, count, columns, pageRows });
    if (next === null) return;
    event.preventDefault(); // the arrows and PageUp/PageDown would scroll the board instead
    if (next !== index) focusIndex(next);
  };

  const onFocus = (event: FocusEvent<HTMLElement>) => {
    const n = numberOf(event.target);
    if (n !== null && n !== active) setActive(n);
    // Tabbing in (not a tap or a click, which happen where the board already is).
    const fromOutside = !event.currentTarget.contains(event.relatedTarget as Node | null);
    if (fromOutside && event.target.matches(':focus-visible')) revealBoard();
  };

  return { tabbable, onKeyDown, onFocus, setActive };
}
