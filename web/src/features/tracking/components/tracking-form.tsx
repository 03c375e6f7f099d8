import { zodResolver } from '@hookform/resolvers/zod';
import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { trackingTexts } from '../texts';
import {
  cedulaFormValues,
  NATIONALITIES,
  type TrackingFormInput,
  type TrackingFormOutput,
  trackingFormSchema,
} from '../tracking-form-schema';

type TrackingFormProps = {
  onSearch: (query: TrackingFormOutput) => void;
  searching: boolean;
  /** A cedula to start with (the printable ticket's QR opens /tracking?cedula=V-12345678). */
  initialCedula?: string | null;
  /** The four digits of the lookup the tab kept, asked again as the page opens. */
  initialLast4?: string;
};

const defaultValues: TrackingFormInput = { nationality: 'V', digits: '', phone_last4: '' };

/** Cedula (V/E + digits) and the last four phone digits; disabled while a search runs. */
export function TrackingForm({ onSearch, searching, initialCedula, initialLast4 }: TrackingFormProps) {
  const t = trackingTexts.form;
  // Read once: the page drops `?cedula=` from the address right after.
  const [prefilled] = useState(() => cedulaFormValues(initialCedula ?? null));
  const form = useForm<TrackingFormInput, unknown, TrackingFormOutput>({
    resolver: zodResolver(trackingFormSchema),
    defaultValues: { ...defaultValues, ...prefilled, phone_last4: initialLast4 ?? '' },
  });
  const { setFocus } = form;
  // With only the cedula there, the buyer's next step is the four digits (a kept lookup has both,
  // and runs: no keyboard popping up over its results).
  const [askLast4] = useState(() => Boolean(prefilled) && !initialLast4);
  useEffect(() => {
    if (askLast4) setFocus('phone_last4');
  }, [askLast4, setFocus]);
  const errors = form.formState.errors;
  const cedulaError = errors.digits?.message ?? errors.nationality?.message;
  return (
    <Card className="p-4 sm:p-6">
      <form onSubmit={form.handleSubmit(onSearch)} noValidate className="grid gap-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id="tracking-cedula" label={t.cedula} error={cedulaError}>
            <div className="flex gap-2">
              <select
                aria-label={t.nationality}
                className="h-11 w-16 shrink-0 rounded-lg border border-zinc-300 bg-white px-2 text-base font-medium text-zinc-900 shadow-xs focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600/40 sm:text-sm"
                {...form.register('nationality')}
              >
                {NATIONALITIES.map((value) => (
                  <option key={value} value={value}>
                    {t.nationalities[value]}
                  </option>
                ))}
              </select>
              <Input
                {...fieldControlProps('tracking-cedula', cedulaError)}
                inputMode="numeric"
                autoComplete="off"
                maxLength={16}
                placeholder={t.cedulaPlaceholder}
                {...form.register('digits')}
              />
            </div>
          </Field>
          <Field id="tracking-last4" label={t.last4} error={errors.phone_last4?.message} hint={t.last4Hint}>
            <Input
              {...fieldControlProps('tracking-last4', errors.phone_last4?.message, t.last4Hint)}
              inputMode="numeric"
              autoComplete="off"
              maxLength={4}
              placeholder={t.last4Placeholder}
              {...form.register('phone_last4')}
            />
          </Field>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-xs text-zinc-500">{t.privacy}</p>
          <Button type="submit" size="lg" loading={searching} className="w-full sm:w-auto">
            {!searching && <Search aria-hidden />}
            {searching ? t.submitting : t.submit}
          </Button>
        </div>
      </form>
    </Card>
  );
}
