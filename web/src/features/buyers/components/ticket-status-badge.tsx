import { isTicketStatus, ticketStatusLabels } from '@domain/tickets';
import { Badge } from '@/components/ui/badge';

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A ticket status in its colour and, always, by name. */
export function TicketStatusBadge({ status }: { status: string }) {
  if (!isTicketStatus(status)) return <Badge>{capitalize(status)}</Badge>;
  return <Badge variant={status}>{capitalize(ticketStatusLabels[status])}</Badge>;
}
