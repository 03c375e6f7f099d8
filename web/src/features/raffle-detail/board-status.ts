import type { CellStatus } from './store/board-state';

/** How each status reads to a person: "pagado" shows as "vendido" on the public board. */
export const cellStatusNames: Record<CellStatus, string> = {
  disponible: 'disponible',
  apartado: 'apartado',
  abonado: 'abonado',
  pagado: 'vendido',
  cancelado: 'cancelado',
  otros: 'no disponible',
};

/** One colour per status (UX "The board"); tokens live in index.css. */
export const cellStatusClasses: Record<CellStatus, string> = {
  disponible:
    'border-status-disponible-border bg-status-disponible text-status-disponible-text hover:bg-green-50 active:bg-green-100',
  apartado: 'border-status-apartado-border bg-status-apartado text-status-apartado-text',
  abonado: 'border-status-abonado-border bg-status-abonado text-status-abonado-text',
  pagado: 'border-status-pagado-border bg-status-pagado text-status-pagado-text',
  cancelado: 'border-status-cancelado-border bg-status-cancelado text-status-cancelado-text line-through',
  otros: 'border-zinc-300 bg-zinc-100 text-zinc-500',
};

export const selectedCellClass = 'border-brand-800 bg-brand-700 text-white shadow-sm';

/** The drawn number: gold with a ring and a trophy, unlike any status (and named in the legend). */
export const winnerCellClass =
  'border-yellow-600 bg-yellow-300 text-yellow-950 font-extrabold shadow-md ring-4 ring-yellow-400/70';
