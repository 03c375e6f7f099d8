import { cedulaField } from '@domain/fields';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { orderTexts } from '../order-texts';
import { CedulaField } from './cedula-field';

const t = orderTexts;
const cedulaSchema = cedulaField();

type OrderCedulaFormProps = {
  code: string;
  /** Why the last cedula did not open the order, when it did not. */
  problem?: string | null;
  onCedula: (cedula: string) => void;
};

/** A shared link or another device: the order opens with the buyer's cedula, as in tracking. */
export function OrderCedulaForm({ code, problem, onCedula }: OrderCedulaFormProps) {
  const [value, setValue] = useState('V-');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = cedulaSchema.safeParse(value);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    onCedula(parsed.data);
  };
  return (
    <Card className="mx-auto grid w-full max-w-md gap-4 p-5">
      <div className="grid gap-1">
        <h1 className="text-xl font-bold text-zinc-900">{t.cedulaTitle}</h1>
        <p className="text-sm text-zinc-600">{t.cedulaDescription(code)}</p>
      </div>
      <form onSubmit={submit} noValidate className="grid gap-4">
        <CedulaField id="order-cedula" value={value} onChange={setValue} onBlur={() => {}} error={error} />
        {problem && (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
            {problem}
          </p>
        )}
        <Button type="submit" size="lg">
          {t.cedulaSubmit}
        </Button>
      </form>
    </Card>
  );
}
