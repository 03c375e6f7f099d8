import type { StaffPayment } from '@domain/payments';
import { toast } from 'sonner';
import { texts } from '@/config/texts';
import { isApiError } from '@/lib/api-error';
import { useReviewPayment } from '../api/review-payment';
import { paymentsTexts } from '../texts';

export type Decision = { status: 'approved' | 'rejected'; reason?: string };

const t = paymentsTexts.toasts;

/**
 * Approves or rejects one payment (all its numbers: one proof of an order is one payment with
 * parts). A decision recorded is told by its card, where the reviewer tapped (`onDecided`): a toast
 * at the corner would cover the next card's buttons. A failure ends in a toast; a 409 (already
 * decided elsewhere, ticket changed, amount too high) shows the server's Spanish message, and the
 * lists refetch either way.
 */
export function useDecidePayment(payment: StaffPayment, onDecided?: (decided: Decision['status']) => void) {
  const review = useReviewPayment(onDecided);

  /** Resolves true when the decision was recorded. */
  async function decide(decision: Decision): Promise<boolean> {
    try {
      await review.mutateAsync({ id: payment.id, ...decision });
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
    pending: review.isPending ? (review.variables?.status as Decision['status'] | undefined) : undefined,
  };
}
