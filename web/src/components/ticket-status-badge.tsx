import { isTicketStatus, ticketStatusLabels } from '@domain/tickets';
import { Badge } from '@/components/ui/badge';

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** "Apartado", "Pagado"…: the status's name as a badge or a label shows it. */
export const ticketStatusName = (status: string) =>
  capitalize(isTicketStatus(status) ? ticketStatusLabels[status] : status);

/** A ticket status in its colour and, always, by name (UX: never colour alone). */
export function TicketStatusBadge({ status, className }: { status: string; className?: string }) {
  return (
    <Badge variant={isTicketStatus(status) ? status : 'neutral'} className={className}>
      {ticketStatusName(status)}
    </Badge>
  );
}
