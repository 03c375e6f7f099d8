import type { Raffle } from '@domain/raffles';
import { DayRangeFilter, isBackwardsDayRange } from '@/components/day-range-filter';
import { FiltersPanel } from '@/components/filters-panel';
import { RaffleSelect } from '@/components/raffle-select';
import { auditTexts } from '../texts';
import { TextFilter } from './text-filter';

type FilterKey = 'raffleId' | 'actor' | 'action' | 'from' | 'to';
type AuditFiltersProps = {
  raffles: Raffle[] | undefined;
  rafflesLoading: boolean;
  raffleId?: string;
  actor?: string;
  action?: string;
  from?: string;
  to?: string;
  hasFilters: boolean;
  onChange: (key: FilterKey, value: string | undefined) => void;
  onClear: () => void;
};

/** Raffle, who, what and a range of Caracas days; all kept in the URL by the page. */
export function AuditFilters(props: AuditFiltersProps) {
  const t = auditTexts.filters;
  const { raffleId, from, to, onChange } = props;
  return (
    <FiltersPanel
      label={t.label}
      columnsClassName="lg:grid-cols-[minmax(0,1.6fr)_minmax(0,1.2fr)_minmax(0,1.2fr)_minmax(0,1fr)_minmax(0,1fr)]"
      warning={isBackwardsDayRange(from, to) && t.badRange}
      hasFilters={props.hasFilters}
      clearLabel={t.clear}
      onClear={props.onClear}
    >
      <RaffleSelect
        id="audit-raffle"
        raffles={props.raffles}
        value={raffleId}
        onChange={(id) => onChange('raffleId', id)}
        placeholder={props.rafflesLoading ? t.rafflesLoading : undefined}
        disabled={props.rafflesLoading && !props.raffles}
      />
      <TextFilter
        id="audit-actor"
        label={t.actor}
        placeholder={t.actorPlaceholder}
        value={props.actor ?? ''}
        onChange={(value) => onChange('actor', value)}
      />
      <TextFilter
        id="audit-action"
        label={t.action}
        placeholder={t.actionPlaceholder}
        value={props.action ?? ''}
        onChange={(value) => onChange('action', value)}
      />
      <DayRangeFilter id="audit" from={from} to={to} texts={t} onChange={onChange} />
    </FiltersPanel>
  );
}
