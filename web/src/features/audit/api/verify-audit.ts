import type { AuditVerdict } from '@domain/audit-chain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { auditKey } from './get-audit';

/** `GET /api/audit/verify` (admin): the whole chain recomputed on the server, on demand. */
export const verifyAudit = (): Promise<AuditVerdict> => api.get<AuditVerdict>('/audit/verify');

/** A button's action (not a cached read): each click recomputes, and the list is read again beside it. */
export function useVerifyAudit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyAudit,
    onSettled: () => queryClient.invalidateQueries({ queryKey: auditKey }),
  });
}
