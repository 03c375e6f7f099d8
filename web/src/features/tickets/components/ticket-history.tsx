import { formatDateTime } from '@domain/dates';
import { Bot, UserRound } from 'lucide-react';
import { StatusChange } from '@/components/status-change';
import { Skeleton } from '@/components/ui/skeleton';
import { texts } from '@/config/texts';
import { useTicketHistory } from '../api/get-ticket-history';
import { ticketsTexts } from '../texts';

/** A number's changes, newest first: from -> to, who, when and the note. */
export function TicketHistory({ ticketId }: { ticketId: string }) {
  const t = ticketsTexts.panel;
  const history = useTicketHistory(ticketId);
  if (history.isPending) {
    return (
      <div role="status" className="grid gap-2">
        <span className="sr-only">{texts.common.loading}</span>
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-14 w-full" />
      </div>
    );
  }
  if (history.isError) return <p className="text-sm text-red-700">{t.historyError}</p>;
  if (history.data.items.length === 0) return <p className="text-sm text-zinc-600">{t.noHistory}</p>;
  return (
    <ol className="grid gap-2" data-testid="ticket-history">
      {history.data.items.map((entry) => (
        <li key={entry.id} className="grid gap-1.5 rounded-lg border border-zinc-200 bg-white p-3 text-sm">
          <StatusChange from={entry.from_status} to={entry.to_status} spellNoPrevious />
          {entry.note && <p className="break-words text-zinc-800">{entry.note}</p>}
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-zinc-600">
            <span className="inline-flex min-w-0 items-center gap-1">
              {entry.actor_email ? (
                <UserRound aria-hidden className="size-3.5 shrink-0 text-zinc-400" />
              ) : (
                <Bot aria-hidden className="size-3.5 shrink-0 text-zinc-400" />
              )}
              <span className="sr-only">{t.who}: </span>
              <span className="min-w-0 break-all">{entry.actor_email ?? texts.statusChange.system}</span>
            </span>
            <span>
              <span className="sr-only">{t.when}: </span>
              {formatDateTime(entry.created_at)}
            </span>
          </p>
        </li>
      ))}
    </ol>
  );
}
