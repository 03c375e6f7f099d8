import {
  STATEMENT_ROW_STATES,
  type StatementRowState,
  statementRowStateLabels,
} from '@domain/reconciliation';
import { cn } from '@/lib/cn';
import { reconciliationTexts } from '../texts';

const t = reconciliationTexts.states;
const count = new Intl.NumberFormat('es-VE');

const tones: Record<StatementRowState, string> = {
  matched: 'border-green-200 bg-green-50 text-green-900',
  amount_mismatch: 'border-amber-200 bg-amber-50 text-amber-900',
  unreported: 'border-zinc-200 bg-zinc-50 text-zinc-800',
  already_reconciled: 'border-sky-200 bg-sky-50 text-sky-900',
  duplicate: 'border-red-200 bg-red-50 text-red-900',
};

type StateFilterProps = {
  counts: Record<StatementRowState, number>;
  total: number;
  value: StatementRowState | null;
  onChange: (state: StatementRowState | null) => void;
};

/** The count of each state, as toggles that filter the rows (pressed again: all of them). */
export function StateFilter({ counts, total, value, onChange }: StateFilterProps) {
  const option = (state: StatementRowState | null, label: string, n: number, tone: string) => (
    <button
      key={state ?? 'all'}
      type="button"
      aria-pressed={value === state}
      onClick={() => onChange(value === state ? null : state)}
      className={cn(
        'grid min-h-16 gap-0.5 rounded-lg border px-3 py-2 text-left transition-shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
        tone,
        value === state ? 'ring-2 ring-brand-600 ring-offset-1' : 'hover:shadow-sm',
      )}
    >
      <span className="text-2xl leading-none font-semibold tabular-nums">{count.format(n)}</span>
      <span className="text-xs font-medium">{label}</span>
    </button>
  );
  return (
    <fieldset className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
      <legend className="sr-only">{t.label}</legend>
      {option(null, t.all, total, 'border-zinc-300 bg-white text-zinc-900')}
      {STATEMENT_ROW_STATES.map((state) =>
        option(state, statementRowStateLabels[state], counts[state], tones[state]),
      )}
    </fieldset>
  );
}
