import type { TrackedTicket, TrackingQuery } from '@domain/tracking';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * `POST /api/tracking` (public, rate limited per IP): the buyer's tickets when both the cedula and
 * the last four phone digits match. A lookup, not a change: it invalidates nothing.
 */
export const trackTickets = (body: TrackingQuery): Promise<{ tickets: TrackedTicket[] }> =>
  api.post<{ tickets: TrackedTicket[] }>('/tracking', body, { auth: false });

export const useTrackTickets = () => useMutation({ mutationFn: trackTickets });
