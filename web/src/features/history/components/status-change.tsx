import { ArrowRight } from 'lucide-react';
import { cn } from '@/lib/cn';
import { historyTexts } from '../texts';
import { TicketStatusBadge } from './ticket-status-badge';

/** "Apartado → Pagado", read as "Apartado pasó a Pagado". */
export function StatusChange({ from, to, wrap = true }: { from: string | null; to: string; wrap?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-1.5', wrap ? 'flex-wrap' : 'whitespace-nowrap')}>
      <TicketStatusBadge status={from} />
      <ArrowRight aria-hidden className="size-3.5 shrink-0 text-zinc-400" />
      <span className="sr-only">{historyTexts.changedTo}</span>
      <TicketStatusBadge status={to} />
    </span>
  );
}
