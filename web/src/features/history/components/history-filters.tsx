import type { Raffle } from '@domain/raffles';
import { TICKET_STATUSES, type TicketStatus, ticketStatusLabels } from '@domain/tickets';
import { FilterX } from 'lucide-react';
import { RaffleSelect } from '@/components/raffle-select';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
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
    <fieldset className="grid gap-3 rounded-[var(--radius-card)] border border-zinc-200 bg-white p-3 shadow-[var(--shadow-card)] sm:p-4">
      <legend className="sr-only">{t.label}</legend>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1.3fr)_minmax(0,1fr)_minmax(0,1fr)]">
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
        <div className="grid grid-cols-2 gap-3 sm:col-span-2 lg:col-span-2">
          <div className="grid gap-1.5">
            <Label htmlFor="history-from">{t.from}</Label>
            <Input
              id="history-from"
              type="date"
              value={from ?? ''}
              max={to}
              onChange={(event) => onChange('from', event.target.value || undefined)}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="history-to">{t.to}</Label>
            <Input
              id="history-to"
              type="date"
              value={to ?? ''}
              min={from}
              onChange={(event) => onChange('to', event.target.value || undefined)}
            />
          </div>
        </div>
      </div>
      {from && to && from > to && (
        <p role="alert" className="text-sm text-amber-800">
          {t.badRange}
        </p>
      )}
      {props.hasFilters && (
        <Button variant="ghost" size="sm" className="h-10 justify-self-start" onClick={props.onClear}>
          <FilterX aria-hidden />
          {t.clear}
        </Button>
      )}
    </fieldset>
  );
}
