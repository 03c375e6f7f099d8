import { useFormContext } from 'react-hook-form';
import { Field, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { formTexts as t } from '../form-texts';
import type { RaffleFormInput } from '../raffle-form-schema';
import { FormSection } from './form-section';

/** Who runs the raffle, the WhatsApp buyers write to, and how they pay: all optional. */
export function RaffleOrganizerFields() {
  const { register, formState } = useFormContext<RaffleFormInput>();
  const errors = formState.errors;
  return (
    <FormSection
      id="section-organizer"
      title={t.sections.organizer}
      description={t.sections.organizerDescription}
    >
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <Field id="raffle-organizer-name" label={t.organizerName} error={errors.organizer_name?.message}>
          <Input
            {...fieldControlProps('raffle-organizer-name', errors.organizer_name?.message)}
            placeholder={t.organizerNamePlaceholder}
            autoComplete="organization"
            {...register('organizer_name')}
          />
        </Field>
        <Field
          id="raffle-contact-phone"
          label={t.contactPhone}
          error={errors.contact_phone?.message}
          hint={t.contactPhoneHint}
        >
          <Input
            {...fieldControlProps('raffle-contact-phone', errors.contact_phone?.message, t.contactPhoneHint)}
            type="tel"
            inputMode="tel"
            placeholder={t.contactPhonePlaceholder}
            autoComplete="off"
            {...register('contact_phone')}
          />
        </Field>
        <Field
          id="raffle-payment-instructions"
          label={t.paymentInstructions}
          error={errors.payment_instructions?.message}
          hint={t.paymentInstructionsHint}
          className="sm:col-span-2"
        >
          <Textarea
            {...fieldControlProps(
              'raffle-payment-instructions',
              errors.payment_instructions?.message,
              t.paymentInstructionsHint,
            )}
            placeholder={t.paymentInstructionsPlaceholder}
            rows={4}
            maxLength={2000}
            {...register('payment_instructions')}
          />
        </Field>
      </div>
    </FormSection>
  );
}
