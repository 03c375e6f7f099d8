import type { SalesInsight } from '@domain/insight';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type InsightFilters = { raffleId?: string; days: number };

/** `GET /api/insight` (staff): totals, sales per day and per raffle; a vendedor gets only their own. */
export const getInsight = (filters: InsightFilters, signal?: AbortSignal): Promise<SalesInsight> =>
  api.get<SalesInsight>('/insight', { query: { raffle_id: filters.raffleId, days: filters.days }, signal });

export const getInsightQueryOptions = (filters: InsightFilters) =>
  queryOptions({
    queryKey: ['insight', filters] as const,
    queryFn: ({ signal }) => getInsight(filters, signal),
    // Sales move all day: a minute old is fine, five is not.
    staleTime: 60_000,
  });

export const useInsight = (filters: InsightFilters) => useQuery(getInsightQueryOptions(filters));
