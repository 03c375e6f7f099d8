import { checksResponseSchema, type TestBenchRun } from '@domain/test-bench';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { testBenchRunsKey } from './get-runs';

/** POST /api/test-bench/checks (admin): every live check now, each recorded. */
export async function runChecks(): Promise<TestBenchRun[]> {
  return checksResponseSchema.parse(await api.post<unknown>('/test-bench/checks')).checks;
}

export function useRunChecks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runChecks,
    onSettled: () => queryClient.invalidateQueries({ queryKey: testBenchRunsKey }),
  });
}
