import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

type DayRangeFilterProps = {
  /** Prefix of the inputs' ids: `${id}-from`, `${id}-to`. */
  id: string;
  from?: string;
  to?: string;
  texts: { from: string; to: string };
  onChange: (key: 'from' | 'to', value: string | undefined) => void;
};

/** A range of Caracas days ("YYYY-MM-DD"), either end optional; each date picker stops at the other end. */
export function DayRangeFilter({ id, from, to, texts, onChange }: DayRangeFilterProps) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:col-span-2 lg:col-span-2">
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-from`}>{texts.from}</Label>
        <Input
          id={`${id}-from`}
          type="date"
          value={from ?? ''}
          max={to}
          onChange={(event) => onChange('from', event.target.value || undefined)}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-to`}>{texts.to}</Label>
        <Input
          id={`${id}-to`}
          type="date"
          value={to ?? ''}
          min={from}
          onChange={(event) => onChange('to', event.target.value || undefined)}
        />
      </div>
    </div>
  );
}

/** A range whose start is after its end matches nothing: the filters say so instead of an empty list alone. */
export const isBackwardsDayRange = (from?: string, to?: string) => Boolean(from && to && from > to);
