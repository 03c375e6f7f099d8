// @vitest-environment jsdom

import type { Raffle } from '@domain/raffles';
import { caracasDate } from '@domain/rate-age';
import type { StaffTicket, TicketPage } from '@domain/staff-tickets';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { staffRaffle } from '@/test/staff-raffle';
import { staffTicketFixture } from '@/test/staff-ticket';
import { TicketsPage } from './tickets-page';

// A reservation that, on an open raffle, still has until 21 nov 2026, 8:00 p. m. to be paid.
const held: StaffTicket = staffTicketFixture({ raffle_id: staffRaffle.id });

const page: TicketPage = {
  items: [held],
  count: 1,
  page: 1,
  per_page: 25,
  counts: { disponible: 99, apartado: 1, abonado: 0, pagado: 0, cancelado: 0, otros: 0 },
};

const open: Raffle = {
  ...staffRaffle,
  status: 'activa',
  has_sales: true,
  closing_date: '2099-01-01T00:00:00.000Z',
};

const rates = [{ currency_code: 'VES', rate_to_usd: 36.5, is_stale: false, rate_date: caracasDate() }];

function serve(raffle: Raffle, wide: boolean, vesRates: unknown[] = rates) {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = String(input);
    return Response.json(
      url.includes('/tickets') ? page : url.includes('/exchange-rates') ? vesRates : raffle,
    );
  });
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: wide,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

beforeEach(() => vi.useRealTimers());
afterEach(() => vi.unstubAllGlobals());

describe('what a number owes, in bolívares too', () => {
  it("shows the amount owed at today's rate under its USD figure, on a phone and on a wide screen", async () => {
    for (const wide of [false, true]) {
      serve(open, wide);
      const { unmount } = renderWithProviders(<TicketsPage />);
      // $5,00 owed at 36,5 Bs per dollar.
      expect((await screen.findByTestId('owed-in-bs')).textContent).toBe('Bs 182,50');
      unmount();
    }
  });

  it('shows USD only without a bolívar rate, and nothing in Bs when nothing is owed', async () => {
    serve(open, true, []);
    const { unmount } = renderWithProviders(<TicketsPage />);
    expect(await screen.findByText('$5,00')).toBeTruthy();
    expect(screen.queryByTestId('owed-in-bs')).toBeNull();
    unmount();
  });
});

describe('the staff list of sold numbers once sales closed', () => {
  it('on an open raffle: the bulk release, the selection and the deadline to pay', async () => {
    serve(open, false);
    renderWithProviders(<TicketsPage />);
    expect(await screen.findByText(/Apartado hasta: 21 nov 2026/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /Liberar en lote/ })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Seleccionar el número 07' })).toBeTruthy();
    expect(screen.queryByTestId('tickets-frozen')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Acciones del número 07' }));
    expect(await screen.findByRole('menuitem', { name: 'Liberar número' })).toBeTruthy();
  });

  it('on a draft: one line says it sells nothing until it is activa', async () => {
    serve({ ...open, status: 'borrador' }, false);
    renderWithProviders(<TicketsPage />);
    const note = await screen.findByTestId('tickets-draft');
    expect(note.textContent).toBe('La rifa es un borrador: actívala antes de apartar o vender números.');
    expect(screen.queryByTestId('tickets-frozen')).toBeNull();
  });

  it.each([
    ['closed', { status: 'cerrada', closed_at: '2026-11-21T22:00:05.000Z' }, '21 nov 2026, 6:00 p. m.'],
    ['drawn', { status: 'finalizada', closed_at: '2026-11-21T22:00:05.000Z' }, '21 nov 2026, 6:00 p. m.'],
    ['past its closing date', { closing_date: '2026-11-21T23:00:00.000Z' }, '21 nov 2026, 7:00 p. m.'],
  ] as const)(
    '%s: no release, no checkboxes, no countdown, and one line saying why',
    async (_, change, date) => {
      for (const wide of [false, true]) {
        serve({ ...open, ...change }, wide);
        const { unmount } = renderWithProviders(<TicketsPage />);
        const note = await screen.findByTestId('tickets-frozen');
        expect(note.textContent?.replace(/\s/g, ' ')).toContain(
          `Las ventas cerraron el ${date.replace(/\s/g, ' ')}`,
        );
        expect(note.textContent).toContain('la lista de vendidos quedó congelada');
        // A phone does not wrap the time between «p.» and «m.».
        expect(note.textContent).toMatch(/\d:00\u00a0p\.\u00a0m\./);
        await screen.findByText('No vence: está en la lista publicada');
        expect(screen.queryByRole('button', { name: /Liberar en lote/ })).toBeNull();
        expect(screen.queryAllByRole('checkbox')).toEqual([]);
        expect(screen.queryByText(/Apartado hasta: /)).toBeNull();
        expect(screen.queryByText(/21 nov 2026, 8:00/)).toBeNull();
        // The number's menu keeps payments, not what the server refuses once sales closed.
        await userEvent.click(screen.getByRole('button', { name: 'Acciones del número 07' }));
        expect(await screen.findByRole('menuitem', { name: 'Registrar pago' })).toBeTruthy();
        for (const refused of ['Liberar número', 'Cancelar número', 'Editar comprador'])
          expect(screen.queryByRole('menuitem', { name: refused })).toBeNull();
        await userEvent.keyboard('{Escape}');
        unmount();
      }
    },
  );
});

describe('a number whose status staff set by hand', () => {
  // 09 is priced 0 and staff marked it pagado by hand (decision 061); 07 follows its order.
  const gift = staffTicketFixture({
    id: 'sale-9',
    raffle_id: staffRaffle.id,
    number: 9,
    ticket_number: '09',
    status: 'pagado',
    price_cents: 0,
    remaining_cents: 0,
    status_by_hand: true,
  });
  const marked: TicketPage = { ...page, items: [{ ...held, status_by_hand: false }, gift], count: 2 };

  it('shows «a mano» beside its status, on the cards, the table and its detail', async () => {
    for (const wide of [false, true]) {
      serve(open, wide);
      vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
        const url = String(input);
        if (url.includes('/tickets/sale-9/payments')) return Response.json([]);
        if (url.includes('/tickets/sale-9')) return Response.json(gift);
        if (url.includes('/history')) return Response.json({ items: [], count: 0, page: 1, per_page: 20 });
        if (url.includes('/exchange-rates')) return Response.json(rates);
        return Response.json(url.includes('/tickets') ? marked : open);
      });
      const { unmount } = renderWithProviders(<TicketsPage />);
      const [row7, row9] = (await screen.findAllByTestId('ticket-row')) as [HTMLElement, HTMLElement];
      expect(within(row7).queryByTestId('ticket-by-hand')).toBeNull();
      const mark = within(row9).getByTestId('ticket-by-hand');
      expect(mark.textContent).toContain('a mano');
      expect(mark.getAttribute('title')).toBe('Estado puesto a mano: los pagos de su pedido no lo cambian');
      expect(
        within(mark).getByText('Estado puesto a mano: los pagos de su pedido no lo cambian'),
      ).toBeTruthy();

      await userEvent.click(within(row9).getByRole('button', { name: 'Ver detalle del número 09' }));
      const panel = await screen.findByRole('dialog');
      expect(within(panel).getByTestId('ticket-by-hand').textContent).toContain('a mano');
      unmount();
    }
  });
});

describe('the staff list of a raffle with no sales', () => {
  const none: TicketPage = {
    items: [],
    count: 0,
    page: 1,
    per_page: 25,
    counts: { disponible: 100, apartado: 0, abonado: 0, pagado: 0, cancelado: 0, otros: 0 },
  };

  it('says the raffle has no sales yet, and «no numbers with that filter» only once a filter is chosen', async () => {
    serve(open, false);
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const url = String(input);
      return Response.json(url.includes('/tickets') ? none : url.includes('/exchange-rates') ? rates : open);
    });
    renderWithProviders(<TicketsPage />);
    expect(await screen.findByText('Esta rifa aún no tiene ventas')).toBeTruthy();
    expect(screen.getByText('Todavía nadie ha apartado números de esta rifa.')).toBeTruthy();
    expect(screen.queryByText('No hay números con ese filtro')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: /^Cancelados: 0$/ }));
    expect(await screen.findByText('No hay números con ese filtro')).toBeTruthy();
    expect(screen.queryByText('Esta rifa aún no tiene ventas')).toBeNull();
  });
});
