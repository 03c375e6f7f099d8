import { usePageParams } from '@/hooks/use-page-params';
import { DEFAULT_STATUS_FILTER, parseStatusFilter, type StatusFilter } from '../status-filter';

const STATUS = 'estado';

/** The list's search and page (as every paged list), plus its status chip, live in the URL. */
export function useTicketsParams() {
  const { params, setFilter, ...list } = usePageParams();
  const status = parseStatusFilter(params.get(STATUS));

  /** A chip is a history entry (back returns to the previous one) and starts again on page 1. */
  const setStatus = (next: StatusFilter) =>
    setFilter(STATUS, next === DEFAULT_STATUS_FILTER ? undefined : next);

  return { ...list, status, setStatus };
}
