import { VENEZUELAN_BANKS } from '@domain/banks';
import {
  MAX_PAYMENT_ACCOUNTS,
  PAYMENT_ACCOUNT_METHODS,
  type PaymentAccountField,
  paymentAccountFieldLabels,
  paymentAccountFields,
} from '@domain/payment-accounts';
import { type PaymentMethod, paymentMethodLabels } from '@domain/reservations';
import { Plus, Trash2 } from 'lucide-react';
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { formTexts } from '../form-texts';
import { emptyAccountRow, type RaffleFormInput } from '../raffle-form-schema';
import { FormSection } from './form-section';

const t = formTexts.accounts;

/** How each text field is typed on a phone. */
const INPUT_PROPS: Record<Exclude<PaymentAccountField, 'bank_code'>, Record<string, string>> = {
  phone: { type: 'tel', inputMode: 'tel', autoComplete: 'off' },
  account_number: { inputMode: 'numeric', autoComplete: 'off' },
  email: { type: 'email', inputMode: 'email', autoComplete: 'off' },
  binance_id: { inputMode: 'numeric', autoComplete: 'off' },
  holder: { autoComplete: 'off' },
  id_document: { autoComplete: 'off', autoCapitalize: 'characters' },
};

/** One account: how it is paid, then just the fields that method takes. */
function AccountEditor({ index, onRemove }: { index: number; onRemove: () => void }) {
  const { register, control, formState } = useFormContext<RaffleFormInput>();
  const method = useWatch({ control, name: `payment_accounts.${index}.method` }) as PaymentMethod;
  const errors = formState.errors.payment_accounts?.[index];
  const id = (field: string) => `raffle-account-${index}-${field}`;
  const n = index + 1;
  return (
    <fieldset
      className="grid gap-4 rounded-lg border border-zinc-200 p-3 sm:p-4"
      data-testid="account-editor"
    >
      <legend className="sr-only">{t.title(n, paymentMethodLabels[method])}</legend>
      <div className="flex items-center justify-between gap-2">
        <p aria-hidden className="text-sm font-semibold text-zinc-900">
          {t.title(n, paymentMethodLabels[method])}
        </p>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="text-red-700 hover:bg-red-50 hover:text-red-800"
          aria-label={t.remove(n)}
          onClick={onRemove}
        >
          <Trash2 aria-hidden />
          {t.removeShort}
        </Button>
      </div>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <Field id={id('method')} label={t.method} error={errors?.method?.message}>
          <Controller
            control={control}
            name={`payment_accounts.${index}.method`}
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger
                  {...fieldControlProps(id('method'), errors?.method?.message)}
                  onBlur={field.onBlur}
                >
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {PAYMENT_ACCOUNT_METHODS.map((option) => (
                    <SelectItem key={option} value={option}>
                      {paymentMethodLabels[option]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </Field>
        {paymentAccountFields(method).map(({ field: name, optional }) => {
          const label = optional
            ? t.optional(paymentAccountFieldLabels[name])
            : paymentAccountFieldLabels[name];
          const error = errors?.[name]?.message;
          const hint = name in t.hints ? t.hints[name as keyof typeof t.hints] : undefined;
          if (name === 'bank_code') {
            return (
              <Field key={name} id={id(name)} label={label} error={error}>
                <Controller
                  control={control}
                  name={`payment_accounts.${index}.bank_code`}
                  render={({ field }) => (
                    <Select value={field.value || undefined} onValueChange={field.onChange}>
                      <SelectTrigger {...fieldControlProps(id(name), error)} onBlur={field.onBlur}>
                        <SelectValue placeholder={t.bankPlaceholder} />
                      </SelectTrigger>
                      <SelectContent>
                        {VENEZUELAN_BANKS.map((bank) => (
                          <SelectItem key={bank.code} value={bank.code}>
                            {bank.code} · {bank.name}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                />
              </Field>
            );
          }
          return (
            <Field key={name} id={id(name)} label={label} error={error} hint={hint}>
              <Input
                {...fieldControlProps(id(name), error, hint)}
                placeholder={t.placeholders[name]}
                {...INPUT_PROPS[name]}
                {...register(`payment_accounts.${index}.${name}`)}
              />
            </Field>
          );
        })}
      </div>
    </fieldset>
  );
}

/** "Cuentas de pago": the raffle's accounts as data, added and removed here, checked on save. */
export function RafflePaymentAccountsField() {
  const { control, formState } = useFormContext<RaffleFormInput>();
  const { fields, append, remove } = useFieldArray({ control, name: 'payment_accounts' });
  const listError =
    formState.errors.payment_accounts?.message ?? formState.errors.payment_accounts?.root?.message;
  const full = fields.length >= MAX_PAYMENT_ACCOUNTS;
  return (
    <FormSection
      id="section-accounts"
      title={formTexts.sections.accounts}
      description={formTexts.sections.accountsDescription}
    >
      {fields.length === 0 && <p className="text-sm text-zinc-600">{t.empty}</p>}
      {fields.map((account, index) => (
        <AccountEditor key={account.id} index={index} onRemove={() => remove(index)} />
      ))}
      {listError && (
        <p role="alert" className="text-sm text-red-700">
          {listError}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" variant="secondary" disabled={full} onClick={() => append(emptyAccountRow())}>
          <Plus aria-hidden />
          {t.add}
        </Button>
        {full && <p className="text-xs text-zinc-500">{t.full(MAX_PAYMENT_ACCOUNTS)}</p>}
      </div>
    </FormSection>
  );
}
