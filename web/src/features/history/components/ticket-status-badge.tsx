import { isTicketStatus, ticketStatusLabels } from '@domain/tickets';
import { Badge } from '@/components/ui/badge';
import { historyTexts } from '../texts';

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A ticket status in its colour and, always, by name; null (a ticket's first change) is "—". */
export function TicketStatusBadge({ status }: { status: string | null }) {
  if (status === null) {
    return (
      <span className="px-1 text-zinc-400" title={historyTexts.noPreviousLabel}>
        <span aria-hidden>{historyTexts.noPrevious}</span>
        <span className="sr-only">{historyTexts.noPreviousLabel}</span>
      </span>
    );
  }
  if (!isTicketStatus(status)) return <Badge>{capitalize(status)}</Badge>;
  return <Badge variant={status}>{capitalize(ticketStatusLabels[status])}</Badge>;
}
