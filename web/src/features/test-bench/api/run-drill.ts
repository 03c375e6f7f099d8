import { type DrillInput, type DrillResponse, drillResponseSchema } from '@domain/test-bench';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { testBenchRunsKey } from './get-runs';

/** POST /api/test-bench/drill (admin): the concurrency drill; 409 while another one runs. */
export async function runDrill(input: DrillInput): Promise<DrillResponse> {
  return drillResponseSchema.parse(await api.post<unknown>('/test-bench/drill', input));
}

export function useRunDrill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runDrill,
    onSettled: () => queryClient.invalidateQueries({ queryKey: testBenchRunsKey }),
  });
}
