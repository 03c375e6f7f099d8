import { formatUsd, parseMoneyToCents } from '@domain/money';
import type { StaffTicket } from '@domain/staff-tickets';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { ActionDialog } from '@/components/action-dialog';
import { ticketStatusName } from '@/components/ticket-status-badge';
import { Field, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { texts } from '@/config/texts';
import { useViewerProfile } from '@/hooks/use-viewer-profile';
import { isApiError } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { useRefundTicket } from '../api/record-ticket-money';
import { useUpdateTicket } from '../api/update-ticket';
import { ticketsTexts } from '../texts';
import { DeliveredPrizeNotice } from './delivered-prize-notice';

const t = ticketsTexts.money;

/** A status that takes a sale's money back, or a refund on its own ("Registrar reembolso"). */
export type RefundMode = { to: 'apartado' | 'disponible' | 'cancelado' } | 'refund';

type RefundDialogProps = {
  ticket: StaffTicket;
  mode: RefundMode | null;
  /** What the number has paid; the server's figure when it refused a change for it (422). */
  paidCents?: number;
  onOpenChange: (open: boolean) => void;
};

/**
 * Releasing or cancelling a number with money asks what happens to it: "Reembolsar" (the amount,
 * prefilled with what was paid, and why) or "Sin reembolso" (why). Back to apartado the sale stays
 * the buyer's, so all its money goes back (a live sale with money is abonado or pagado): only why.
 */
export function RefundDialog(props: RefundDialogProps) {
  const key = props.mode === null ? 'closed' : props.mode === 'refund' ? 'refund' : props.mode.to;
  return <RefundForm key={key} {...props} />;
}

function RefundForm({ ticket, mode, paidCents, onOpenChange }: RefundDialogProps) {
  const update = useUpdateTicket(ticket.raffle_id);
  const refund = useRefundTicket(ticket.id ?? '');
  const paid = paidCents ?? ticket.total_paid_cents;
  const standalone = mode === 'refund';
  const [decision, setDecision] = useState<'refund' | 'none'>('refund');
  const [amount, setAmount] = useState((paid / 100).toFixed(2).replace('.', ','));
  const [reason, setReason] = useState('');
  const [fromSellerCash, setFromSellerCash] = useState(false);
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const label = ticket.ticket_number;
  const to = mode && mode !== 'refund' ? mode.to : null;
  const toName = to ? ticketStatusName(to) : '';
  // Back to apartado refunds everything: no choice, no amount to type.
  const refundsAll = to === 'apartado';
  const refunding = standalone || refundsAll || decision === 'refund';
  // Cash a seller recorded stays owed by them unless they gave it back (decision 062); a seller
  // refunding their own cash is taken at their word by the server, so only an admin is asked.
  const viewer = useViewerProfile();
  const askSellerCash = refunding && viewer?.role === 'admin' && Boolean(ticket.seller_name);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const cents = refundsAll ? paid : parseMoneyToCents(amount);
    const next = {
      amount: !refunding
        ? undefined
        : cents === null
          ? t.invalidAmount
          : cents <= 0
            ? t.zeroAmount
            : cents > paid
              ? t.tooMuch(formatUsd(paid))
              : undefined,
      reason: reason.trim().length < 3 ? t.reasonRequired : undefined,
    };
    setErrors(next);
    if (next.amount || next.reason) return;
    const text = reason.trim();
    try {
      if (standalone) {
        await refund.mutateAsync({
          amount_cents: cents ?? 0,
          reason: text,
          ...(askSellerCash && { from_seller_cash: fromSellerCash }),
        });
        toast.success(t.refunded(label));
      } else if (to) {
        const updated = await update.mutateAsync({
          number: ticket.number,
          patch: {
            status: to,
            ...(refunding
              ? {
                  refund: {
                    amount_cents: cents ?? 0,
                    reason: text,
                    ...(askSellerCash && { from_seller_cash: fromSellerCash }),
                  },
                }
              : { no_refund_reason: text }),
          },
        });
        toast.success(
          to === 'disponible'
            ? ticketsTexts.actions.released(label)
            : ticketsTexts.actions.changed(label, updated.status),
        );
      }
      onOpenChange(false);
    } catch (cause) {
      setError(isApiError(cause) ? cause.message : texts.common.genericError);
    }
  }

  return (
    <ActionDialog
      open={mode !== null}
      onOpenChange={onOpenChange}
      role="alertdialog"
      title={standalone ? t.refundTitle(label) : t.backTitle(label, toName.toLowerCase())}
      description={
        standalone
          ? t.refundDescription(formatUsd(paid))
          : refundsAll
            ? t.backToReservedDescription(formatUsd(paid))
            : t.backDescription(formatUsd(paid))
      }
      actionLabel={standalone ? t.refundConfirm : t.backConfirm(toName.toLowerCase())}
      actionVariant={to === 'apartado' ? 'primary' : 'destructive'}
      pending={update.isPending || refund.isPending}
      error={error}
      onSubmit={submit}
    >
      <DeliveredPrizeNotice win={ticket.instant_win} />
      {!standalone && !refundsAll && (
        <fieldset className="grid gap-1.5">
          <legend className="mb-1.5 text-sm font-medium text-zinc-900">{t.decision}</legend>
          <div className="grid grid-cols-2 gap-2">
            {(['refund', 'none'] as const).map((option) => (
              <label
                key={option}
                className={cn(
                  'flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 text-sm font-medium',
                  decision === option ? 'border-brand-600 bg-brand-50 text-brand-900' : 'border-zinc-300',
                )}
              >
                <input
                  type="radio"
                  name="refund-decision"
                  value={option}
                  checked={decision === option}
                  onChange={() => setDecision(option)}
                  className="size-4 accent-brand-700"
                />
                {option === 'refund' ? t.refund : t.noRefund}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {refunding && !refundsAll && (
        <Field id="refund-amount" label={t.refundAmount} error={errors.amount}>
          <Input
            {...fieldControlProps('refund-amount', errors.amount)}
            inputMode="decimal"
            autoComplete="off"
            maxLength={12}
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
          />
        </Field>
      )}
      <Field
        id="refund-reason"
        label={t.reason}
        error={errors.reason}
        hint={refunding ? t.refundReasonHint : t.noRefundReasonHint}
      >
        <Textarea
          {...fieldControlProps(
            'refund-reason',
            errors.reason,
            refunding ? t.refundReasonHint : t.noRefundReasonHint,
          )}
          maxLength={300}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          className="min-h-20"
        />
      </Field>
      {askSellerCash && (
        <div className="grid gap-1">
          <label className="flex min-h-11 cursor-pointer items-start gap-3 text-sm font-medium text-zinc-900">
            <input
              type="checkbox"
              checked={fromSellerCash}
              onChange={(event) => setFromSellerCash(event.target.checked)}
              className="mt-0.5 size-4 shrink-0 accent-brand-700"
            />
            {t.fromSellerCash}
          </label>
          <p className="text-sm text-zinc-600">{t.fromSellerCashHint(ticket.seller_name ?? '')}</p>
        </div>
      )}
    </ActionDialog>
  );
}
