import type { BankCode } from '@domain/banks';
import type {
  ColumnMapping,
  StatementApproval,
  StatementDetail,
  StatementSummary,
  StatementUploadResult,
} from '@domain/reconciliation';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { refreshMoneyFigures } from '@/api/money-moved';
import { api } from '@/lib/api-client';

/**
 * Bank statements hang from one tree: an upload refreshes the list, an approval the statement and
 * the list (its counts) and the payments the approval decided.
 */
export const statementKeys = {
  all: ['reconciliation', 'statements'] as const,
  list: () => [...statementKeys.all, 'list'] as const,
  detail: (id: string) => [...statementKeys.all, 'detail', id] as const,
};

const statementPath = (id: string) => `/reconciliation/statements/${encodeURIComponent(id)}`;

/** `GET /api/reconciliation/statements` (admin): the last 20 uploads, newest first. */
export const getStatementsQueryOptions = () =>
  queryOptions({
    queryKey: statementKeys.list(),
    queryFn: ({ signal }) => api.get<StatementSummary[]>('/reconciliation/statements', { signal }),
  });

export const useStatements = () => useQuery(getStatementsQueryOptions());

/** `GET /api/reconciliation/statements/:id` (admin): every credit with its state and payments. */
export const getStatementQueryOptions = (id: string) =>
  queryOptions({
    queryKey: statementKeys.detail(id),
    queryFn: ({ signal }) => api.get<StatementDetail>(statementPath(id), { signal }),
  });

export const useStatement = (id: string | null) =>
  useQuery({ ...getStatementQueryOptions(id ?? ''), enabled: id !== null });

export type StatementUploadInput = { file: File; bankCode?: BankCode; mapping?: ColumnMapping };

/**
 * `POST /api/reconciliation/statements` (multipart). A 422 `MAPPING_REQUIRED` comes back as an
 * ApiError whose `details` carry `columns`, `sample` and `suggested`.
 */
export function useUploadStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, bankCode, mapping }: StatementUploadInput) => {
      const body = new FormData();
      if (bankCode) body.append('bank_code', bankCode);
      if (mapping) body.append('mapping', JSON.stringify(mapping));
      body.append('file', file);
      return api.post<StatementUploadResult>('/reconciliation/statements', body);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statementKeys.list() }),
  });
}

/** `POST /api/reconciliation/statements/:id/approve` (admin): each payment approved, or why not. */
export function useApproveMatches(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<StatementApproval>(`${statementPath(id)}/approve`),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: statementKeys.all }),
        refreshMoneyFigures(queryClient),
      ]),
  });
}
