import { TICKET_STATUSES, type TicketStatus } from '@domain/tickets';
import { usePageParams } from '@/hooks/use-page-params';

const RAFFLE = 'rifa';
const STATUS = 'estado';
const FROM = 'desde';
const TO = 'hasta';

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
  const { params, page, setPage, setFilter: setParam, clear } = usePageParams();
  const current: HistoryParams = {
    raffleId: valid(params.get(RAFFLE), (v) => UUID.test(v)),
    status: valid<TicketStatus>(params.get(STATUS), (v) =>
      (TICKET_STATUSES as readonly string[]).includes(v),
    ),
    from: valid(params.get(FROM), (v) => DAY.test(v)),
    to: valid(params.get(TO), (v) => DAY.test(v)),
    page,
  };

  /** A new filter starts again on page 1. */
  const setFilter = (key: FilterKey, value: string | undefined) => setParam(PARAM[key], value);

  const hasFilters = Boolean(current.raffleId || current.status || current.from || current.to);
  return { ...current, hasFilters, setFilter, setPage, clear };
}
