import { parseOrderCode } from '@domain/orders';
import { ReceiptText } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Field, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { trackingTexts } from '../texts';

const t = trackingTexts.order;

type OpenOrderFormProps = { raffleId: string; cedula: string };

/**
 * For sales made before orders had codes on tracking answers, the buyer names the order: its page
 * then takes one payment for all its numbers. The cedula goes with the navigation, never the address.
 */
export function OpenOrderForm({ raffleId, cedula }: OpenOrderFormProps) {
  const id = useId();
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = parseOrderCode(value);
    if (!code) return setError(t.invalid);
    setError(undefined);
    navigate(paths.order.getHref(raffleId, code), { state: { cedula } });
  };
  const fieldId = `${id}-order`;
  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-2 rounded-lg border border-brand-100 bg-brand-50 p-3"
    >
      <p className="flex items-center gap-2 text-sm font-semibold text-brand-900">
        <ReceiptText aria-hidden className="size-4" />
        {t.title}
      </p>
      <p className="text-xs text-zinc-700">{t.description}</p>
      <div className="flex items-end gap-2">
        <Field id={fieldId} label={t.label} error={error} className="flex-1">
          <Input
            {...fieldControlProps(fieldId, error)}
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={12}
            placeholder={t.placeholder}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            className="font-mono uppercase"
          />
        </Field>
        <Button type="submit" variant="secondary" className={error ? 'mb-7' : undefined}>
          {t.submit}
        </Button>
      </div>
    </form>
  );
}
