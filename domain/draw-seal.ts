import { instantField } from './api';
import { z } from './zod';

/**
 * The RFC 3161 seal of a closed raffle's commitment (decision 023, docs/verification.md):
 * 'pendiente' while the authority has not answered (retried in the background), 'sellado' once its
 * token is stored and verified. A raffle closed with no authority configured has no seal (null).
 */
export const SEAL_STATUSES = ['pendiente', 'sellado'] as const;
export type SealStatus = (typeof SEAL_STATUSES)[number];

/** The `timestamp` of `GET /api/raffles/:id/draw`. */
export const drawTimestampSchema = z.object({
  status: z.enum(SEAL_STATUSES),
  /** The authority's name as its certificate gives it (CN, else O), else its host. */
  authority: z.string().nullable(),
  /** The time the authority stamped (its TSTInfo genTime). */
  time: instantField.nullable(),
  /** `/api/raffles/:id/seal.tsr`: the DER TimeStampResp, once sealed. */
  token_url: z.string().nullable(),
});
export type DrawTimestamp = z.infer<typeof drawTimestampSchema>;

/** `/api/raffles/:id/seal.tsr`. */
export const sealTokenPath = (raffleId: string) => `/api/raffles/${raffleId}/seal.tsr`;
