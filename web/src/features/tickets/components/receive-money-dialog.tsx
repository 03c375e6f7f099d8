import { formatUsd, parseMoneyToCents } from '@domain/money';
import type { PaymentMethod } from '@domain/reservations';
import type { StaffTicket } from '@domain/staff-tickets';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { ActionDialog } from '@/components/action-dialog';
import { PaymentMethodField } from '@/components/payment-method-field';
import { Field, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { texts } from '@/config/texts';
import { isApiError } from '@/lib/api-error';
import { useRecordTicketPayment } from '../api/record-ticket-money';
import { useUpdateTicket } from '../api/update-ticket';
import { ticketsTexts } from '../texts';

const t = ticketsTexts.money;

/** `pagado`: what is owed; `abonado`: an amount, as a status change; `record`: a payment alone. */
export type ReceiveMode = 'pagado' | 'abonado' | 'record';

type ReceiveMoneyDialogProps = {
  ticket: StaffTicket;
  mode: ReceiveMode | null;
  onOpenChange: (open: boolean) => void;
};

/**
 * Money received by hand: "Marcar como pagado" records what is owed (the method asked, efectivo
 * by default); "Marcar como abonado" and "Registrar pago" ask how much was received now. Nobody
 * types what a number has paid: it is the sum of these entries.
 */
export function ReceiveMoneyDialog({ ticket, mode, onOpenChange }: ReceiveMoneyDialogProps) {
  return <ReceiveMoneyForm key={mode ?? 'closed'} ticket={ticket} mode={mode} onOpenChange={onOpenChange} />;
}

function ReceiveMoneyForm({ ticket, mode, onOpenChange }: ReceiveMoneyDialogProps) {
  const update = useUpdateTicket(ticket.raffle_id);
  const record = useRecordTicketPayment(ticket.id ?? '');
  const [method, setMethod] = useState<PaymentMethod>('efectivo');
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const [amountError, setAmountError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const label = ticket.ticket_number;
  const owed = formatUsd(ticket.remaining_cents);
  const asksAmount = mode === 'abonado' || mode === 'record';
  const pending = update.isPending || record.isPending;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    let cents: number | undefined;
    if (asksAmount) {
      const parsed = parseMoneyToCents(amount);
      const problem =
        parsed === null
          ? t.invalidAmount
          : parsed <= 0
            ? t.zeroAmount
            : parsed > ticket.remaining_cents
              ? t.tooMuch(owed)
              : undefined;
      setAmountError(problem);
      if (problem || parsed === null) return;
      cents = parsed;
    }
    try {
      if (mode === 'record') {
        await record.mutateAsync({
          amount_cents: cents ?? 0,
          payment_method: method,
          reference: reference.trim() || undefined,
        });
        toast.success(t.recorded(label));
      } else if (mode) {
        const updated = await update.mutateAsync({
          number: ticket.number,
          patch: {
            status: mode,
            payment_method: method,
            ...(cents !== undefined && { amount_cents: cents }),
          },
        });
        toast.success(ticketsTexts.actions.changed(label, updated.status));
      }
      onOpenChange(false);
    } catch (cause) {
      setError(isApiError(cause) ? cause.message : texts.common.genericError);
    }
  }

  const title =
    mode === 'pagado' ? t.payTitle(label) : mode === 'abonado' ? t.abonoTitle(label) : t.recordTitle(label);
  const description =
    mode === 'pagado'
      ? ticket.remaining_cents > 0
        ? t.payDescription(owed)
        : t.payNothingOwed
      : mode === 'abonado'
        ? t.abonoDescription(owed)
        : t.recordDescription(owed);
  const action = mode === 'pagado' ? t.payConfirm : mode === 'abonado' ? t.abonoConfirm : t.recordConfirm;
  return (
    <ActionDialog
      open={mode !== null}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      actionLabel={action}
      pending={pending}
      error={error}
      onSubmit={submit}
    >
      {mode === 'pagado' && ticket.remaining_cents > 0 && (
        <p
          className="rounded-lg bg-green-50 p-3 text-lg font-semibold text-green-900 tabular-nums"
          data-testid="amount-to-record"
        >
          {owed}
        </p>
      )}
      {asksAmount && (
        <Field id="money-amount" label={t.amount} error={amountError}>
          <Input
            {...fieldControlProps('money-amount', amountError)}
            inputMode="decimal"
            autoComplete="off"
            maxLength={12}
            placeholder={t.amountPlaceholder}
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
          />
        </Field>
      )}
      <PaymentMethodField
        id="money-method"
        value={method}
        onChange={(next) => setMethod(next as PaymentMethod)}
      />
      {mode === 'record' && (
        <Field id="money-reference" label={t.reference}>
          <Input
            id="money-reference"
            autoComplete="off"
            maxLength={60}
            value={reference}
            onChange={(event) => setReference(event.target.value)}
          />
        </Field>
      )}
    </ActionDialog>
  );
}
