import type { CreatePaymentInput, Payment } from '@domain/payments';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type PaymentResult = {
  success: true;
  ticket: { id: string; number: number; status: string };
  payment: Payment;
};

/** POST /api/payments: a public caller proves the ticket is theirs with the buyer's cedula. */
export const createPayment = (input: CreatePaymentInput): Promise<PaymentResult> =>
  api.post<PaymentResult>('/payments', input, { auth: false });

export const useCreatePayment = () => useMutation({ mutationFn: createPayment });
