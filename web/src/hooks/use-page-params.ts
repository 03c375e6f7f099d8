import { useSearchParams } from 'react-router';

const SEARCH = 'buscar';
const PAGE = 'pagina';

/** `?pagina=` as a page number from 1; anything a hand-edited URL may carry otherwise is page 1. */
const toPage = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

type NavigateOptions = { replace?: boolean };

/**
 * A paged list's search, page and filters live in the URL (`?buscar=&pagina=`): a link to the list
 * is shareable, and the back button returns to the previous page or filter.
 */
export function usePageParams() {
  const [params, setParams] = useSearchParams();
  const search = params.get(SEARCH)?.trim() ?? '';
  const page = toPage(params.get(PAGE));

  /** A new filter is a history entry (unless `replace`) and starts again on page 1. */
  function setFilter(name: string, value: string | undefined, options?: NavigateOptions) {
    setParams((current) => {
      if (value) current.set(name, value);
      else current.delete(name);
      current.delete(PAGE);
      return current;
    }, options);
  }

  /** Typing replaces the history entry (no entry per keystroke) and goes back to page 1. */
  const setSearch = (next: string) => setFilter(SEARCH, next.trim() || undefined, { replace: true });

  /** Paging adds a history entry (back returns to the previous page) unless `replace`. */
  function setPage(next: number, options: NavigateOptions = {}) {
    setParams((current) => {
      if (next > 1) current.set(PAGE, String(next));
      else current.delete(PAGE);
      return current;
    }, options);
  }

  function clear() {
    setParams(new URLSearchParams());
  }

  return { params, search, page, setFilter, setSearch, setPage, clear };
}
