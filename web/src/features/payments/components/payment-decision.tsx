import type { StaffPayment } from '@domain/payments';
import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useDecidePayment } from '../hooks/use-decide-payment';
import { paymentNumbers, surplusOwes } from '../payment-amount';
import { paymentsTexts } from '../texts';
import { RejectPaymentDialog } from './reject-payment-dialog';

type PaymentDecisionProps = { payment: StaffPayment; buyer: string };

const t = paymentsTexts.card;

/**
 * A pending card's two decisions: approve in one click, or reject with a reason the buyer will read.
 * A surplus (its numbers no longer owe it) is to reject: approving it is not offered.
 */
export function PaymentDecision({ payment, buyer }: PaymentDecisionProps) {
  const [rejecting, setRejecting] = useState(false);
  const { decide, pending } = useDecidePayment(payment);
  const numbers = paymentNumbers(payment);
  // One decision at a time: both buttons wait while either runs (no double submits).
  const busy = pending !== undefined;
  return (
    <div className="grid grid-cols-2 gap-2 border-t border-zinc-100 pt-4 sm:flex sm:justify-end lg:col-span-2">
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
