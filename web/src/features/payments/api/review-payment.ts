import type { Payment, reviewPaymentSchema } from '@domain/payments';
import type { z } from '@domain/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshMoneyFigures } from '@/api/money-moved';
import { api } from '@/lib/api-client';

export type ReviewPaymentVariables = z.input<typeof reviewPaymentSchema> & { id: string };

/** `PATCH /api/payments/:id` (admin): approve or reject one payment; a rejection carries its reason. */
export const reviewPayment = ({ id, ...decision }: ReviewPaymentVariables): Promise<Payment> =>
  api.patch<Payment>(`/payments/${encodeURIComponent(id)}`, decision);

/**
 * Lists, counts (and the menu badge) and every figure money moves refresh after a decision, and
 * after a 409 too. `onDecided` runs
 * before that refresh starts, so the page can keep the decided card in place (use-review-queue.ts).
 */
export function useReviewPayment(onDecided?: (status: 'approved' | 'rejected') => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewPayment,
    onSuccess: (_payment, { status }) => onDecided?.(status),
    // An approval marks the number paid and earns its seller's commission: every figure money moves.
    onSettled: () => refreshMoneyFigures(queryClient),
  });
}
