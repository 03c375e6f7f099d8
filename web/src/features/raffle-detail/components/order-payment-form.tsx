import { VENEZUELAN_BANKS } from '@domain/banks';
import { formatBs, formatUsd, usdCentsFromVesAt, vesCentsAt } from '@domain/money';
import type { OrderView } from '@domain/orders';
import { caracasDate } from '@domain/rates';
import type { PaymentMethod } from '@domain/reservations';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Send } from 'lucide-react';
import { useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { getOrder, orderKeys, useCreateOrderPayment } from '@/api/orders';
import { ErrorAlert } from '@/components/error-alert';
import { PaymentMethodField } from '@/components/payment-method-field';
import { ProofUpload } from '@/components/proof-upload';
import { Button } from '@/components/ui/button';
import { Field, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useProofUpload } from '@/hooks/use-proof-upload';
import { isApiError } from '@/lib/api-error';
import type { VesRate } from '@/lib/exchange-rates';
import { newRequestId } from '@/lib/request-id';
import { useKeptPaymentDraft } from '../hooks/use-kept-payment-draft';
import { type OrderPaymentDraft, readPaymentDraft } from '../order-payment-draft';
import {
  type AmountCurrency,
  centsToInput,
  type OrderPaymentFormInput,
  type OrderPaymentFormOutput,
  orderPaymentFormSchema,
  parseAmountToCents,
} from '../order-payment-schema';
import { orderPaymentTexts } from '../order-texts';
import { CurrencyToggle } from './currency-toggle';

const t = orderPaymentTexts;
const rateFormat = new Intl.NumberFormat('es-VE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const FIELDS = ['amount', 'payment_method', 'bank_code', 'reference', 'payer_phone', 'paid_on'] as const;
type FieldName = (typeof FIELDS)[number];

type OrderPaymentFormProps = {
  order: Pick<OrderView, 'code' | 'owed_cents' | 'due_now_cents' | 'payments'>;
  cedula: string;
  rate: VesRate;
  defaultMethod?: PaymentMethod;
  /** A payment of the order waits for review: the form starts folded behind "Enviar otro pago". */
  inReview?: boolean;
  onSent?: () => void;
};

/** The amount a field shows for `usdCents` in `currency` (Bs at today's rate). */
const amountFor = (usdCents: number, currency: AmountCurrency, rate: number | null) =>
  centsToInput(currency === 'VES' && rate ? vesCentsAt(usdCents, rate) : usdCents);

/** The kept values, but an amount in Bs only while there is a rate to read it at. */
const draftValues = (draft: OrderPaymentDraft | null, rate: number | null) => {
  if (!draft) return {};
  const { currency, amount, ...rest } = draft.values;
  return currency === 'VES' && !rate ? rest : draft.values;
};

/**
 * "Enviar comprobante" for a whole order: one payment, in Bs or USD, that the server spreads over
 * the order's numbers. The proof is optional; the bank data is what the organizer checks.
 */
export function OrderPaymentForm({
  order,
  cedula,
  rate,
  defaultMethod,
  inReview,
  onSent,
}: OrderPaymentFormProps) {
  // What this tab typed and uploaded before a reload (the bank app took the phone's memory).
  const [draft] = useState(() => readPaymentDraft(order.code, order.payments.length));
  const proof = useProofUpload(draft?.proof);
  const pay = useCreateOrderPayment();
  // One key per report, kept across the buyer's taps: sent again after a lost answer, the server
  // answers the payment it saved instead of saving the same money twice (decision 057).
  const requestId = useRef(newRequestId());
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(Boolean(inReview));
  const due = order.due_now_cents > 0 ? order.due_now_cents : order.owed_cents;
  const startCurrency: AmountCurrency = rate.rate ? 'VES' : 'USD';
  const form = useForm<OrderPaymentFormInput, unknown, OrderPaymentFormOutput>({
    resolver: zodResolver(orderPaymentFormSchema({ owedCents: order.owed_cents, rate: rate.rate })),
    defaultValues: {
      currency: startCurrency,
      amount: amountFor(due, startCurrency, rate.rate),
      payment_method: defaultMethod ?? 'pago_movil',
      bank_code: '',
      reference: '',
      payer_phone: '',
      paid_on: caracasDate(),
      ...draftValues(draft, rate.rate),
    },
  });
  const errors = form.formState.errors;
  const currency = form.watch('currency');
  const method = form.watch('payment_method');
  const typed = parseAmountToCents(form.watch('amount') ?? '');
  const banked = method === 'transfer' || method === 'pago_movil';
  const kept = useKeptPaymentDraft(order.code, order.payments.length, form, proof, draft);

  const dueLabel = `${formatUsd(due)}${rate.rate ? ` / ${formatBs(due, rate.rate)}` : ''}`;

  const switchCurrency = (next: AmountCurrency) => {
    if (next === currency) return;
    const cents = parseAmountToCents(form.getValues('amount'));
    form.setValue('currency', next);
    if (cents !== null && rate.rate) {
      const usd = currency === 'VES' ? usdCentsFromVesAt(cents, rate.rate) : cents;
      form.setValue('amount', amountFor(usd, next, rate.rate));
    }
  };

  /**
   * With no answer the payment may still have arrived (the answer was lost after the server saved
   * it): a pending payment of the order that was not there before sending is this one. Without this
   * the buyer saw an error, tapped again and, with no reference to recognize it (cash, Zelle),
   * reported the same money twice.
   */
  const arrivedAnyway = async (before: ReadonlySet<string>) => {
    // Read apart from the page's own query: a check that fails too must not replace the page (and
    // the form) with "No pudimos cargar tu pedido"; one that succeeds shows the order as it is.
    const fresh = await getOrder(order.code, cedula).catch(() => null);
    if (fresh) queryClient.setQueryData(orderKeys.detail(order.code, cedula), fresh);
    return Boolean(fresh?.payments.some((p) => p.status === 'pending' && !before.has(p.id)));
  };

  const done = () => {
    requestId.current = newRequestId();
    kept.forget();
    proof.clear();
    setSent(true);
    onSent?.();
  };

  const onSubmit = async (values: OrderPaymentFormOutput) => {
    setError(null);
    const before = new Set(order.payments.map((p) => p.id));
    try {
      await pay.mutateAsync({
        order_code: order.code,
        cedula,
        ...values,
        payment_proof: proof.fileUrl ?? undefined,
        request_id: requestId.current,
      });
      done();
    } catch (cause) {
      if (isApiError(cause) && cause.retryable && (await arrivedAnyway(before))) return done();
      if (!isApiError(cause)) return setError(t.failed);
      if (cause.code === 'RATE_UNAVAILABLE') switchCurrency('USD');
      const onField = (name: FieldName, message: string) =>
        form.setError(name, { message }, { shouldFocus: true });
      if (cause.code === 'DUPLICATE_REFERENCE') return onField('reference', cause.message);
      if (cause.code === 'AMOUNT_TOO_HIGH') return onField('amount', cause.message);
      const known = cause.fields.filter((f) => (FIELDS as readonly string[]).includes(f.path));
      for (const field of known) onField(field.path as FieldName, field.message);
      if (known.length === 0) setError(cause.message);
    }
  };

  if (sent) {
    return (
      <div className="grid gap-3">
        <p
          role="status"
          className="flex gap-3 rounded-xl border border-green-200 bg-green-50 p-4 text-sm text-green-900"
        >
          <CheckCircle2 aria-hidden className="size-5 shrink-0 text-green-700" />
          {inReview && !pay.isSuccess ? t.inReview : t.sent}
        </p>
        {order.owed_cents > 0 && (
          <Button variant="secondary" className="w-fit" onClick={() => setSent(false)}>
            {t.sendAnother}
          </Button>
        )}
      </div>
    );
  }

  const amountHint =
    typed !== null && typed > 0 && rate.rate
      ? currency === 'VES'
        ? t.inUsd(formatUsd(usdCentsFromVesAt(typed, rate.rate)), rateFormat.format(rate.rate))
        : t.inBs(formatBs(typed, rate.rate))
      : rate.rate
        ? t.amountHint(dueLabel)
        : t.noRate;

  return (
    <form
      onSubmit={form.handleSubmit(onSubmit)}
      noValidate
      className="grid gap-4"
      data-testid="order-payment-form"
    >
      <div>
        <h3 className="text-base font-semibold text-zinc-900">{t.title}</h3>
        <p className="text-sm text-zinc-600">{t.description}</p>
      </div>
      <CurrencyToggle value={currency} onChange={switchCurrency} vesDisabled={!rate.rate} />
      <Field id="order-amount" label={t.amount(currency)} error={errors.amount?.message}>
        <Input
          {...fieldControlProps('order-amount', errors.amount?.message, 'order-amount-live')}
          inputMode="decimal"
          autoComplete="off"
          maxLength={16}
          {...form.register('amount')}
        />
      </Field>
      <p id="order-amount-live-hint" aria-live="polite" className="-mt-2 text-xs text-zinc-600 tabular-nums">
        {amountHint}
      </p>
      <Controller
        control={form.control}
        name="payment_method"
        render={({ field }) => (
          <PaymentMethodField
            id="order-method"
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={errors.payment_method?.message}
          />
        )}
      />
      {banked && (
        <Controller
          control={form.control}
          name="bank_code"
          render={({ field }) => (
            <Field id="order-bank" label={t.bank} error={errors.bank_code?.message}>
              <Select value={field.value || undefined} onValueChange={field.onChange}>
                <SelectTrigger
                  {...fieldControlProps('order-bank', errors.bank_code?.message)}
                  onBlur={field.onBlur}
                >
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
            </Field>
          )}
        />
      )}
      <Field
        id="order-reference"
        label={banked ? t.reference : t.referenceOptional}
        error={errors.reference?.message}
      >
        <Input
          {...fieldControlProps('order-reference', errors.reference?.message)}
          inputMode="numeric"
          autoComplete="off"
          maxLength={60}
          placeholder={t.referencePlaceholder}
          {...form.register('reference')}
        />
      </Field>
      {method === 'pago_movil' && (
        <Field id="order-payer-phone" label={t.payerPhone} error={errors.payer_phone?.message}>
          <Input
            {...fieldControlProps('order-payer-phone', errors.payer_phone?.message)}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            maxLength={20}
            placeholder={t.payerPhonePlaceholder}
            {...form.register('payer_phone')}
          />
        </Field>
      )}
      <Field id="order-paid-on" label={t.paidOn} error={errors.paid_on?.message}>
        <Input
          {...fieldControlProps('order-paid-on', errors.paid_on?.message)}
          type="date"
          max={caracasDate()}
          {...form.register('paid_on')}
        />
      </Field>
      <ProofUpload id="order-proof" label={t.proof} hint={t.proofHint} upload={proof} />
      {error && <ErrorAlert>{error}</ErrorAlert>}
      <Button type="submit" size="lg" loading={pay.isPending} disabled={proof.unsettled}>
        {!pay.isPending && <Send aria-hidden />}
        {pay.isPending ? t.sending : t.submit}
      </Button>
    </form>
  );
}
