import { useEffect, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { ProofUpload } from '@/hooks/use-proof-upload';
import { forgetPaymentDraft, keepPaymentDraft, type OrderPaymentDraft } from '../order-payment-draft';
import type { OrderPaymentFormInput, OrderPaymentFormOutput } from '../order-payment-schema';

/**
 * Keeps every change of the order's payment form, and its uploaded proof, for this tab until the
 * payment is sent (order-payment-draft.ts); a mere mount keeps nothing. `forget` goes with sending:
 * the proof it clears then is not kept again.
 */
export function useKeptPaymentDraft(
  code: string,
  payments: number,
  form: UseFormReturn<OrderPaymentFormInput, unknown, OrderPaymentFormOutput>,
  proof: ProofUpload,
  draft: OrderPaymentDraft | null,
) {
  const proofName = proof.state.status === 'done' ? proof.state.fileName : null;
  const proofUrl = proof.fileUrl;
  const keptProof = useRef(draft?.proof?.fileUrl ?? null);

  useEffect(() => {
    const file = proofName && proofUrl ? { fileName: proofName, fileUrl: proofUrl } : null;
    if (proofUrl !== keptProof.current) {
      keptProof.current = proofUrl;
      keepPaymentDraft(code, { values: form.getValues(), proof: file }, payments);
    }
    const subscription = form.watch((values) => keepPaymentDraft(code, { values, proof: file }, payments));
    return () => subscription.unsubscribe();
  }, [form, code, proofName, proofUrl, payments]);

  return {
    forget: () => {
      keptProof.current = null;
      forgetPaymentDraft(code);
    },
  };
}
