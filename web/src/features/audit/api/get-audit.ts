import type { AuditPage } from '@domain/audit';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type AuditFilters = {
  raffle_id?: string;
  actor?: string;
  action?: string;
  /** Caracas days, YYYY-MM-DD, inclusive. */
  from?: string;
  to?: string;
  page: number;
};

/** Every audit query shares this prefix: a verification refreshes the list it was run beside. */
export const auditKey = ['audit'] as const;

/** `GET /api/audit` (admin): newest first, a fixed page size the answer states. */
export const getAudit = (filters: AuditFilters, signal?: AbortSignal): Promise<AuditPage> =>
  api.get<AuditPage>('/audit', { query: filters, signal });

export const getAuditQueryOptions = (filters: AuditFilters) =>
  queryOptions({
    queryKey: [...auditKey, 'entries', filters] as const,
    queryFn: ({ signal }) => getAudit(filters, signal),
    staleTime: 10_000,
  });

/** Keeps the previous page on screen while the next one (or other filters) loads. */
export const useAuditLog = (filters: AuditFilters) =>
  useQuery({ ...getAuditQueryOptions(filters), placeholderData: keepPreviousData });
