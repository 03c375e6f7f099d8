import type { OrderView } from '@domain/orders';
import type { CreatePaymentInput, PublicCreatePaymentResult } from '@domain/payments';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Orders (pedidos) hang from one key: a payment sent for one refreshes what its page shows. */
export const orderKeys = {
  all: ['orders'] as const,
  detail: (code: string, cedula: string) => [...orderKeys.all, code, cedula] as const,
};

/** `GET /api/orders/:code?cedula=` (public): the buyer proves the order is theirs with their cedula. */
export const getOrder = (code: string, cedula: string, signal?: AbortSignal): Promise<OrderView> =>
  api.get<OrderView>(`/orders/${encodeURIComponent(code)}`, { query: { cedula }, signal, auth: false });

export const getOrderQueryOptions = (code: string, cedula: string) =>
  queryOptions({
    queryKey: orderKeys.detail(code, cedula),
    queryFn: ({ signal }) => getOrder(code, cedula, signal),
    // A wrong cedula or code is a 404: asking again will not fix it.
    retry: false,
  });

export const useOrder = (code: string, cedula: string | null) =>
  useQuery({ ...getOrderQueryOptions(code, cedula ?? ''), enabled: Boolean(cedula) });

/**
 * `POST /api/payments` with `order_code` and `cedula` (public): one proof for the whole order; the
 * server spreads the amount over its numbers. 409 DUPLICATE_REFERENCE names the earlier payment.
 */
export const createOrderPayment = (input: CreatePaymentInput): Promise<PublicCreatePaymentResult> =>
  api.post<PublicCreatePaymentResult>('/payments', input, { auth: false });

export function useCreateOrderPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrderPayment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
