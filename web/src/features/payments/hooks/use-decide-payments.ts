import type { StaffPayment } from '@domain/payments';
import { toast } from 'sonner';
import { texts } from '@/config/texts';
import { isApiError } from '@/lib/api-error';
import { useReviewPayment } from '../api/review-payment';
import { useReviewPaymentGroup } from '../api/review-payment-group';
import { paymentsTexts } from '../texts';

export type Decision = { status: 'approved' | 'rejected'; reason?: string };

const t = paymentsTexts.toasts;

/**
 * Approves or rejects one card: a single payment with PATCH, the payments of one proof together with
 * POST /payments/review. Success and failure end in a toast; a 409 (already decided elsewhere, ticket
 * changed, amount too high) shows the server's Spanish message, and the lists refetch either way.
 */
export function useDecidePayments(payments: StaffPayment[]) {
  const single = useReviewPayment();
  const group = useReviewPaymentGroup();
  const running = single.isPending ? single.variables : group.isPending ? group.variables : undefined;
  const numbers = payments.map((p) => p.ticket.ticket_number);

  /** Resolves true when the decision was recorded. */
  async function decide(decision: Decision): Promise<boolean> {
    try {
      const [only] = payments;
      if (payments.length === 1 && only) await single.mutateAsync({ id: only.id, ...decision });
      else await group.mutateAsync({ ids: payments.map((p) => p.id), ...decision });
      toast.success(decision.status === 'approved' ? t.approved(numbers) : t.rejected(numbers));
      return true;
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        toast.error(error.message, { description: t.refreshed });
      } else {
        const message = error instanceof Error ? error.message : texts.common.genericError;
        toast.error(t.failed, { description: message });
      }
      return false;
    }
  }

  return {
    decide,
    /** Which decision is on its way (both buttons disable while it runs). */
    pending: running?.status as Decision['status'] | undefined,
  };
}
