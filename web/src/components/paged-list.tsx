import type { ReactNode } from 'react';
import { Pagination } from '@/components/pagination';
import { pageCount } from '@/hooks/use-clamped-page';
import { cn } from '@/lib/cn';

type PagedListProps = {
  /** What the list holds, for screen readers: "Compradores". */
  label: string;
  texts: {
    paginationLabel: string;
    /** "Mostrando 26–50 de 120 compradores", when there is more than one page. */
    showing: (from: number, to: number, total: number) => string;
    /** "120 compradores", when they all fit on one page. */
    total: (count: number) => string;
  };
  page: number;
  perPage: number;
  count: number;
  /** The next page is loading: the current one stays, dimmed, and the pager waits. */
  busy: boolean;
  onPageChange: (page: number) => void;
  children: ReactNode;
};

/** One page of a long staff list: how many there are, the rows, and the pager under them. */
export function PagedList({ label, texts: t, page, perPage, count, busy, ...props }: PagedListProps) {
  const pages = pageCount(count, perPage);
  return (
    <section aria-label={label} aria-busy={busy || undefined} className="grid gap-3">
      <p className="text-sm text-zinc-600" aria-live="polite">
        {count > perPage
          ? t.showing((page - 1) * perPage + 1, Math.min(count, page * perPage), count)
          : t.total(count)}
      </p>
      <div className={cn('transition-opacity', busy && 'opacity-60')}>{props.children}</div>
      {pages > 1 && (
        <Pagination
          label={t.paginationLabel}
          page={page}
          pages={pages}
          busy={busy}
          onPageChange={(next) => {
            props.onPageChange(next);
            // The pager sits under the list: the new page is read from its top.
            window.scrollTo({ top: 0 });
          }}
        />
      )}
    </section>
  );
}
