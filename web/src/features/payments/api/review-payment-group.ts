import type { batchReviewSchema, Payment } from '@domain/payments';
import type { z } from '@domain/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { paymentsQueryKey } from './get-payments';

export type ReviewPaymentGroupInput = z.input<typeof batchReviewSchema>;

/**
 * `POST /api/payments/review` (admin): one decision for the payments of one proof (several numbers),
 * all or nothing; each payment is still its own row and history on the server.
 */
export const reviewPaymentGroup = (input: ReviewPaymentGroupInput): Promise<{ payments: Payment[] }> =>
  api.post<{ payments: Payment[] }>('/payments/review', input);

export function useReviewPaymentGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewPaymentGroup,
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentsQueryKey }),
  });
}
