import { type StatementRowState, statementRowStateLabels } from '@domain/reconciliation';
import { Badge } from '@/components/ui/badge';

/** One colour per state, always with its name: green, amber, grey, blue, red. */
export const rowStateVariants = {
  matched: 'success',
  amount_mismatch: 'warning',
  unreported: 'neutral',
  already_reconciled: 'info',
  duplicate: 'danger',
} as const satisfies Record<StatementRowState, string>;

export function RowStateBadge({ state }: { state: StatementRowState }) {
  return <Badge variant={rowStateVariants[state]}>{statementRowStateLabels[state]}</Badge>;
}
