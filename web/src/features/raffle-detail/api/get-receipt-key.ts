import { fromBase64 } from '@domain/verification';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ReceiptKey } from '../sealed-draw';

/** `GET /api/receipts/key` (public): the Ed25519 key that signs every receipt; it does not change. */
export const getReceiptKeyQueryOptions = () =>
  queryOptions({
    queryKey: ['receipts', 'key'] as const,
    queryFn: ({ signal }) => api.get<ReceiptKey>('/receipts/key', { signal, auth: false }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useReceiptKey = (enabled: boolean) => useQuery({ ...getReceiptKeyQueryOptions(), enabled });

/** The 32 raw bytes of the key, for @noble/curves. */
export const receiptKeyBytes = (key: ReceiptKey) => fromBase64(key.public_key);
