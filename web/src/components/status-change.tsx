import { ArrowRight } from 'lucide-react';
import { TicketStatusBadge } from '@/components/ticket-status-badge';
import { texts } from '@/config/texts';
import { cn } from '@/lib/cn';

type StatusChangeProps = {
  /** Null on a ticket's first change: it had no status before. */
  from: string | null;
  to: string;
  /** False in a table cell, where the change stays on one line. */
  wrap?: boolean;
  /** Where there is room, the missing status is said in words; in lists and tables it is a dash. */
  spellNoPrevious?: boolean;
};

/** "Apartado → Pagado", read as "Apartado pasó a Pagado" (the history, a number's changes). */
export function StatusChange({ from, to, wrap = true, spellNoPrevious = false }: StatusChangeProps) {
  const t = texts.statusChange;
  return (
    <span className={cn('inline-flex items-center gap-1.5', wrap ? 'flex-wrap' : 'whitespace-nowrap')}>
      {from !== null ? (
        <TicketStatusBadge status={from} />
      ) : spellNoPrevious ? (
        <span className="text-xs text-zinc-500">{t.noPrevious}</span>
      ) : (
        <span className="px-1 text-zinc-400" title={t.noPrevious}>
          <span aria-hidden>—</span>
          <span className="sr-only">{t.noPrevious}</span>
        </span>
      )}
      <ArrowRight aria-hidden className="size-3.5 shrink-0 text-zinc-400" />
      <span className="sr-only">{t.changedTo}</span>
      <TicketStatusBadge status={to} />
    </span>
  );
}
