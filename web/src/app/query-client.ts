import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-error';

/** SPEC 7/9: stale 5 min, kept 30 min, no refetch on focus, 1 retry with exponential delay up to 30 s. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60_000,
        gcTime: 30 * 60_000,
        refetchOnWindowFocus: false,
        // A 4xx answer will not change on a second try; network errors and 5xx might.
        retry: (failureCount, error) =>
          failureCount < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500),
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
      },
    },
  });
}

/**
 * The app's one client: the provider hands it to React, and route loaders use it to start a
 * screen's requests while that screen's code is still downloading.
 */
export const queryClient = createQueryClient();
