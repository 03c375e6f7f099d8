import { PAYMENT_TYPES, paymentTypeLabels } from '@domain/raffles';
import { useFormContext, useWatch } from 'react-hook-form';
import { Field, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { formTexts as t } from '../form-texts';
import type { RaffleFormInput } from '../raffle-form-schema';

const HINT_ID = 'raffle-payment-type-hint';

/**
 * Pago único or cuotas as two radio cards; the number of installments only for cuotas.
 * `lockedHint`: why both are read-only (numbers were sold under them, or the raffle closed; the
 * server refuses a change), or null when they may change.
 */
export function PaymentTypeField({ lockedHint = null }: { lockedHint?: string | null }) {
  const locked = lockedHint !== null;
  const { register, control, formState } = useFormContext<RaffleFormInput>();
  const errors = formState.errors;
  const paymentType = useWatch({ control, name: 'payment_type' });
  return (
    <div className="grid items-start gap-5 sm:grid-cols-2">
      <fieldset className="grid gap-2 sm:col-span-2" aria-describedby={locked ? HINT_ID : undefined}>
        <legend className="mb-2 text-sm leading-none font-medium text-zinc-800">{t.paymentType}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {PAYMENT_TYPES.map((type) => (
            <label
              key={type}
              className={cn(
                'flex gap-3 rounded-lg border p-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
                locked ? 'cursor-not-allowed' : 'cursor-pointer',
                paymentType === type
                  ? locked
                    ? 'border-zinc-400 bg-zinc-100'
                    : 'border-brand-600 bg-brand-50'
                  : locked
                    ? 'border-zinc-200 bg-zinc-50'
                    : 'border-zinc-300 bg-white hover:bg-zinc-50',
              )}
            >
              <input
                type="radio"
                value={type}
                // Disabled, not unregistered: the form still sends the unchanged value.
                disabled={locked}
                className="mt-0.5 size-4 accent-brand-700 disabled:accent-zinc-500"
                {...register('payment_type')}
              />
              <span className="grid gap-0.5">
                <span className="text-sm font-medium text-zinc-900">{paymentTypeLabels[type]}</span>
                <span className="text-xs text-zinc-600">{t.paymentTypeHints[type]}</span>
              </span>
            </label>
          ))}
        </div>
        {locked && (
          <p id={HINT_ID} className="text-xs text-zinc-500">
            {lockedHint}
          </p>
        )}
      </fieldset>
      {paymentType === 'cuotas' && (
        <Field
          id="raffle-installments"
          label={t.installments}
          error={errors.installments?.message}
          hint={lockedHint ?? undefined}
        >
          <Input
            {...fieldControlProps(
              'raffle-installments',
              errors.installments?.message,
              locked ? 'hint' : undefined,
            )}
            inputMode="numeric"
            placeholder={t.installmentsPlaceholder}
            autoComplete="off"
            readOnly={locked}
            className={locked ? 'bg-zinc-100 text-zinc-600' : undefined}
            {...register('installments')}
          />
        </Field>
      )}
    </div>
  );
}
