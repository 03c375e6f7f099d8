import type { CreatePaymentInput, PublicCreatePaymentResult } from '@domain/payments';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type CreatedPayment = PublicCreatePaymentResult;

/**
 * `POST /api/payments` (public): a buyer pays a number from tracking, naming the raffle and the
 * number and proving it is theirs with the same cedula and last four phone digits of the lookup.
 * Tracking is a lookup, not a cached query: the page re-runs it after this succeeds.
 */
export const createTrackedPayment = (input: CreatePaymentInput): Promise<CreatedPayment> =>
  api.post<CreatedPayment>('/payments', input, { auth: false });

export const useCreateTrackedPayment = () => useMutation({ mutationFn: createTrackedPayment });
