import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach } from 'vitest';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

/**
 * Renders a component as the app does: a fresh query client (no retries, so an error shows at
 * once) and a data router like the app's (createBrowserRouter), so hooks that need one (useBlocker)
 * work. Returns Testing Library's queries.
 */
export function renderWithProviders(ui: ReactElement) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter([{ path: '*', element: ui }]);
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

type Call = { method: string; url: string; body: unknown };

/** Replaces fetch with one that answers every request with `answer` and records what was asked. */
export function recordFetch(answer: () => Response = () => Response.json({})) {
  const calls: Call[] = [];
  const fetchStub = async (input: RequestInfo | URL, init?: RequestInit) => {
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    calls.push({ method: init?.method ?? 'GET', url: String(input), body });
    return answer();
  };
  return { calls, fetchStub };
}
