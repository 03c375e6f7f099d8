import type { AuditEntry } from '@domain/audit';
import { formatDateTime } from '@domain/dates';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { auditTexts } from '../texts';
import { ActionLabel, ActorLabel, HashText, SummaryText } from './entry-parts';

type AuditListProps = {
  entries: AuditEntry[];
  raffleName: (id: string) => string;
  /** The entry verification named: shown in red. */
  brokenSeq?: number;
};

/** Desktop view of the audit log: one row per entry. */
export function AuditTable({ entries, raffleName, brokenSeq }: AuditListProps) {
  const c = auditTexts.columns;
  return (
    <Table>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>{c.seq}</TableHead>
          <TableHead>{c.when}</TableHead>
          <TableHead>{c.who}</TableHead>
          <TableHead>{c.action}</TableHead>
          <TableHead>{c.raffle}</TableHead>
          <TableHead>{c.detail}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {entries.map((entry) => {
          const broken = entry.seq === brokenSeq;
          return (
            <TableRow
              key={entry.seq}
              data-testid="audit-entry"
              className={cn(broken && 'bg-red-50 hover:bg-red-50')}
            >
              {/* The entry's number with its hash and the one it chains to: the link is read down the list. */}
              <TableCell className="align-top">
                <span className="grid gap-0.5">
                  <span className={cn('font-mono font-semibold tabular-nums', broken && 'text-red-700')}>
                    #{entry.seq}
                    {broken && <span className="sr-only"> — {auditTexts.verify.brokenHere}</span>}
                  </span>
                  <HashText label={auditTexts.hashLabel} hash={entry.hash} chars={8} />
                  <HashText label={auditTexts.prevHashLabel} hash={entry.prev_hash} chars={8} />
                </span>
              </TableCell>
              <TableCell className="align-top whitespace-nowrap text-zinc-600">
                {formatDateTime(entry.at)}
              </TableCell>
              <TableCell className="max-w-56 min-w-40 align-top">
                <ActorLabel entry={entry} />
              </TableCell>
              <TableCell className="max-w-64 min-w-44 align-top">
                <ActionLabel action={entry.action} />
              </TableCell>
              <TableCell className="max-w-48 align-top break-words text-zinc-700">
                {entry.raffle_id ? raffleName(entry.raffle_id) : auditTexts.noRaffle}
              </TableCell>
              <TableCell className="max-w-72 min-w-48 align-top">
                <SummaryText summary={entry.summary} />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

export type { AuditListProps };
