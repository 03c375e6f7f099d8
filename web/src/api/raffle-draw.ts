import type { DrawResult } from '@domain/draw';
import type { DrawKind } from '@domain/draw-terms';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { raffleApiPath, raffleKeys } from './raffles';

/**
 * `GET /api/raffles/:id/draw` as issue 19 extends it (docs/verification.md): when the list was
 * frozen, its seal, the declared source with the drand round, and the result as published. Every
 * added field may be missing from an older server, so the screens read them defensively.
 */
export type SealedDraw = DrawResult & {
  closed_at?: string | null;
  commitment_version?: number | null;
  line_count?: number | null;
  sold_list_url?: string | null;
  timestamp?: {
    status: 'sellado' | 'pendiente';
    authority: string | null;
    time: string | null;
    token_url: string | null;
  } | null;
  source?: {
    kind: DrawKind | null;
    lottery: string | null;
    draw_at: string | null;
    rule: string | null;
    rule_text: string | null;
    beacon: { round: number; randomness: string | null; signature: string | null; chain_hash: string } | null;
  } | null;
  result?: string | null;
  audit_head?: string | null;
};

/** The public draw answer, under the raffle's key (closing or drawing refreshes it). */
export const sealedDrawQueryOptions = (raffleId: string) =>
  queryOptions({
    queryKey: raffleKeys.draw(raffleId),
    queryFn: ({ signal }) => api.get<SealedDraw>(`${raffleApiPath(raffleId)}/draw`, { signal, auth: false }),
  });

export const useSealedDraw = (raffleId: string, enabled: boolean) =>
  useQuery({ ...sealedDrawQueryOptions(raffleId), enabled });
