import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { texts } from '@/config/texts';

// Radix Select items cannot have an empty value: "all raffles" is a value of its own.
const ALL = 'all';

type RaffleSelectProps = {
  id: string;
  /** Undefined until the list has loaded. */
  raffles: { id: string; name: string }[] | undefined;
  /** The chosen raffle's id; undefined for all of them. */
  value: string | undefined;
  onChange: (raffleId: string | undefined) => void;
  /** The option for no raffle in particular, when "Todas las rifas" is not the word (a vendedor's). */
  allLabel?: string;
  /** Shown instead of the chosen option while the list loads; the all option's label otherwise. */
  placeholder?: string;
  disabled?: boolean;
};

/** A staff filter by raffle (the history, the sales figures): one raffle or all of them. */
export function RaffleSelect({
  id,
  raffles,
  value,
  onChange,
  allLabel = texts.raffle.all,
  placeholder,
  disabled,
}: RaffleSelectProps) {
  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={id}>{texts.raffle.label}</Label>
      <Select
        value={value ?? ALL}
        onValueChange={(next) => onChange(next === ALL ? undefined : next)}
        disabled={disabled}
      >
        <SelectTrigger id={id} className="min-w-0 [&>span]:truncate">
          <SelectValue placeholder={placeholder ?? allLabel} />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>{allLabel}</SelectItem>
          {raffles?.map((raffle) => (
            <SelectItem key={raffle.id} value={raffle.id}>
              {raffle.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
