import { useFormContext } from 'react-hook-form';
import { Field, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { formTexts as t } from '../form-texts';
import type { RaffleFormInput } from '../raffle-form-schema';
import { FormSection } from './form-section';
import { RaffleImagesField } from './raffle-images-field';

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
        <Textarea
          {...fieldControlProps('raffle-description', errors.description?.message)}
          placeholder={t.descriptionPlaceholder}
          rows={4}
          {...register('description')}
        />
      </Field>
      <RaffleImagesField onUploadingChange={onUploadingChange} />
    </FormSection>
  );
}
