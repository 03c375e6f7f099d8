import { formatDateTime } from '@domain/dates';
import { drawTermsMessages } from '@domain/draw-terms';
import { useFormContext, useWatch } from 'react-hook-form';
import { Field, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { caracasLocalToIso } from '../caracas-datetime';
import { formTexts as t } from '../form-texts';
import type { RaffleFormInput } from '../raffle-form-schema';
import { FormSection } from './form-section';
import { RaffleDrawSourceFields } from './raffle-draw-source-fields';

type RaffleDrawFieldsProps = {
  /** Some number is taken: the server refuses a new official draw (DRAW_SOURCE_LOCKED). */
  hasSales: boolean;
  /** Cerrada or finalizada: the draw is one of the terms the numbers were sold under. */
  closed: boolean;
  /** A number was ever taken (or the raffle closed): the declared source is frozen. */
  termsLocked: boolean;
  /** Edit only: the stored closing date has passed: it can no longer move (the raffle closes itself). */
  closingPassed: boolean;
};

/** Closing date (Caracas time), hours to pay a reserved number, and the official draw. */
export function RaffleDrawFields({ hasSales, closed, termsLocked, closingPassed }: RaffleDrawFieldsProps) {
  const { register, control, formState } = useFormContext<RaffleFormInput>();
  const errors = formState.errors;
  const drawSourceLocked = hasSales || closed;
  const drawSourceHint = closed ? t.closedLockedHint : hasSales ? t.salesLockedHint : t.drawSourceHint;
  const [closing, kind] = useWatch({ control, name: ['closing_date', 'draw_kind'] });
  // The browser shows the picker in its own locale; the hint says it back in Spanish, Caracas time.
  const closingIso = caracasLocalToIso(closing);
  const preview = closingIso ? t.closingPreview(formatDateTime(closingIso)) : t.closingDateHint;
  // With sales the date only moves later (each extension is published); once passed it is final.
  const closingLocked = closingPassed || closed;
  const closingHint = closingLocked
    ? closed
      ? t.closedLockedHint
      : drawTermsMessages.closingPassed
    : hasSales
      ? `${preview} ${drawTermsMessages.closingShortened}`
      : preview;
  return (
    <FormSection id="section-draw" title={t.sections.draw} description={t.sections.drawDescription}>
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <Field
          id="raffle-closing"
          label={t.closingDate}
          error={errors.closing_date?.message}
          hint={closingHint}
        >
          <Input
            {...fieldControlProps('raffle-closing', errors.closing_date?.message, closingHint)}
            type="datetime-local"
            readOnly={closingLocked}
            className={closingLocked ? 'bg-zinc-100 text-zinc-600' : undefined}
            {...register('closing_date')}
          />
        </Field>
        <Field
          id="raffle-minutes"
          label={t.reservationMinutes}
          error={errors.reservation_minutes?.message}
          hint={t.reservationMinutesHint}
        >
          <Input
            {...fieldControlProps(
              'raffle-minutes',
              errors.reservation_minutes?.message,
              t.reservationMinutesHint,
            )}
            inputMode="numeric"
            autoComplete="off"
            {...register('reservation_minutes')}
          />
        </Field>
        <Field
          id="raffle-max-per-buyer"
          label={t.maxPerBuyer}
          error={errors.max_numbers_per_buyer?.message}
          hint={t.maxPerBuyerHint}
        >
          <Input
            {...fieldControlProps(
              'raffle-max-per-buyer',
              errors.max_numbers_per_buyer?.message,
              t.maxPerBuyerHint,
            )}
            inputMode="numeric"
            autoComplete="off"
            {...register('max_numbers_per_buyer')}
          />
        </Field>
        {kind === '' && (
          <Field
            id="raffle-draw-source"
            label={t.drawSource}
            error={errors.draw_source?.message}
            hint={drawSourceHint}
            className="sm:col-span-2"
          >
            <Input
              {...fieldControlProps('raffle-draw-source', errors.draw_source?.message, drawSourceHint)}
              placeholder={t.drawSourcePlaceholder}
              autoComplete="off"
              readOnly={drawSourceLocked}
              className={drawSourceLocked ? 'bg-zinc-100 text-zinc-600' : undefined}
              {...register('draw_source')}
            />
          </Field>
        )}
      </div>
      <RaffleDrawSourceFields
        lockedHint={closed ? t.closedLockedHint : termsLocked ? t.source.lockedHint : null}
      />
    </FormSection>
  );
}
