import { usePageParams } from '@/hooks/use-page-params';

const RAFFLE = 'rifa';
const ACTOR = 'quien';
const ACTION = 'accion';
const FROM = 'desde';
const TO = 'hasta';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type FilterKey = 'raffleId' | 'actor' | 'action' | 'from' | 'to';
const PARAM: Record<FilterKey, string> = {
  raffleId: RAFFLE,
  actor: ACTOR,
  action: ACTION,
  from: FROM,
  to: TO,
};
/** Typed filters replace the history entry (none per keystroke); chosen ones add one. */
const TYPED: FilterKey[] = ['actor', 'action'];

/** Values a hand-edited URL may carry that the API would reject are ignored, not sent. */
const valid = (value: string | null, ok: (v: string) => boolean) =>
  value !== null && ok(value) ? value : undefined;
const text = (value: string | null) => valid(value, (v) => v.trim().length > 0 && v.length <= 200);

/** The audit log's filters and page live in the URL: shareable, and the back button works. */
export function useAuditParams() {
  const { params, page, setPage, setFilter: setParam, clear } = usePageParams();
  const current = {
    raffleId: valid(params.get(RAFFLE), (v) => UUID.test(v)),
    actor: text(params.get(ACTOR)),
    action: text(params.get(ACTION)),
    from: valid(params.get(FROM), (v) => DAY.test(v)),
    to: valid(params.get(TO), (v) => DAY.test(v)),
    page,
  };
  /** A new filter starts again on page 1. */
  const setFilter = (key: FilterKey, value: string | undefined) =>
    setParam(PARAM[key], value || undefined, { replace: TYPED.includes(key) });
  const hasFilters = Boolean(
    current.raffleId || current.actor || current.action || current.from || current.to,
  );
  return { ...current, hasFilters, setFilter, setPage, clear };
}
