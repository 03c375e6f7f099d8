/** Where the focus is on the board: an index into the numbers shown, laid out in rows. */
export type BoardPosition = {
  index: number;
  /** How many numbers are shown (all of them, or the available ones with the filter on). */
  count: number;
  columns: number;
  /** Rows that fit in the board's viewport, for PageUp / PageDown. */
  pageRows: number;
};

/**
 * The index a key moves the focus to (ARIA grid keys), or null when the key is not the board's.
 * Left/right follow the numbers, so they wrap from the end of a row to the next one.
 */
export function boardKeyTarget(key: string, ctrlKey: boolean, position: BoardPosition): number | null {
  const { index, count, columns, pageRows } = position;
  const last = count - 1;
  const row = Math.floor(index / columns);
  const column = index % columns;
  const lastRow = Math.floor(last / columns);
  const at = (r: number) => Math.min(r * columns + column, last);
  switch (key) {
    case 'ArrowRight':
      return Math.min(index + 1, last);
    case 'ArrowLeft':
      return Math.max(index - 1, 0);
    case 'ArrowDown':
      return row < lastRow ? at(row + 1) : index;
    case 'ArrowUp':
      return row > 0 ? at(row - 1) : index;
    case 'Home':
      return ctrlKey ? 0 : row * columns;
    case 'End':
      return ctrlKey ? last : Math.min(row * columns + columns - 1, last);
    case 'PageDown':
      return at(Math.min(row + Math.max(1, pageRows), lastRow));
    case 'PageUp':
      return at(Math.max(row - Math.max(1, pageRows), 0));
    default:
      return null;
  }
}
