import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { texts } from '@/config/texts';

type PaginationProps = {
  /** What is paged, for screen readers: "Paginación de compradores". */
  label: string;
  page: number;
  pages: number;
  /** A page is loading: the buttons wait so a double tap does not skip one. */
  busy: boolean;
  onPageChange: (page: number) => void;
};

/** Previous/next under the list, with "Página 2 de 6". */
export function Pagination({ label, page, pages, busy, onPageChange }: PaginationProps) {
  const t = texts.pagination;
  return (
    <nav aria-label={label} className="flex items-center justify-center gap-2 sm:justify-end">
      <Button
        variant="secondary"
        size="sm"
        className="h-10"
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
        className="h-10"
        disabled={page >= pages || busy}
        onClick={() => onPageChange(page + 1)}
      >
        {t.next}
        <ChevronRight aria-hidden />
      </Button>
    </nav>
  );
}
