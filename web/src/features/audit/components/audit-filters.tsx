import type { Raffle } from '@domain/raffles';
import { FilterX } from 'lucide-react';
import { RaffleSelect } from '@/components/raffle-select';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
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
    <fieldset className="grid gap-3 rounded-[var(--radius-card)] border border-zinc-200 bg-white p-3 shadow-[var(--shadow-card)] sm:p-4">
      <legend className="sr-only">{t.label}</legend>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1.6fr)_minmax(0,1.2fr)_minmax(0,1.2fr)_minmax(0,1fr)_minmax(0,1fr)]">
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
        <div className="grid grid-cols-2 gap-3 sm:col-span-2 lg:col-span-2">
          <div className="grid gap-1.5">
            <Label htmlFor="audit-from">{t.from}</Label>
            <Input
              id="audit-from"
              type="date"
              value={from ?? ''}
              max={to}
              onChange={(event) => onChange('from', event.target.value || undefined)}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="audit-to">{t.to}</Label>
            <Input
              id="audit-to"
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
