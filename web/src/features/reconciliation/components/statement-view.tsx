import { formatDateTime } from '@domain/dates';
import type { StatementDetail, StatementRowState } from '@domain/reconciliation';
import { Info } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { reconciliationTexts } from '../texts';
import { ApproveMatches } from './approve-matches';
import { StateFilter } from './state-filter';
import { StatementRowCards, StatementRowTable } from './statement-rows';

const t = reconciliationTexts;
const PAGE = 50;

/** One uploaded statement: its counts by state (which filter the rows), the approval, the rows. */
export function StatementView({ detail }: { detail: StatementDetail }) {
  const { statement, rows } = detail;
  const [state, setState] = useState<StatementRowState | null>(null);
  const [shown, setShown] = useState(PAGE);
  const card = useRef<HTMLDivElement>(null);
  // Opened (just uploaded, or picked from the list): brought into view, below the upload on a phone.
  useEffect(() => card.current?.scrollIntoView({ block: 'start' }), []);
  const visible = state ? rows.filter((row) => row.state === state) : rows;
  const counts = {
    matched: statement.matched,
    amount_mismatch: statement.amount_mismatch,
    unreported: statement.unreported,
    already_reconciled: statement.already_reconciled,
    duplicate: statement.duplicates,
  };
  const notes = [
    statement.skipped_already_imported > 0 && t.summary.skipped(statement.skipped_already_imported),
    statement.debits_ignored > 0 && t.summary.debits(statement.debits_ignored),
    statement.unreadable_lines.length > 0 && t.summary.unreadable(statement.unreadable_lines),
  ].filter((note): note is string => Boolean(note));

  return (
    <Card ref={card} data-testid="statement-view" className="scroll-mt-20">
      <CardHeader>
        <CardTitle>{t.summary.title(statement.file_name)}</CardTitle>
        <CardDescription>
          {t.summary.uploadedAt(formatDateTime(statement.created_at))} · {t.summary.rows(statement.rows)}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {statement.rows === 0 && <p className="text-sm text-zinc-700">{t.summary.nothingNew}</p>}
        {notes.length > 0 && (
          <ul className="grid gap-1 rounded-lg bg-zinc-50 p-3 text-sm text-zinc-700">
            {notes.map((note) => (
              <li key={note} className="flex gap-2">
                <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-zinc-500" />
                {note}
              </li>
            ))}
          </ul>
        )}
        {statement.rows > 0 && (
          <>
            <StateFilter
              counts={counts}
              total={statement.rows}
              value={state}
              onChange={(next) => {
                setState(next);
                setShown(PAGE);
              }}
            />
            <ApproveMatches detail={detail} />
            <section className="grid gap-3" aria-label={t.rows.title}>
              {visible.length === 0 ? (
                <EmptyState icon={Info} title={t.rows.empty} />
              ) : (
                <>
                  <div className="hidden md:block">
                    <StatementRowTable rows={visible.slice(0, shown)} />
                  </div>
                  <div className="md:hidden">
                    <StatementRowCards rows={visible.slice(0, shown)} />
                  </div>
                  {visible.length > shown && (
                    <Button
                      variant="secondary"
                      className="justify-self-center"
                      onClick={() => setShown((n) => n + PAGE)}
                    >
                      {t.rows.showMore(Math.min(PAGE, visible.length - shown))}
                    </Button>
                  )}
                </>
              )}
            </section>
          </>
        )}
      </CardContent>
    </Card>
  );
}
