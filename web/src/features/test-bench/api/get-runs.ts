import { runsResponseSchema, type TestBenchKind, type TestBenchRun } from '@domain/test-bench';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Every runs list shares this prefix: a new check or drill invalidates them all. */
export const testBenchRunsKey = ['test-bench', 'runs'] as const;

/** GET /api/test-bench/runs?kind=&limit= (admin), newest first. */
export async function getTestBenchRuns(kind: TestBenchKind, limit: number): Promise<TestBenchRun[]> {
  const body = await api.get<unknown>('/test-bench/runs', { query: { kind, limit } });
  return runsResponseSchema.parse(body).runs;
}

export const getTestBenchRunsQueryOptions = (kind: TestBenchKind, limit = 20) =>
  queryOptions({
    queryKey: [...testBenchRunsKey, kind, limit],
    queryFn: () => getTestBenchRuns(kind, limit),
  });

export const useTestBenchRuns = (kind: TestBenchKind, limit?: number) =>
  useQuery(getTestBenchRunsQueryOptions(kind, limit));
