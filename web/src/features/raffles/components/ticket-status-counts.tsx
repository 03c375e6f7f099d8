import type { RaffleCounts } from '@domain/raffles';
import { TICKET_STATUSES, ticketStatusLabels } from '@domain/tickets';
import { cn } from '@/lib/cn';
import { dashboardTexts } from '../dashboard-texts';

const dots: Record<(typeof TICKET_STATUSES)[number], string> = {
  disponible: 'border-status-disponible-border bg-status-disponible',
  apartado: 'border-status-apartado-border bg-status-apartado',
  abonado: 'border-status-abonado-border bg-status-abonado',
  pagado: 'border-status-pagado-border bg-status-pagado',
  cancelado: 'border-status-cancelado-border bg-status-cancelado',
};
const count = new Intl.NumberFormat('es-VE');
const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** How many numbers are in each status, each with its colour and its name (never colour alone). */
export function TicketStatusCounts({ stats }: { stats: RaffleCounts }) {
  return (
    <dl aria-label={dashboardTexts.card.countsLabel} className="flex flex-wrap gap-x-4 gap-y-1.5 text-sm">
      {TICKET_STATUSES.map((status) => (
        <div key={status} className="flex items-center gap-1.5">
          <dt className="flex items-center gap-1.5 text-zinc-600">
            <span aria-hidden className={cn('size-2.5 rounded-full border', dots[status])} />
            {capitalize(ticketStatusLabels[status])}
          </dt>
          <dd className="font-medium text-zinc-900 tabular-nums">{count.format(stats[status])}</dd>
        </div>
      ))}
    </dl>
  );
}
