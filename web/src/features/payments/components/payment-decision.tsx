import type { StaffPayment } from '@domain/payments';
import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useDecidePayments } from '../hooks/use-decide-payments';
import { paymentsTexts } from '../texts';
import { RejectPaymentDialog } from './reject-payment-dialog';

type PaymentDecisionProps = {
  /** The card's payments: one, or the numbers of one proof, decided together. */
  payments: StaffPayment[];
  buyer: string;
  numbers: string[];
  raffle: string;
};

const t = paymentsTexts.card;

/** A pending card's two decisions: approve in one click, or reject with a reason the buyer will read. */
export function PaymentDecision({ payments, buyer, numbers, raffle }: PaymentDecisionProps) {
  const [rejecting, setRejecting] = useState(false);
  const { decide, pending } = useDecidePayments(payments);
  // One decision at a time: both buttons wait while either runs (no double submits).
  const busy = pending !== undefined;
  return (
    <div className="grid grid-cols-2 gap-2 border-t border-zinc-100 pt-4 sm:flex sm:justify-end lg:col-span-2">
      <Button
        variant="secondary"
        className="text-red-700 hover:bg-red-50 hover:text-red-800"
        disabled={busy}
        loading={pending === 'rejected'}
        aria-label={t.rejectLabel(numbers)}
        onClick={() => setRejecting(true)}
      >
        {pending !== 'rejected' && <X aria-hidden />}
        {t.reject}
      </Button>
      <Button
        disabled={busy}
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
        raffle={raffle}
        pending={pending === 'rejected'}
        onConfirm={(text) => decide({ status: 'rejected', reason: text })}
      />
    </div>
  );
}
