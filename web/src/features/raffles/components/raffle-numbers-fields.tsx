import { formatBs, parseMoneyToCents } from '@domain/money';
import { MAX_DIGIT_COUNT } from '@domain/raffles';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { Field, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useVesRate } from '@/lib/exchange-rates';
import { formTexts as t } from '../form-texts';
import { minDigitsFor, type RaffleFormInput } from '../raffle-form-schema';
import { FormSection } from './form-section';
import { PaymentTypeField } from './payment-type-field';

const DIGIT_OPTIONS = Array.from({ length: MAX_DIGIT_COUNT }, (_, i) => i + 1);
const count = new Intl.NumberFormat('es-VE');

/** Price in USD (with its Bs equivalent), how many numbers and of how many digits, how it is paid. */
export function RaffleNumbersFields({ totalLocked }: { totalLocked: boolean }) {
  const { register, control, formState, getValues, setValue } = useFormContext<RaffleFormInput>();
  const errors = formState.errors;
  const [price, total] = useWatch({ control, name: ['price', 'total_numbers'] });
  const { rate } = useVesRate();
  const priceCents = parseMoneyToCents(price);
  const totalValue = /^\d+$/.test(total) ? Number(total) : null;
  const minDigits = totalValue ? minDigitsFor(totalValue) : 1;

  // More numbers than the digits can hold: raise the digits to the minimum that fits.
  function syncDigits(nextTotal: string) {
    if (!/^\d+$/.test(nextTotal)) return;
    const needed = minDigitsFor(Number(nextTotal));
    if (Number(getValues('digit_count')) < needed)
      setValue('digit_count', String(needed), { shouldDirty: true });
  }

  return (
    <FormSection id="section-numbers" title={t.sections.numbers} description={t.sections.numbersDescription}>
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <Field
          id="raffle-price"
          label={t.price}
          error={errors.price?.message}
          hint={priceCents !== null && rate !== null ? t.priceBs(formatBs(priceCents, rate)) : t.priceHint}
        >
          <Input
            {...fieldControlProps('raffle-price', errors.price?.message, 'hint')}
            inputMode="decimal"
            placeholder={t.pricePlaceholder}
            autoComplete="off"
            {...register('price')}
          />
        </Field>
        <Field
          id="raffle-total"
          label={t.totalNumbers}
          error={errors.total_numbers?.message}
          hint={totalLocked ? t.totalLockedHint : undefined}
        >
          <Input
            {...fieldControlProps(
              'raffle-total',
              errors.total_numbers?.message,
              totalLocked ? 'hint' : undefined,
            )}
            inputMode="numeric"
            autoComplete="off"
            readOnly={totalLocked}
            className={totalLocked ? 'bg-zinc-100 text-zinc-600' : undefined}
            {...register('total_numbers', { onChange: (event) => syncDigits(event.target.value) })}
          />
        </Field>
        <Field
          id="raffle-digits"
          label={t.digitCount}
          error={errors.digit_count?.message}
          hint={totalValue ? t.digitHint(count.format(totalValue), minDigits) : undefined}
        >
          <Controller
            control={control}
            name="digit_count"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger
                  {...fieldControlProps(
                    'raffle-digits',
                    errors.digit_count?.message,
                    totalValue ? 'hint' : undefined,
                  )}
                  onBlur={field.onBlur}
                >
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {DIGIT_OPTIONS.map((digits) => (
                    <SelectItem key={digits} value={String(digits)} disabled={digits < minDigits}>
                      {t.digitOption(digits)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </Field>
      </div>
      <PaymentTypeField />
    </FormSection>
  );
}
