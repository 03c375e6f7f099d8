import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const PRIVATE_FILES = /^\/api(\/files\/[^/?#]+)$/;

/** The API path of a proof stored by this server (`/api/files/<key>`), or null for anything else. */
export const proofApiPath = (fileUrl: string): string | null => PRIVATE_FILES.exec(fileUrl)?.[1] ?? null;

/**
 * `GET /api/files/:key` (staff): payment proofs are private, and an <img> cannot send the bearer
 * token, so the file comes as a Blob through the API client and is shown from an object URL.
 */
export const getPaymentProof = (path: string, signal?: AbortSignal): Promise<Blob> =>
  api.getBlob(path, { signal });

export const getPaymentProofQueryOptions = (path: string) =>
  queryOptions({
    // Apart from the payments key: a decision refreshes the lists, never re-downloads a file.
    queryKey: ['payment-proofs', path] as const,
    queryFn: ({ signal }) => getPaymentProof(path, signal),
    // A stored file never changes; several cards of one proof share one download.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 5 * 60_000,
  });

export const usePaymentProof = (path: string | null) =>
  useQuery({ ...getPaymentProofQueryOptions(path ?? ''), enabled: path !== null });
