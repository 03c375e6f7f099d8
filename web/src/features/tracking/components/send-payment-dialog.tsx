import { formatBs, parseMoneyToCents } from '@domain/money';
import type { TrackedTicket, TrackingQuery } from '@domain/tracking';
import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { PaymentMethodField } from '@/components/payment-method-field';
import { ProofUpload } from '@/components/proof-upload';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useProofUpload } from '@/hooks/use-proof-upload';
import { isApiError } from '@/lib/api-error';
import { useVesRate } from '@/lib/exchange-rates';
import { newRequestId } from '@/lib/request-id';
import { useCreateTrackedPayment } from '../api/create-payment';
import { trackTickets } from '../api/track-tickets';
import { moneyLabel } from '../money-label';
import {
  centsToInput,
  type SendPaymentFormInput,
  type SendPaymentFormOutput,
  sendPaymentFormSchema,
} from '../send-payment-schema';
import { trackingTexts } from '../texts';

const t = trackingTexts.send;

type SendPaymentDialogProps = {
  ticket: TrackedTicket;
  /** The cedula and last four digits of the lookup: they prove the number is the buyer's. */
  credentials: TrackingQuery;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSent: () => void;
};

const pendingOf = (ticket: TrackedTicket) => ticket.payments.filter((p) => p.status === 'pending').length;

/**
 * With no answer the payment may still have arrived (the answer was lost after the server saved
 * it): the same lookup shows one more pending payment on this number. Without this the buyer saw
 * an error, sent it again and, with no reference to recognize it by, reported the money twice.
 */
async function arrivedAnyway(ticket: TrackedTicket, credentials: TrackingQuery) {
  const fresh = await trackTickets(credentials).catch(() => null);
  const now = fresh?.tickets.find((t) => t.raffle_id === ticket.raffle_id && t.number === ticket.number);
  return now !== undefined && pendingOf(now) > pendingOf(ticket);
}

/** "Enviar comprobante" for one number: a sheet on phones, a dialog on desktop. */
export function SendPaymentDialog({
  ticket,
  credentials,
  open,
  onOpenChange,
  onSent,
}: SendPaymentDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent aria-describedby="send-payment-description">
        <DialogHeader>
          <DialogTitle>{t.title(ticket.ticket_number)}</DialogTitle>
          <DialogDescription id="send-payment-description">
            {t.description(ticket.raffle_name)}
          </DialogDescription>
        </DialogHeader>
        {/* Mounted only while open: each opening starts from the amount due and no file. */}
        <SendPaymentForm ticket={ticket} credentials={credentials} onSent={onSent} />
      </DialogContent>
    </Dialog>
  );
}

function SendPaymentForm({
  ticket,
  credentials,
  onSent,
}: Omit<SendPaymentDialogProps, 'open' | 'onOpenChange'>) {
  const rate = useVesRate();
  const proof = useProofUpload();
  const pay = useCreateTrackedPayment();
  // One key per report, kept across taps while the sheet is open (decision 057).
  const requestId = useRef(newRequestId());
  const [error, setError] = useState<string | null>(null);
  const [askedForProof, setAskedForProof] = useState(false);
  // "Adjunta el comprobante" goes away as soon as one is attached, not on the next submit.
  const shownError = askedForProof && !proof.fileUrl ? t.needFile : error;
  const form = useForm<SendPaymentFormInput, unknown, SendPaymentFormOutput>({
    resolver: zodResolver(sendPaymentFormSchema(ticket.remaining_cents)),
    defaultValues: {
      amount: centsToInput(ticket.amount_due_cents),
      payment_method: 'transfer',
      reference: '',
    },
  });
  const errors = form.formState.errors;
  const typed = parseMoneyToCents(form.watch('amount') ?? '');
  const hint = t.amountHint(
    moneyLabel(ticket.amount_due_cents, rate.rate),
    moneyLabel(ticket.remaining_cents, rate.rate),
  );

  const onSubmit = async (values: SendPaymentFormOutput) => {
    setAskedForProof(!proof.fileUrl);
    setError(null);
    if (!proof.fileUrl) return;
    try {
      await pay.mutateAsync({
        raffle_id: ticket.raffle_id,
        number: ticket.number,
        cedula: credentials.cedula,
        phone_last4: credentials.phone_last4,
        amount_cents: values.amount,
        payment_method: values.payment_method,
        reference: values.reference || undefined,
        payment_proof: proof.fileUrl,
        request_id: requestId.current,
      });
      toast.success(t.sent);
      onSent();
    } catch (cause) {
      if (isApiError(cause) && cause.retryable && (await arrivedAnyway(ticket, credentials))) {
        toast.success(t.sent);
        return onSent();
      }
      setError(cause instanceof Error ? cause.message : t.failed);
    }
  };

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="grid gap-4">
      <ProofUpload id="tracking-proof-file" label={t.file} hint={t.fileHint} upload={proof} />
      <Field id="tracking-amount" label={t.amount} error={errors.amount?.message} hint={hint}>
        <Input
          {...fieldControlProps('tracking-amount', errors.amount?.message, hint)}
          inputMode="decimal"
          autoComplete="off"
          maxLength={12}
          {...form.register('amount')}
        />
      </Field>
      {rate.rate !== null && typed !== null && typed > 0 && (
        <p className="-mt-2 text-xs text-zinc-600 tabular-nums">{t.amountBs(formatBs(typed, rate.rate))}</p>
      )}
      <Controller
        control={form.control}
        name="payment_method"
        render={({ field }) => (
          <PaymentMethodField
            id="tracking-method"
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
          />
        )}
      />
      <Field id="tracking-reference" label={t.reference} error={errors.reference?.message}>
        <Input
          {...fieldControlProps('tracking-reference', errors.reference?.message)}
          inputMode="numeric"
          autoComplete="off"
          maxLength={60}
          placeholder={t.referencePlaceholder}
          {...form.register('reference')}
        />
      </Field>
      {shownError && <ErrorAlert>{shownError}</ErrorAlert>}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="secondary" disabled={pay.isPending}>
            {t.cancel}
          </Button>
        </DialogClose>
        <Button type="submit" loading={pay.isPending} disabled={proof.unsettled}>
          {!pay.isPending && <Send aria-hidden />}
          {pay.isPending ? t.sending : t.submit}
        </Button>
      </DialogFooter>
    </form>
  );
}
