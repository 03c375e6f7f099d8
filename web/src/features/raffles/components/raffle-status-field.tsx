import { RAFFLE_STATUSES, raffleStatusLabels } from '@domain/raffles';
import { useFormContext, useWatch } from 'react-hook-form';
import { cn } from '@/lib/cn';
import { formTexts as t } from '../form-texts';
import type { RaffleFormInput } from '../raffle-form-schema';
import { FormSection } from './form-section';

/** Borrador / activa / cerrada / finalizada as radio cards that say what each one means. */
export function RaffleStatusField() {
  const { register, control, formState } = useFormContext<RaffleFormInput>();
  const status = useWatch({ control, name: 'status' });
  const error = formState.errors.status?.message;
  return (
    <FormSection id="section-publish" title={t.sections.publish} description={t.sections.publishDescription}>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm leading-none font-medium text-zinc-800">{t.status}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {RAFFLE_STATUSES.map((value) => (
            <label
              key={value}
              className={cn(
                'flex cursor-pointer gap-3 rounded-lg border p-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
                status === value
                  ? 'border-brand-600 bg-brand-50'
                  : 'border-zinc-300 bg-white hover:bg-zinc-50',
              )}
            >
              <input
                type="radio"
                value={value}
                className="mt-0.5 size-4 accent-brand-700"
                {...register('status')}
              />
              <span className="grid gap-0.5">
                <span className="text-sm font-medium text-zinc-900">{raffleStatusLabels[value]}</span>
                <span className="text-xs text-zinc-600">{t.statusHints[value]}</span>
              </span>
            </label>
          ))}
        </div>
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
      </fieldset>
    </FormSection>
  );
}
