import { lotteryRuleOptions } from '@domain/draw-terms';
import { Controller, useFormContext } from 'react-hook-form';
import { Field, fieldControlProps } from '@/components/ui/field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { formTexts } from '../form-texts';
import type { RaffleFormInput } from '../raffle-form-schema';

const lockedLook = 'bg-zinc-100 text-zinc-600 disabled:opacity-100';

/**
 * Which of the lottery's published prizes decides a raffle prize (its last digits): the main
 * source's rule and each additional prize's use the same choices (domain/draw-terms.ts).
 */
export function LotteryRuleSelect({
  id,
  name,
  error,
  hint,
  locked,
}: {
  id: string;
  name: 'draw_rule' | `prizes.${number}.draw_rule`;
  error?: string;
  hint?: string;
  locked: boolean;
}) {
  const { control } = useFormContext<RaffleFormInput>();
  return (
    <Field id={id} label={formTexts.source.rule} error={error} hint={hint}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Select value={String(field.value)} onValueChange={field.onChange} disabled={locked}>
            <SelectTrigger
              {...fieldControlProps(id, error, hint ? 'hint' : undefined)}
              onBlur={field.onBlur}
              className={locked ? lockedLook : undefined}
            >
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {lotteryRuleOptions.map((option) => (
                <SelectItem key={option.rule} value={option.rule}>
                  {option.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
    </Field>
  );
}
