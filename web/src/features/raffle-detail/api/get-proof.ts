import { raffleApiPath } from '@/api/raffles';
import { api } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import type { InclusionProof } from '../sealed-draw';

/**
 * `GET /api/raffles/:id/proof?number=N` (public): a number's line in the sealed list and its audit
 * path. Null when the list has no line for it (404 NOT_IN_LIST); any other failure throws.
 * Asked once per check, never cached: the verdict must come from what the server says now.
 */
export async function getProof(raffleId: string, number: number): Promise<InclusionProof | null> {
  try {
    return await api.get<InclusionProof>(`${raffleApiPath(raffleId)}/proof`, {
      query: { number },
      auth: false,
    });
  } catch (error) {
    if (isApiError(error) && error.status === 404 && error.code === 'NOT_IN_LIST') return null;
    throw error;
  }
}
