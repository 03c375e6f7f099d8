import { useEffect } from 'react';

/** How many pages `count` rows make at `perPage` a page; an empty list still shows page 1. */
export const pageCount = (count: number, perPage: number) => Math.max(1, Math.ceil(count / perPage));

type PagedQuery = { data?: { count: number }; isPlaceholderData: boolean };

type PageState = {
  page: number;
  setPage: (page: number, options?: { replace?: boolean }) => void;
};

/**
 * A shared link to a page that no longer exists (the list has shrunk since) lands on the last one.
 * It replaces the history entry, so back does not return to the empty page. The previous page's
 * rows, shown while the next one loads, say nothing about its length: only a settled answer counts.
 */
export function useClampedPage(query: PagedQuery, perPage: number, { page, setPage }: PageState) {
  const count = query.data?.count;
  const last = count === undefined || query.isPlaceholderData ? null : pageCount(count, perPage);
  useEffect(() => {
    if (last !== null && page > last) setPage(last, { replace: true });
  }, [last, page, setPage]);
}
