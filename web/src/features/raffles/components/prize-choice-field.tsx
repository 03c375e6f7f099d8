import { Field } from '@/components/ui/field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { dashboardTexts } from '../dashboard-texts';
import type { PrizeChoice } from '../prize-choices';

/** Which prize a lottery result decides (decision 042), in the register dialog. */
export function PrizeChoiceField({
  choices,
  value,
  onChange,
}: {
  choices: PrizeChoice[];
  value: number;
  onChange: (position: number) => void;
}) {
  return (
    <Field id="lottery-result-prize" label={dashboardTexts.draw.prize}>
      <Select value={String(value)} onValueChange={(v) => onChange(Number(v))}>
        <SelectTrigger id="lottery-result-prize">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {choices.map((c) => (
            <SelectItem key={c.position} value={String(c.position)}>
              {c.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </Field>
  );
}
