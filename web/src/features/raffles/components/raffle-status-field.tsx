import { formStatusOptions, lifecycleMessages } from '@domain/raffle-lifecycle';
import { type RaffleStatus, raffleStatusLabels } from '@domain/raffles';
import { useFormContext, useWatch } from 'react-hook-form';
import { cn } from '@/lib/cn';
import { formTexts as t } from '../form-texts';
import type { RaffleFormInput } from '../raffle-form-schema';
import { FormSection } from './form-section';

type RaffleStatusFieldProps = {
  /** The raffle's status now; null on create. */
  current: RaffleStatus | null;
  hasSales: boolean;
};

/**
 * The statuses the server accepts from here, as radio cards that say what each one means:
 * borrador or activa (activa back to borrador only with nothing sold). Closing and the draw are
 * actions of their own on the dashboard, never a status picked here (decision 010).
 */
export function RaffleStatusField({ current, hasSales }: RaffleStatusFieldProps) {
  const { register, control, formState } = useFormContext<RaffleFormInput>();
  const status = useWatch({ control, name: 'status' });
  const error = formState.errors.status?.message;
  const options = formStatusOptions(current, { hasSales });
  const notes = [
    current === 'activa' && !options.includes('borrador') ? lifecycleMessages.backToDraftWithSales : null,
    current === 'activa' || current === 'cerrada' ? t.statusByActions : null,
  ].filter((note) => note !== null);
  return (
    <FormSection id="section-publish" title={t.sections.publish} description={t.sections.publishDescription}>
      <fieldset
        className="grid gap-2"
        aria-describedby={notes.length > 0 ? 'raffle-status-notes' : undefined}
      >
        <legend className="mb-2 text-sm leading-none font-medium text-zinc-800">{t.status}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {options.map((value) => (
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
        {notes.length > 0 && (
          <div id="raffle-status-notes" className="grid gap-1 text-xs text-zinc-600">
            {notes.map((note) => (
              <p key={note}>{note}</p>
            ))}
          </div>
        )}
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
      </fieldset>
    </FormSection>
  );
}
