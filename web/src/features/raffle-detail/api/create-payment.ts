import type { CreatePaymentInput, PublicCreatePaymentResult } from '@domain/payments';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A buyer's answer: their payment, without the reviewer's duplicate hint. */
export type PaymentResult = PublicCreatePaymentResult;

/** POST /api/payments: a public caller proves the ticket is theirs with the buyer's cedula. */
export const createPayment = (input: CreatePaymentInput): Promise<PaymentResult> =>
  api.post<PaymentResult>('/payments', input, { auth: false });

export const useCreatePayment = () => useMutation({ mutationFn: createPayment });
