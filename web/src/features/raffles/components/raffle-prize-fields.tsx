import { drawTermsMessages } from '@domain/draw-terms';
import { Lock } from 'lucide-react';
import { useFormContext } from 'react-hook-form';
import { Field, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { formTexts as t } from '../form-texts';
import type { RaffleFormInput } from '../raffle-form-schema';
import { FormSection } from './form-section';
import { RaffleImagesField } from './raffle-images-field';

const FROZEN_ID = 'raffle-prize-frozen';
const frozenLook = 'bg-zinc-100 text-zinc-600';

/**
 * Name, description and photos of the prize. After close they are what the numbers were sold for:
 * read-only with the reason (the organizer adds a dated aclaración from the dashboard instead).
 */
export function RafflePrizeFields({
  onUploadingChange,
  frozen = false,
}: {
  onUploadingChange: (uploading: boolean) => void;
  frozen?: boolean;
}) {
  const { register, formState } = useFormContext<RaffleFormInput>();
  const errors = formState.errors;
  const described = (props: ReturnType<typeof fieldControlProps>) =>
    frozen
      ? { ...props, 'aria-describedby': [props['aria-describedby'], FROZEN_ID].filter(Boolean).join(' ') }
      : props;
  return (
    <FormSection id="section-prize" title={t.sections.prize} description={t.sections.prizeDescription}>
      {frozen && (
        <p
          id={FROZEN_ID}
          className="flex gap-2 rounded-lg border border-zinc-300 bg-zinc-50 p-2.5 text-sm text-zinc-800"
        >
          <Lock aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>{drawTermsMessages.prizeFrozen}</span>
        </p>
      )}
      <Field id="raffle-name" label={t.name} error={errors.name?.message}>
        <Input
          {...described(fieldControlProps('raffle-name', errors.name?.message))}
          placeholder={t.namePlaceholder}
          autoComplete="off"
          readOnly={frozen}
          className={frozen ? frozenLook : undefined}
          {...register('name')}
        />
      </Field>
      <Field id="raffle-description" label={t.description} error={errors.description?.message}>
        <Textarea
          {...described(fieldControlProps('raffle-description', errors.description?.message))}
          placeholder={t.descriptionPlaceholder}
          rows={4}
          readOnly={frozen}
          className={frozen ? frozenLook : undefined}
          {...register('description')}
        />
      </Field>
      <RaffleImagesField onUploadingChange={onUploadingChange} frozen={frozen} />
    </FormSection>
  );
}
