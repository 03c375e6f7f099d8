import { formatDateTime } from '@domain/dates';
import type { TicketHistoryEntry } from '@domain/staff-tickets';
import { Bot, Clock, UserRound } from 'lucide-react';
import { StatusChange } from '@/components/status-change';
import { Card } from '@/components/ui/card';
import { texts } from '@/config/texts';
import { historyTexts } from '../texts';

/** Phone view of the history: one card per change. */
export function HistoryCardList({ entries }: { entries: TicketHistoryEntry[] }) {
  return (
    <ul className="grid gap-3">
      {entries.map((entry) => (
        <li key={entry.id}>
          <Card className="grid gap-2.5 p-4" data-testid="history-entry">
            <div className="flex items-start justify-between gap-3">
              <p className="min-w-0 text-sm font-medium break-words text-zinc-700">{entry.raffle_name}</p>
              <p className="shrink-0 font-mono text-lg leading-none font-bold text-zinc-900 tabular-nums">
                <span className="sr-only">{historyTexts.ticket(entry.ticket_number)}</span>
                <span aria-hidden>#{entry.ticket_number}</span>
              </p>
            </div>
            <StatusChange from={entry.from_status} to={entry.to_status} />
            {entry.note && <p className="text-sm break-words text-zinc-700">{entry.note}</p>}
            <div className="grid gap-1 border-t border-zinc-100 pt-2 text-xs text-zinc-600">
              <p className="flex min-w-0 items-center gap-1.5">
                {entry.actor_email ? (
                  <UserRound aria-hidden className="size-3.5 shrink-0 text-zinc-400" />
                ) : (
                  <Bot aria-hidden className="size-3.5 shrink-0 text-zinc-400" />
                )}
                <span className="sr-only">{historyTexts.columns.who}: </span>
                <span className="min-w-0 truncate">{entry.actor_email ?? texts.statusChange.system}</span>
              </p>
              <p className="flex items-center gap-1.5">
                <Clock aria-hidden className="size-3.5 shrink-0 text-zinc-400" />
                <span className="sr-only">{historyTexts.columns.when}: </span>
                {formatDateTime(entry.created_at)}
              </p>
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
