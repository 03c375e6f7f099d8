import { TICKET_STATUSES, type TicketStatus } from '@domain/tickets';
import { useSearchParams } from 'react-router';

const RAFFLE = 'rifa';
const STATUS = 'estado';
const FROM = 'desde';
const TO = 'hasta';
const PAGE = 'pagina';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type HistoryParams = {
  raffleId?: string;
  status?: TicketStatus;
  from?: string;
  to?: string;
  page: number;
};

type FilterKey = 'raffleId' | 'status' | 'from' | 'to';
const PARAM: Record<FilterKey, string> = { raffleId: RAFFLE, status: STATUS, from: FROM, to: TO };

/** Values a hand-edited URL may carry that the API would reject are ignored, not sent. */
const valid = <T extends string>(value: string | null, ok: (v: string) => boolean) =>
  value !== null && ok(value) ? (value as T) : undefined;

/** The history's filters and page live in the URL: shareable, and the back button works. */
export function useHistoryParams() {
  const [params, setParams] = useSearchParams();
  const page = Number(params.get(PAGE));
  const current: HistoryParams = {
    raffleId: valid(params.get(RAFFLE), (v) => UUID.test(v)),
    status: valid<TicketStatus>(params.get(STATUS), (v) =>
      (TICKET_STATUSES as readonly string[]).includes(v),
    ),
    from: valid(params.get(FROM), (v) => DAY.test(v)),
    to: valid(params.get(TO), (v) => DAY.test(v)),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };

  /** A new filter starts again on page 1. */
  function setFilter(key: FilterKey, value: string | undefined) {
    setParams((next) => {
      if (value) next.set(PARAM[key], value);
      else next.delete(PARAM[key]);
      next.delete(PAGE);
      return next;
    });
  }

  /** Paging adds a history entry (back returns to the previous page) unless `replace`. */
  function setPage(value: number, options: { replace?: boolean } = {}) {
    setParams((next) => {
      if (value > 1) next.set(PAGE, String(value));
      else next.delete(PAGE);
      return next;
    }, options);
  }

  function clear() {
    setParams(new URLSearchParams());
  }

  const hasFilters = Boolean(current.raffleId || current.status || current.from || current.to);
  return { ...current, hasFilters, setFilter, setPage, clear };
}
