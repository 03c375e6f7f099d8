import { TicketStatusBadge as StatusBadge } from '@/components/ticket-status-badge';
import { historyTexts } from '../texts';

/** A ticket status as everywhere, except that null (a ticket's first change) reads "—". */
export function TicketStatusBadge({ status }: { status: string | null }) {
  if (status === null) {
    return (
      <span className="px-1 text-zinc-400" title={historyTexts.noPreviousLabel}>
        <span aria-hidden>{historyTexts.noPrevious}</span>
        <span className="sr-only">{historyTexts.noPreviousLabel}</span>
      </span>
    );
  }
  return <StatusBadge status={status} />;
}
