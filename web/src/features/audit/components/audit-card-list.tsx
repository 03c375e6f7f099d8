import { formatDateTime } from '@domain/dates';
import { Clock, Ticket } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { auditTexts } from '../texts';
import type { AuditListProps } from './audit-table';
import { ActionLabel, ActorLabel, HashText, SummaryText } from './entry-parts';

/** Phone view of the audit log: one card per entry. */
export function AuditCardList({ entries, raffleName, brokenSeq }: AuditListProps) {
  return (
    <ul className="grid gap-3">
      {entries.map((entry) => {
        const broken = entry.seq === brokenSeq;
        return (
          <li key={entry.seq}>
            <Card
              className={cn('grid gap-2.5 p-4', broken && 'border-red-300 bg-red-50')}
              data-testid="audit-entry"
            >
              <div className="flex items-start justify-between gap-3">
                <ActionLabel action={entry.action} />
                <p
                  className={cn(
                    'shrink-0 font-mono text-sm font-semibold tabular-nums text-zinc-700',
                    broken && 'text-red-700',
                  )}
                >
                  <span className="sr-only">{auditTexts.entry(entry.seq)}</span>
                  <span aria-hidden>#{entry.seq}</span>
                  {broken && <span className="sr-only"> — {auditTexts.verify.brokenHere}</span>}
                </p>
              </div>
              <ActorLabel entry={entry} />
              <SummaryText summary={entry.summary} />
              <div className="grid gap-1 border-t border-zinc-100 pt-2 text-xs text-zinc-600">
                {entry.raffle_id && (
                  <p className="flex min-w-0 items-center gap-1.5">
                    <Ticket aria-hidden className="size-3.5 shrink-0 text-zinc-400" />
                    <span className="sr-only">{auditTexts.columns.raffle}: </span>
                    <span className="min-w-0 truncate">{raffleName(entry.raffle_id)}</span>
                  </p>
                )}
                <p className="flex items-center gap-1.5">
                  <Clock aria-hidden className="size-3.5 shrink-0 text-zinc-400" />
                  <span className="sr-only">{auditTexts.columns.when}: </span>
                  {formatDateTime(entry.at)}
                </p>
                <HashText label={auditTexts.hashLabel} hash={entry.hash} />
                <HashText label={auditTexts.prevHashLabel} hash={entry.prev_hash} />
              </div>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
