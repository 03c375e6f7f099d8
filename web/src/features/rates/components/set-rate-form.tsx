import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Field, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { texts } from '@/config/texts';
import { useSetVesRate } from '../api/rates';
import { formatRate, parseRateInput } from '../rate-format';
import { ratesTexts } from '../texts';
import { RateCard } from './rate-card';

const t = ratesTexts.form;
const FIELD_ID = 'manual-rate';

/** Today's rate typed by an admin (e.g. the BCV rate): "36,50" or "36.5". */
export function SetRateForm() {
  const save = useSetVesRate();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const rate = parseRateInput(value);
    if (rate === null) {
      setError(t.invalid);
      return;
    }
    setError(undefined);
    try {
      const saved = await save.mutateAsync(rate);
      toast.success(t.saved(formatRate(saved.rate_to_usd)));
      setValue('');
    } catch (cause) {
      // The server's Spanish reason (out of range, no permission…) goes under the field.
      setError(cause instanceof Error ? cause.message : texts.common.genericError);
      toast.error(t.failed);
    }
  }

  return (
    <RateCard title={t.title} description={t.description}>
      <form noValidate onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-start">
        <Field id={FIELD_ID} label={t.label} error={error} hint={t.hint}>
          <Input
            {...fieldControlProps(FIELD_ID, error, t.hint)}
            inputMode="decimal"
            autoComplete="off"
            placeholder={t.placeholder}
            value={value}
            onChange={(event) => setValue(event.target.value)}
          />
        </Field>
        <Button type="submit" loading={save.isPending} className="sm:mt-[1.375rem]">
          {save.isPending ? t.saving : t.submit}
        </Button>
      </form>
    </RateCard>
  );
}
