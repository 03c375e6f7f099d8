// @vitest-environment jsdom
import type { Raffle } from '@domain/raffles';
import type { StaffTicket } from '@domain/staff-tickets';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { staffRaffle } from '@/test/staff-raffle';
import { staffTicketFixture } from '@/test/staff-ticket';
import { StaffPrintableTicket } from './staff-printable-ticket';

// Held until 21 nov 2026, 8:00 p. m. with part of its price still owed.
const held: StaffTicket = staffTicketFixture({ raffle_id: staffRaffle.id });
const open: Raffle = { ...staffRaffle, status: 'activa', closing_date: '2099-01-01T00:00:00.000Z' };
const closedLine = /Las ventas cerraron con este número en la lista publicada: ya no se libera/;

const printed = (raffle: Raffle, ticket = held) => {
  renderWithProviders(<StaffPrintableTicket ticket={ticket} raffle={raffle} origin="https://rifas.test" />);
  return screen.getByTestId('staff-printable-ticket');
};

describe('the printed ticket of a held number', () => {
  it('on an open raffle: the date to pay by', () => {
    const ticket = printed(open);
    expect(ticket.textContent).toContain('Pagar antes de');
    expect(ticket.textContent).toMatch(/21 nov 2026, 8:00/);
    expect(ticket.textContent).not.toMatch(closedLine);
  });

  it.each([
    ['closed', { status: 'cerrada' }],
    ['drawn', { status: 'finalizada' }],
    ['past its closing date', { closing_date: '2026-11-21T23:00:00.000Z' }],
  ] as const)('%s: no date to pay by, the line the buyer’s tracking page shows', (_, change) => {
    const ticket = printed({ ...open, ...change });
    expect(ticket.textContent).not.toContain('Pagar antes de');
    expect(ticket.textContent).not.toMatch(/21 nov 2026, 8:00/);
    expect(screen.getByTestId('printed-ticket-in-list').textContent).toMatch(closedLine);
  });

  it('a paid number says nothing about holding it', () => {
    const ticket = printed(
      { ...open, status: 'cerrada' },
      { ...held, status: 'pagado', total_paid_cents: 500, remaining_cents: 0 },
    );
    expect(ticket.textContent).not.toMatch(closedLine);
  });
});

describe('the printed ticket’s «Cierre»', () => {
  it('when sales closed, for a raffle closed before its closing date', () => {
    const ticket = printed({
      ...open,
      status: 'cerrada',
      closing_date: '2026-12-30T15:00:00.000Z',
      closed_at: '2026-11-21T22:00:05.000Z',
    });
    expect(ticket.textContent).toContain('Cierre21 nov 2026, 6:00 p. m.');
    expect(ticket.textContent).not.toContain('30 dic 2026');
  });

  it('the closing date while on sale', () => {
    expect(printed({ ...open, closing_date: '2026-12-30T15:00:00.000Z' }).textContent).toContain(
      'Cierre30 dic 2026, 11:00 a. m.',
    );
  });
});
