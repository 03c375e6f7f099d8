import type { StaffPayment } from '@domain/payments';
import { Check, CheckCircle2, X, XCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { type Decision, useDecidePayment } from '../hooks/use-decide-payment';
import { paymentNumbers, surplusOwes } from '../payment-amount';
import { paymentsTexts } from '../texts';
import { RejectPaymentDialog } from './reject-payment-dialog';

type PaymentDecisionProps = {
  payment: StaffPayment;
  buyer: string;
  onDecided: (decided: Decision['status']) => void;
};

const t = paymentsTexts.card;
const rowClass = 'border-t border-zinc-100 pt-4 lg:col-span-2';

/**
 * A pending card's two decisions: approve in one click, or reject with a reason the buyer will read.
 * A surplus (its numbers no longer owe it) is to reject: approving it is not offered.
 */
export function PaymentDecision({ payment, buyer, onDecided }: PaymentDecisionProps) {
  const [rejecting, setRejecting] = useState(false);
  const { decide, pending } = useDecidePayment(payment, onDecided);
  const numbers = paymentNumbers(payment);
  // One decision at a time: both buttons wait while either runs (no double submits).
  const busy = pending !== undefined;
  return (
    <div className={cn(rowClass, 'grid grid-cols-2 gap-2 sm:flex sm:justify-end')}>
      <Button
        variant={payment.surplus ? 'destructive' : 'secondary'}
        className={payment.surplus ? undefined : 'text-red-700 hover:bg-red-50 hover:text-red-800'}
        disabled={busy}
        loading={pending === 'rejected'}
        aria-label={t.rejectLabel(numbers)}
        onClick={() => setRejecting(true)}
      >
        {pending !== 'rejected' && <X aria-hidden />}
        {t.reject}
      </Button>
      <Button
        variant={payment.surplus ? 'secondary' : 'primary'}
        disabled={busy || payment.surplus}
        title={payment.surplus ? t.surplusApprove : undefined}
        loading={pending === 'approved'}
        aria-label={t.approveLabel(numbers)}
        onClick={() => decide({ status: 'approved' })}
      >
        {pending !== 'approved' && <Check aria-hidden />}
        {t.approve}
      </Button>
      <RejectPaymentDialog
        open={rejecting}
        onOpenChange={setRejecting}
        buyer={buyer}
        numbers={numbers}
        raffle={payment.ticket.raffle_name}
        pending={pending === 'rejected'}
        initialReason={payment.surplus ? t.surplusReason(surplusOwes(payment)) : undefined}
        onConfirm={(text) => decide({ status: 'rejected', reason: text })}
      />
    </div>
  );
}

const decidedTexts = paymentsTexts.decided;

/**
 * Where the buttons were, once decided here: the same height, so nothing below moves, and focus stays
 * on the card (the button that had it is gone). Read out as a status.
 */
export function PaymentDecided({ payment, decided }: { payment: StaffPayment; decided: Decision['status'] }) {
  const note = useRef<HTMLParagraphElement>(null);
  useEffect(() => note.current?.focus({ preventScroll: true }), []);
  const numbers = paymentNumbers(payment);
  const Icon = decided === 'approved' ? CheckCircle2 : XCircle;
  return (
    <div className={rowClass}>
      <p
        ref={note}
        role="status"
        tabIndex={-1}
        data-testid="payment-decided"
        className={cn(
          'flex min-h-11 items-center gap-2 rounded-lg px-3 py-2 text-sm outline-none',
          decided === 'approved' ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-900',
        )}
      >
        <Icon aria-hidden className="size-5 shrink-0" />
        <span>
          <span className="font-semibold">{decidedTexts[decided](numbers)}.</span>{' '}
          {decidedTexts.where[decided]}
        </span>
      </p>
    </div>
  );
}
