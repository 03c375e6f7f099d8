import { FilterX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

type FiltersPanelProps = {
  /** Read by screen readers as the fieldset's name. */
  label: string;
  /** The grid's columns from `lg` up: each list lays out its own filters. */
  columnsClassName: string;
  /** Said under the filters when they cannot match anything (a day range backwards). */
  warning?: string | false;
  hasFilters: boolean;
  clearLabel: string;
  onClear: () => void;
  children: ReactNode;
};

/** The card a staff list's filters sit in: one column on phones, two on tablets, the list's own on desktops. */
export function FiltersPanel(props: FiltersPanelProps) {
  return (
    <fieldset className="grid gap-3 rounded-[var(--radius-card)] border border-zinc-200 bg-white p-3 shadow-[var(--shadow-card)] sm:p-4">
      <legend className="sr-only">{props.label}</legend>
      <div className={cn('grid gap-3 sm:grid-cols-2', props.columnsClassName)}>{props.children}</div>
      {props.warning && (
        <p role="alert" className="text-sm text-amber-800">
          {props.warning}
        </p>
      )}
      {props.hasFilters && (
        <Button variant="ghost" size="sm" className="h-10 justify-self-start" onClick={props.onClear}>
          <FilterX aria-hidden />
          {props.clearLabel}
        </Button>
      )}
    </fieldset>
  );
}
