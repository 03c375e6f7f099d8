import type { TicketCounts } from '@domain/staff-tickets';
import { cn } from '@/lib/cn';
import { countFor, STATUS_FILTERS, type StatusFilter, statusFilterLabel } from '../status-filter';
import { ticketsTexts } from '../texts';

const count = new Intl.NumberFormat('es-VE');

/** The status colour beside each name (decorative: the name and the count say it all). */
const swatch: Record<StatusFilter, string> = {
  vendidos: 'border-brand-700 bg-brand-600',
  todos: 'border-zinc-400 bg-gradient-to-br from-white to-zinc-400',
  disponible: 'border-status-disponible-border bg-status-disponible',
  apartado: 'border-status-apartado-border bg-status-apartado',
  abonado: 'border-status-abonado-border bg-status-abonado',
  pagado: 'border-status-pagado-border bg-status-pagado',
  cancelado: 'border-status-cancelado-border bg-status-cancelado',
  otros: 'border-dashed border-zinc-500 bg-white',
};

type StatusChipsProps = {
  value: StatusFilter;
  /** Per status for the current search; undefined while the first page loads. */
  counts: TicketCounts | undefined;
  onChange: (value: StatusFilter) => void;
};

/** One chip per status (plus sold and all) with how many numbers each holds; one is pressed. */
export function StatusChips({ value, counts, onChange }: StatusChipsProps) {
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">{ticketsTexts.filters.label}</legend>
      {STATUS_FILTERS.map((filter) => {
        const pressed = filter === value;
        const label = statusFilterLabel(filter);
        const n = counts ? countFor(filter, counts) : undefined;
        // 'Otros' (a status none of the five) only shows up when some number has one.
        if (filter === 'otros' && !pressed && !n) return null;
        return (
          <button
            key={filter}
            type="button"
            aria-pressed={pressed}
            aria-label={n === undefined ? label : ticketsTexts.filters.chipLabel(label, n)}
            data-filter={filter}
            onClick={() => onChange(filter)}
            className={cn(
              'inline-flex min-h-10 items-center gap-2 rounded-full border px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
              pressed
                ? 'border-brand-700 bg-brand-50 text-brand-800 shadow-sm ring-1 ring-brand-700'
                : 'border-zinc-300 bg-white text-zinc-700 hover:bg-zinc-50',
            )}
          >
            <span aria-hidden className={cn('size-3 shrink-0 rounded-full border', swatch[filter])} />
            <span aria-hidden>{label}</span>
            {n !== undefined && (
              <span
                aria-hidden
                className={cn(
                  'min-w-6 rounded-full px-1.5 text-center text-xs font-semibold tabular-nums',
                  pressed ? 'bg-brand-700 text-white' : 'bg-zinc-100 text-zinc-700',
                )}
              >
                {count.format(n)}
              </span>
            )}
          </button>
        );
      })}
    </fieldset>
  );
}
