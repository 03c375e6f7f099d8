import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ticketsTexts } from '../texts';

type TicketsPaginationProps = {
  page: number;
  pages: number;
  /** A page is loading: the buttons wait so a double tap does not skip one. */
  busy: boolean;
  onPageChange: (page: number) => void;
};

/** Previous/next under the list, with "Página 2 de 6". */
export function TicketsPagination({ page, pages, busy, onPageChange }: TicketsPaginationProps) {
  const t = ticketsTexts.pagination;
  return (
    <nav aria-label={t.label} className="flex items-center justify-center gap-2 sm:justify-end">
      <Button
        variant="secondary"
        size="sm"
        disabled={page <= 1 || busy}
        onClick={() => onPageChange(page - 1)}
      >
        <ChevronLeft aria-hidden />
        {t.previous}
      </Button>
      <span className="text-sm whitespace-nowrap text-zinc-700 tabular-nums">{t.page(page, pages)}</span>
      <Button
        variant="secondary"
        size="sm"
        disabled={page >= pages || busy}
        onClick={() => onPageChange(page + 1)}
      >
        {t.next}
        <ChevronRight aria-hidden />
      </Button>
    </nav>
  );
}
