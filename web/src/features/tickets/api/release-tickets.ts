import type { BulkReleasePreview, BulkReleaseResult, bulkReleaseInputSchema } from '@domain/bulk-release';
import type { z } from '@domain/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshMoneyFigures } from '@/api/money-moved';
import { raffleApiPath } from '@/api/raffles';
import { api } from '@/lib/api-client';

/** One selection: numbers, one buyer's cedula, or the list's filter (`status` as a comma list). */
export type BulkSelection = Omit<z.input<typeof bulkReleaseInputSchema>, 'dry_run'>;

const path = (raffleId: string) => `${raffleApiPath(raffleId)}/tickets/release`;

/**
 * `POST /api/raffles/:id/tickets/release` with `dry_run`: how many numbers and buyers a release
 * would take now, and which numbers it would leave and why (approved payments, paid with no payment
 * of their own, not sold, not in the raffle), each reason in Spanish.
 */
export const previewRelease = (raffleId: string, selection: BulkSelection) =>
  api.post<BulkReleasePreview>(path(raffleId), { ...selection, dry_run: true });

/** The release itself: one transaction on the server, one history row per number. */
export function useReleaseTickets(raffleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (selection: BulkSelection) => api.post<BulkReleaseResult>(path(raffleId), selection),
    // Whatever happened (released, or refused because something changed), show what is true now.
    // A release ends sales and may reverse commissions: every figure money moves.
    onSettled: () => refreshMoneyFigures(queryClient),
  });
}
