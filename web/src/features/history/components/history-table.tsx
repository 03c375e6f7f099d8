import { formatDateTime } from '@domain/dates';
import type { TicketHistoryEntry } from '@domain/staff-tickets';
import { StatusChange } from '@/components/status-change';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { texts } from '@/config/texts';
import { historyTexts } from '../texts';

/** Desktop view of the history: one row per change. */
export function HistoryTable({ entries }: { entries: TicketHistoryEntry[] }) {
  const c = historyTexts.columns;
  return (
    <Table>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>{c.when}</TableHead>
          <TableHead>{c.raffle}</TableHead>
          <TableHead>{c.number}</TableHead>
          <TableHead>{c.change}</TableHead>
          <TableHead>{c.who}</TableHead>
          <TableHead>{c.note}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {entries.map((entry) => (
          <TableRow key={entry.id} data-testid="history-entry">
            <TableCell className="whitespace-nowrap text-zinc-600">
              {formatDateTime(entry.created_at)}
            </TableCell>
            <TableCell className="min-w-64 max-w-80 font-medium break-words text-zinc-900">
              {entry.raffle_name}
            </TableCell>
            <TableCell className="font-mono font-semibold whitespace-nowrap tabular-nums">
              <span className="sr-only">{historyTexts.ticket(entry.ticket_number)}</span>
              <span aria-hidden>#{entry.ticket_number}</span>
            </TableCell>
            <TableCell>
              <StatusChange from={entry.from_status} to={entry.to_status} wrap={false} />
            </TableCell>
            <TableCell className="max-w-52 break-words">
              {entry.actor_email ?? <span className="text-zinc-500 italic">{texts.statusChange.system}</span>}
            </TableCell>
            <TableCell className="max-w-64 text-zinc-600 break-words">
              {entry.note || <span className="text-zinc-400">—</span>}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
