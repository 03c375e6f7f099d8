import { useSearchParams } from 'react-router';
import { DEFAULT_STATUS_FILTER, parseStatusFilter, type StatusFilter } from '../status-filter';

const STATUS = 'estado';
const SEARCH = 'buscar';
const PAGE = 'pagina';

const toPage = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

/** The list's status chip, search and page live in the URL: shareable, and the back button works. */
export function useTicketsParams() {
  const [params, setParams] = useSearchParams();
  const status = parseStatusFilter(params.get(STATUS));
  const search = params.get(SEARCH)?.trim() ?? '';
  const page = toPage(params.get(PAGE));

  /** A chip is a history entry (back returns to the previous one) and starts again on page 1. */
  function setStatus(next: StatusFilter) {
    setParams((current) => {
      if (next === DEFAULT_STATUS_FILTER) current.delete(STATUS);
      else current.set(STATUS, next);
      current.delete(PAGE);
      return current;
    });
  }

  /** Typing replaces the history entry (no entry per keystroke) and goes back to page 1. */
  function setSearch(next: string) {
    setParams(
      (current) => {
        const value = next.trim();
        if (value) current.set(SEARCH, value);
        else current.delete(SEARCH);
        current.delete(PAGE);
        return current;
      },
      { replace: true },
    );
  }

  /** Paging adds a history entry unless `replace`. */
  function setPage(next: number, options: { replace?: boolean } = {}) {
    setParams((current) => {
      if (next > 1) current.set(PAGE, String(next));
      else current.delete(PAGE);
      return current;
    }, options);
  }

  function clear() {
    setParams(new URLSearchParams());
  }

  return { status, search, page, setStatus, setSearch, setPage, clear };
}
