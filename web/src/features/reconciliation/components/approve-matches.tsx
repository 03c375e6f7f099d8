import type { StatementApproval, StatementDetail } from '@domain/reconciliation';
import { CheckCircle2, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { ActionDialog } from '@/components/action-dialog';
import { errorMessage } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { useApproveMatches } from '../api/statements';
import { reconciliationTexts } from '../texts';

const t = reconciliationTexts.approve;

/** "Aprobar N coincidencias" with a confirmation, then what was approved and what was not, and why. */
export function ApproveMatches({ detail }: { detail: StatementDetail }) {
  const { statement } = detail;
  const approve = useApproveMatches(statement.id);
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<StatementApproval | null>(null);
  const matches = detail.rows
    .filter((row) => row.state === 'matched')
    .reduce((n, row) => n + row.payments.filter((p) => !p.confirmed).length, 0);
  // A failed payment is named by its number and raffle, as the rows show it.
  const named = new Map(
    detail.rows.flatMap((row) =>
      row.payments.map((p) => [p.id, `N.º ${p.ticket_number} · ${p.raffle_name}`]),
    ),
  );
  return (
    <div className="grid gap-3">
      <ActionDialog
        open={open}
        onOpenChange={setOpen}
        trigger={
          <Button
            className="w-full sm:w-auto sm:justify-self-start"
            disabled={matches === 0}
            data-testid="approve-matches"
          >
            <CheckCircle2 aria-hidden />
            {matches === 0 ? t.nothing : t.button(matches)}
          </Button>
        }
        title={t.title(matches)}
        description={t.description}
        actionLabel={t.confirm}
        pending={approve.isPending}
        error={approve.isError ? errorMessage(approve.error) : null}
        onConfirm={() =>
          approve.mutate(undefined, {
            onSuccess: (answer) => {
              setResult(answer);
              setOpen(false);
            },
          })
        }
      />
      {result && (
        <div
          role="status"
          className="grid gap-2 rounded-lg border border-zinc-200 bg-white p-3 text-sm"
          data-testid="approval-result"
        >
          <p className="flex items-center gap-2 font-medium text-green-800">
            <CheckCircle2 aria-hidden className="size-4" />
            {t.approved(result.approved.length)}
          </p>
          {result.failed.length > 0 && (
            <div className="grid gap-1 text-amber-900">
              <p className="flex items-center gap-2 font-medium">
                <TriangleAlert aria-hidden className="size-4" />
                {t.failed(result.failed.length)}
              </p>
              <ul className="grid gap-1 pl-6">
                {result.failed.map((failure) => (
                  <li key={failure.payment_id}>
                    <span className="font-medium">
                      {named.get(failure.payment_id) ?? t.payment(failure.payment_id)}
                    </span>
                    : {failure.message}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
