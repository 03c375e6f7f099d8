import { useFormContext } from 'react-hook-form';
import { Field, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { formTexts as t } from '../form-texts';
import type { RaffleFormInput } from '../raffle-form-schema';
import { FormSection } from './form-section';
import { RaffleImagesField } from './raffle-images-field';

const textareaClass =
  'min-h-28 w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-base text-zinc-900 shadow-xs placeholder:text-zinc-400 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600/40 aria-invalid:border-red-500 sm:text-sm';

/** Name, description and photos of the prize. */
export function RafflePrizeFields({
  onUploadingChange,
}: {
  onUploadingChange: (uploading: boolean) => void;
}) {
  const { register, formState } = useFormContext<RaffleFormInput>();
  const errors = formState.errors;
  return (
    <FormSection id="section-prize" title={t.sections.prize} description={t.sections.prizeDescription}>
      <Field id="raffle-name" label={t.name} error={errors.name?.message}>
        <Input
          {...fieldControlProps('raffle-name', errors.name?.message)}
          placeholder={t.namePlaceholder}
          autoComplete="off"
          {...register('name')}
        />
      </Field>
      <Field id="raffle-description" label={t.description} error={errors.description?.message}>
        <textarea
          {...fieldControlProps('raffle-description', errors.description?.message)}
          placeholder={t.descriptionPlaceholder}
          rows={4}
          className={textareaClass}
          {...register('description')}
        />
      </Field>
      <RaffleImagesField onUploadingChange={onUploadingChange} />
    </FormSection>
  );
}
