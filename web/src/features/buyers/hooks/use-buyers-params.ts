import { useSearchParams } from 'react-router';

const SEARCH = 'buscar';
const PAGE = 'pagina';

const toPage = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

/** The buyers list's search and page live in the URL: shareable, and the back button works. */
export function useBuyersParams() {
  const [params, setParams] = useSearchParams();
  const search = params.get(SEARCH)?.trim() ?? '';
  const page = toPage(params.get(PAGE));

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

  /** Paging adds a history entry (back returns to the previous page) unless `replace`. */
  function setPage(next: number, options: { replace?: boolean } = {}) {
    setParams((current) => {
      if (next > 1) current.set(PAGE, String(next));
      else current.delete(PAGE);
      return current;
    }, options);
  }

  return { search, page, setSearch, setPage };
}
