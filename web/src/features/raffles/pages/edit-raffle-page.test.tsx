// @vitest-environment jsdom
import type { Profile } from '@domain/auth';
import { drawTermsMessages } from '@domain/draw-terms';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthContextValue } from '@/lib/auth-context';
import { answerFromServer } from '@/test/server-answer';
import { staffRaffle } from '@/test/staff-raffle';
import { EditRafflePage } from './edit-raffle-page';

const MINUTE = 60_000;

/** The edit page of the raffle's own vendedor, the raffle closing at `closing_date`. */
function renderEditPage(closing_date: string) {
  const raffle = { ...staffRaffle, closing_date };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.endsWith(`/raffles/${raffle.id}`)) return Response.json(raffle);
    if (url.endsWith('/instant-wins')) return Response.json({ instant_wins: [] });
    return Response.json([]);
  });
  const auth = {
    status: 'authenticated',
    profile: { id: raffle.seller_id, role: 'vendedor' } as Profile,
  } as AuthContextValue;
  const router = createMemoryRouter([{ path: '/rifas/:id/editar', element: <EditRafflePage /> }], {
    initialEntries: [`/rifas/${raffle.id}/editar`],
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AuthContext.Provider value={auth}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AuthContext.Provider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  answerFromServer(0);
});

describe('the edit page freezes a passed closing date by the server’s clock (decision 064)', () => {
  it('a laptop 10 minutes behind freezes a date 5 minutes in the server’s past', async () => {
    answerFromServer(-10 * MINUTE);
    renderEditPage(new Date(Date.now() + 10 * MINUTE - 5 * MINUTE).toISOString());
    const closing = await screen.findByLabelText('Fecha y hora de cierre');
    expect(closing).toHaveProperty('readOnly', true);
    expect(document.body.textContent).toContain(drawTermsMessages.closingPassed);
  });

  it('a laptop 10 minutes ahead still lets a date 5 minutes ahead of the server move', async () => {
    answerFromServer(10 * MINUTE);
    renderEditPage(new Date(Date.now() - 10 * MINUTE + 5 * MINUTE).toISOString());
    const closing = await screen.findByLabelText('Fecha y hora de cierre');
    expect(closing).toHaveProperty('readOnly', false);
    expect(document.body.textContent).not.toContain(drawTermsMessages.closingPassed);
  });

  it('a page left open across the closing date freezes the field by itself, without a reload', async () => {
    // 4 s ahead: the page renders well before it, even on a loaded machine.
    renderEditPage(new Date(Date.now() + 4_000).toISOString());
    const closing = await screen.findByLabelText('Fecha y hora de cierre');
    expect(closing).toHaveProperty('readOnly', false);
    await waitFor(() => expect(closing).toHaveProperty('readOnly', true), { timeout: 8_000 });
    expect(document.body.textContent).toContain(drawTermsMessages.closingPassed);
  }, 15_000);
});
