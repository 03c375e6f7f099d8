// @vitest-environment jsdom
import { messages } from '@domain/messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { publicRaffle } from '@/test/public-raffle';
import { OrderPage } from './order-page';

let orderAnswer: () => Response;
const asked: string[] = [];
beforeEach(() => {
  sessionStorage.clear();
  asked.length = 0;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = String(input);
    asked.push(url);
    if (url.includes('/api/orders/')) return orderAnswer();
    if (url.includes('/api/raffles/')) return Response.json(publicRaffle);
    return Response.json({ error: { code: 'NOT_FOUND', message: 'No encontrado' } }, { status: 404 });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderOrderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/raffle/:id/pedido/:code', element: <OrderPage /> },
      { path: '/tracking', element: <p>Mis tickets</p> },
    ],
    { initialEntries: [`/raffle/${publicRaffle.id}/pedido/K7M-4Q3XA`] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const typeCedula = async () => {
  await userEvent.type(await screen.findByRole('textbox'), '12345678');
  await userEvent.click(screen.getByRole('button', { name: 'Ver mi pedido' }));
};

describe('OrderPage', () => {
  it('a wrong cédula asks again, saying so', async () => {
    orderAnswer = () => Response.json({ error: { code: 'ORDER_NOT_FOUND', message: 'No' } }, { status: 404 });
    renderOrderPage();
    await typeCedula();
    expect(await screen.findByText(/No encontramos ese pedido con esa cédula/)).toBeTruthy();
    expect(screen.getByRole('textbox')).toBeTruthy();
  });

  it("past the code's wrong cédulas: the server's reason, no form to try again, a way to Mis tickets", async () => {
    orderAnswer = () =>
      Response.json(
        { error: { code: 'ORDER_LIMIT', message: messages.http.orderMisses } },
        { status: 429, headers: { 'retry-after': '3600' } },
      );
    renderOrderPage();
    await typeCedula();
    expect(await screen.findByText('Este pedido está protegido por un rato')).toBeTruthy();
    expect(screen.getByText(messages.http.orderMisses)).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(asked.filter((url) => url.includes('/api/orders/'))).toHaveLength(1);
    await userEvent.click(screen.getByRole('link', { name: 'Ir a «Mis tickets»' }));
    expect(await screen.findByText('Mis tickets')).toBeTruthy();
  });
});
