import { formatBs, parseMoneyToCents } from '@domain/money';
import { lifecycleMessages } from '@domain/raffle-lifecycle';
import { MAX_DIGIT_COUNT } from '@domain/raffles';
import { TriangleAlert } from 'lucide-react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { Field, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useVesRate } from '@/lib/exchange-rates';
import { formTexts as t } from '../form-texts';
import { minDigitsFor, type RaffleFormInput } from '../raffle-form-schema';
import { FormSection } from './form-section';
import { PaymentTypeField } from './payment-type-field';

/** An amber note the nearby control points at (aria-describedby). */
function Notice({ id, children }: { id: string; children: string }) {
  return (
    <p
      id={id}
      className="flex gap-2 rounded-lg border border-amber-200 bg-amber-50 p-2.5 text-sm text-amber-900"
    >
      <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}

/** The control's description plus a warning beside it. */
const withWarning = <P extends { 'aria-describedby'?: string }>(props: P, warningId: string | null): P =>
  warningId
    ? { ...props, 'aria-describedby': [props['aria-describedby'], warningId].filter(Boolean).join(' ') }
    : props;

const DIGIT_OPTIONS = Array.from({ length: MAX_DIGIT_COUNT }, (_, i) => i + 1);
const count = new Intl.NumberFormat('es-VE');

type RaffleNumbersFieldsProps = {
  /** Some number is taken now: a new price applies to new sales only. */
  hasSales: boolean;
  /**
   * A number was ever taken (or the raffle closed): size, digits, payment type and installments
   * are read-only, each saying why (the server answers 409 TERMS_LOCKED to a change).
   */
  termsLocked: boolean;
  /** Cerrada or finalizada: the terms the numbers were sold under, the price too, no longer change. */
  closed: boolean;
};

/** Price in USD (with its Bs equivalent), how many numbers and of how many digits, how it is paid. */
export function RaffleNumbersFields({ hasSales, termsLocked, closed }: RaffleNumbersFieldsProps) {
  const locked = termsLocked || closed;
  const lockedHint = closed ? t.closedLockedHint : t.termsLockedHint;
  const { register, control, formState, getValues, setValue } = useFormContext<RaffleFormInput>();
  const errors = formState.errors;
  const [price, total] = useWatch({ control, name: ['price', 'total_numbers'] });
  const { rate } = useVesRate();
  const priceCents = parseMoneyToCents(price);
  const totalValue = /^\d+$/.test(total) ? Number(total) : null;
  const minDigits = totalValue ? minDigitsFor(totalValue) : 1;
  const priceWarning = hasSales && !closed ? 'raffle-price-warning' : null;
  const digitHint = locked
    ? lockedHint
    : totalValue
      ? t.digitHint(count.format(totalValue), minDigits)
      : undefined;

  // More numbers than the digits can hold: raise the digits to the minimum that fits.
  function syncDigits(nextTotal: string) {
    if (!/^\d+$/.test(nextTotal)) return;
    const needed = minDigitsFor(Number(nextTotal));
    if (Number(getValues('digit_count')) < needed)
      setValue('digit_count', String(needed), { shouldDirty: true });
  }

  return (
    <FormSection id="section-numbers" title={t.sections.numbers} description={t.sections.numbersDescription}>
      {closed && <Notice id="raffle-terms-frozen">{lifecycleMessages.termsFrozen}</Notice>}
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <div className="grid gap-2">
          <Field
            id="raffle-price"
            label={t.price}
            error={errors.price?.message}
            hint={priceCents !== null && rate !== null ? t.priceBs(formatBs(priceCents, rate)) : t.priceHint}
          >
            <Input
              {...withWarning(fieldControlProps('raffle-price', errors.price?.message, 'hint'), priceWarning)}
              inputMode="decimal"
              placeholder={t.pricePlaceholder}
              autoComplete="off"
              readOnly={closed}
              className={closed ? 'bg-zinc-100 text-zinc-600' : undefined}
              {...register('price')}
            />
          </Field>
          {priceWarning && <Notice id={priceWarning}>{t.priceChangeWarning}</Notice>}
        </div>
        <Field
          id="raffle-total"
          label={t.totalNumbers}
          error={errors.total_numbers?.message}
          hint={locked ? lockedHint : undefined}
        >
          <Input
            {...fieldControlProps('raffle-total', errors.total_numbers?.message, locked ? 'hint' : undefined)}
            inputMode="numeric"
            autoComplete="off"
            readOnly={locked}
            className={locked ? 'bg-zinc-100 text-zinc-600' : undefined}
            {...register('total_numbers', { onChange: (event) => syncDigits(event.target.value) })}
          />
        </Field>
        <Field id="raffle-digits" label={t.digitCount} error={errors.digit_count?.message} hint={digitHint}>
          <Controller
            control={control}
            name="digit_count"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange} disabled={locked}>
                <SelectTrigger
                  {...fieldControlProps(
                    'raffle-digits',
                    errors.digit_count?.message,
                    digitHint ? 'hint' : undefined,
                  )}
                  onBlur={field.onBlur}
                  className={locked ? 'bg-zinc-100 text-zinc-600 disabled:opacity-100' : undefined}
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
      <PaymentTypeField lockedHint={locked ? lockedHint : null} />
    </FormSection>
  );
}
