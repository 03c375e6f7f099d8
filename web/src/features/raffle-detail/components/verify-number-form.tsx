import { FileCheck2, ShieldCheck, Upload, X } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useId, useRef, useState } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { isApiError } from '@/lib/api-error';
import { useVerifyNumber } from '../hooks/use-verify-number';
import { verificationTexts } from '../verification-texts';
import { type LoadedReceipt, readVerifyForm, type VerifyFormValues } from '../verify-form-input';
import { parseReceipt } from '../verify-number';
import { VerifyNumberResult } from './verify-number-result';

const t = verificationTexts.form;

type VerifyNumberFormProps = {
  /** On a raffle's own page the raffle is known: no field for it. */
  raffleId?: string;
  prefill?: Partial<VerifyFormValues>;
  /** On /verificar the page's header names it: the card shows no title of its own. */
  bare?: boolean;
};

/** "Verifica tu número": number, code and cedula (and optionally the signed receipt), checked here. */
export function VerifyNumberForm({ raffleId, prefill, bare = false }: VerifyNumberFormProps) {
  const id = useId();
  const [values, setValues] = useState<VerifyFormValues>({
    raffle: raffleId ?? prefill?.raffle ?? '',
    number: prefill?.number ?? '',
    code: prefill?.code ?? '',
    cedula: prefill?.cedula ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<keyof VerifyFormValues | 'form', string>>>({});
  const [receipt, setReceipt] = useState<LoadedReceipt | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const verify = useVerifyNumber();

  const set = (key: keyof VerifyFormValues) => (event: ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [key]: event.target.value }));

  async function loadReceipt(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    setReceipt({ name: file.name, receipt: parseReceipt(await file.text()) });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const read = readVerifyForm(values, receipt);
    if ('errors' in read) {
      setErrors(read.errors);
      return;
    }
    setErrors({});
    verify.mutate(read.request);
  }

  const failed = verify.error
    ? isApiError(verify.error) && verify.error.status === 404
      ? verificationTexts.result.raffleNotFound
      : verificationTexts.result.failed
    : null;
  const fieldId = (name: string) => `${id}-${name}`;

  return (
    // On /verificar the page's own heading names it: a plain section there, without a second name.
    <section aria-labelledby={bare ? undefined : fieldId('title')}>
      <Card className="grid grid-cols-[minmax(0,1fr)] gap-4 p-4 sm:p-6" data-testid="verify-number">
        {!bare && (
          <div className="grid gap-1">
            <h2
              id={fieldId('title')}
              className="flex items-center gap-2 text-xl font-bold tracking-tight text-zinc-900"
            >
              <ShieldCheck aria-hidden className="size-6 text-green-700" />
              {t.title}
            </h2>
            <p className="text-sm text-zinc-600">{t.description}</p>
          </div>
        )}
        <form onSubmit={submit} noValidate className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4">
          {!raffleId && (
            <Field id={fieldId('raffle')} label={t.raffle} error={errors.raffle} hint={t.raffleHint}>
              <Input
                {...fieldControlProps(fieldId('raffle'), errors.raffle, t.raffleHint)}
                value={values.raffle}
                onChange={set('raffle')}
                placeholder={t.rafflePlaceholder}
                autoComplete="off"
              />
            </Field>
          )}
          <Field id={fieldId('number')} label={t.number} error={errors.number}>
            <Input
              {...fieldControlProps(fieldId('number'), errors.number)}
              value={values.number}
              onChange={set('number')}
              inputMode="numeric"
              autoComplete="off"
              placeholder={t.numberPlaceholder}
              className="tabular-nums"
            />
          </Field>
          <Field id={fieldId('code')} label={t.code} error={errors.code} hint={t.codeHint}>
            <Input
              {...fieldControlProps(fieldId('code'), errors.code, t.codeHint)}
              value={values.code}
              onChange={set('code')}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder={t.codePlaceholder}
              className="font-mono tracking-wider uppercase"
            />
          </Field>
          <Field id={fieldId('cedula')} label={t.cedula} error={errors.cedula} hint={t.cedulaHint}>
            <Input
              {...fieldControlProps(fieldId('cedula'), errors.cedula, t.cedulaHint)}
              value={values.cedula}
              onChange={set('cedula')}
              autoComplete="off"
              autoCapitalize="characters"
              placeholder={t.cedulaPlaceholder}
            />
          </Field>
          <div className="grid gap-1.5">
            <p className="text-sm font-medium text-zinc-900" id={fieldId('receipt-label')}>
              {t.receipt}
            </p>
            {receipt ? (
              <div className="flex min-w-0 items-center justify-between gap-2 rounded-lg border border-zinc-200 bg-zinc-50 px-3 py-2 text-sm">
                <span className="flex min-w-0 items-center gap-2 text-zinc-800">
                  <FileCheck2 aria-hidden className="size-4 shrink-0 text-zinc-500" />
                  <span className="truncate">{t.receiptLoaded(receipt.name)}</span>
                </span>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() => {
                    setReceipt(null);
                    if (fileInput.current) fileInput.current.value = '';
                  }}
                >
                  <X aria-hidden />
                  {t.receiptRemove}
                </Button>
              </div>
            ) : (
              <Button
                type="button"
                variant="secondary"
                className="w-full sm:w-fit"
                onClick={() => fileInput.current?.click()}
                aria-describedby={fieldId('receipt-hint')}
              >
                <Upload aria-hidden />
                {t.receiptLoad}
              </Button>
            )}
            <input
              ref={fileInput}
              type="file"
              accept="application/json,.json"
              className="sr-only"
              tabIndex={-1}
              aria-labelledby={fieldId('receipt-label')}
              onChange={(event) => void loadReceipt(event)}
              data-testid="verify-receipt-file"
            />
            <p id={fieldId('receipt-hint')} className="text-xs text-zinc-500">
              {t.receiptHint}
            </p>
          </div>
          <Button type="submit" size="lg" loading={verify.isPending}>
            {!verify.isPending && <ShieldCheck aria-hidden />}
            {verify.isPending ? t.submitting : t.submit}
          </Button>
        </form>
        <div aria-live="polite" className="grid gap-3">
          {failed && <ErrorAlert>{failed}</ErrorAlert>}
          {verify.data && !verify.isPending && <VerifyNumberResult outcome={verify.data} />}
        </div>
      </Card>
    </section>
  );
}
