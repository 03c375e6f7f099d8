import { RAFFLE_STATUSES, type RaffleStatus, raffleStatusLabels } from '@domain/raffles';
import { Archive } from 'lucide-react';
import { cn } from '@/lib/cn';
import { dashboardTexts } from '../dashboard-texts';

type RaffleStatusFilterProps = {
  value: RaffleStatus | undefined;
  onChange: (value: RaffleStatus | undefined) => void;
  /** "Archivadas": the archived raffles instead of the others (with the status chips, in one row). */
  archived: boolean;
  onArchivedChange: (archived: boolean) => void;
};

const options: { value: RaffleStatus | undefined; label: string }[] = [
  { value: undefined, label: dashboardTexts.all },
  ...RAFFLE_STATUSES.map((status) => ({ value: status, label: raffleStatusLabels[status] })),
];

/**
 * Chips that filter the dashboard by raffle status, and the archived ones (kept in the URL by the
 * page). They wrap onto a second line on a phone: a row that scrolled sideways hid «Archivadas»
 * past the edge with nothing to say it was there.
 */
export function RaffleStatusFilter({ value, onChange, archived, onArchivedChange }: RaffleStatusFilterProps) {
  return (
    <fieldset className="flex min-w-0 flex-wrap gap-2">
      <legend className="sr-only">{dashboardTexts.filterLabel}</legend>
      {options.map((option) => {
        const active = option.value === value;
        return (
          <button
            key={option.label}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(option.value)}
            className={cn(
              'h-9 shrink-0 rounded-full border px-4 text-sm font-medium transition-colors',
              active
                ? 'border-brand-700 bg-brand-700 text-white'
                : 'border-zinc-300 bg-white text-zinc-700 hover:bg-zinc-50',
            )}
          >
            {option.label}
          </button>
        );
      })}
      <button
        type="button"
        aria-pressed={archived}
        title={dashboardTexts.archivedToggleHint}
        onClick={() => onArchivedChange(!archived)}
        className={cn(
          'inline-flex h-9 shrink-0 items-center gap-1.5 rounded-full border px-4 text-sm font-medium transition-colors sm:ml-auto',
          archived
            ? 'border-zinc-700 bg-zinc-700 text-white'
            : 'border-dashed border-zinc-400 bg-white text-zinc-700 hover:bg-zinc-50',
        )}
      >
        <Archive aria-hidden className="size-4" />
        {dashboardTexts.archivedToggle}
      </button>
    </fieldset>
  );
}
