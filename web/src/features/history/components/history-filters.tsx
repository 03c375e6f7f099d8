import type { Raffle } from '@domain/raffles';
import { TICKET_STATUSES, type TicketStatus, ticketStatusLabels } from '@domain/tickets';
import { DayRangeFilter, isBackwardsDayRange } from '@/components/day-range-filter';
import { FiltersPanel } from '@/components/filters-panel';
import { RaffleSelect } from '@/components/raffle-select';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { historyTexts } from '../texts';

// Radix Select items cannot have an empty value: "all statuses" is a value of its own.
const ALL = 'todos';

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

type HistoryFiltersProps = {
  raffles: Raffle[] | undefined;
  rafflesLoading: boolean;
  raffleId?: string;
  status?: TicketStatus;
  from?: string;
  to?: string;
  hasFilters: boolean;
  onChange: (key: 'raffleId' | 'status' | 'from' | 'to', value: string | undefined) => void;
  onClear: () => void;
};

/** Raffle, the status a change led to, and a range of Caracas days; all kept in the URL by the page. */
export function HistoryFilters(props: HistoryFiltersProps) {
  const t = historyTexts.filters;
  const { raffles, raffleId, status, from, to, onChange } = props;
  return (
    <FiltersPanel
      label={t.label}
      columnsClassName="lg:grid-cols-[minmax(0,2fr)_minmax(0,1.3fr)_minmax(0,1fr)_minmax(0,1fr)]"
      warning={isBackwardsDayRange(from, to) && t.badRange}
      hasFilters={props.hasFilters}
      clearLabel={t.clear}
      onClear={props.onClear}
    >
      <RaffleSelect
        id="history-raffle"
        raffles={raffles}
        value={raffleId}
        onChange={(id) => onChange('raffleId', id)}
        placeholder={props.rafflesLoading ? t.rafflesLoading : undefined}
        disabled={props.rafflesLoading && !raffles}
      />
      <div className="grid gap-1.5">
        <Label htmlFor="history-status">{t.status}</Label>
        <Select
          value={status ?? ALL}
          onValueChange={(value) => onChange('status', value === ALL ? undefined : value)}
        >
          <SelectTrigger id="history-status">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>{t.allStatuses}</SelectItem>
            {TICKET_STATUSES.map((value) => (
              <SelectItem key={value} value={value}>
                {capitalize(ticketStatusLabels[value])}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <DayRangeFilter id="history" from={from} to={to} texts={t} onChange={onChange} />
    </FiltersPanel>
  );
}
