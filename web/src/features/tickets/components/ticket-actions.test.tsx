// @vitest-environment jsdom
import type { StaffTicket } from '@domain/staff-tickets';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { staffTicketFixture } from '@/test/staff-ticket';
import { TicketActions } from './ticket-actions';

// A number held with part of its price paid.
const held: StaffTicket = staffTicketFixture({
  status: 'abonado',
  total_paid_cents: 200,
  remaining_cents: 300,
  reserved_until: null,
});
const onSale: StaffTicket = {
  ...held,
  id: null,
  number: 8,
  ticket_number: '08',
  status: 'disponible',
  buyer_name: null,
  buyer_phone: null,
  buyer_cedula: null,
  payment_method: null,
  total_paid_cents: 0,
  remaining_cents: 500,
};
const cancelled: StaffTicket = { ...held, status: 'cancelado', total_paid_cents: 0 };

async function menu(ticket: StaffTicket, frozen: boolean) {
  const view = renderWithProviders(
    <TicketActions ticket={ticket} onOpenDetail={() => {}} onPrint={() => {}} frozen={frozen} />,
  );
  await userEvent.click(screen.getByRole('button', { name: `Acciones del número ${ticket.ticket_number}` }));
  const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
  view.unmount();
  return items;
}

describe('a number’s menu once sales closed (the server answers 409 RAFFLE_CLOSED to the rest)', () => {
  it('an open raffle: every change of the sold list', async () => {
    expect(await menu(held, false)).toEqual([
      'Ver detalle',
      'Editar comprador',
      'Imprimir ticket',
      'Registrar pago',
      'Registrar reembolso',
      'Marcar como apartado',
      'Marcar como pagado',
      'Liberar número',
      'Cancelar número',
    ]);
    expect(await menu(onSale, false)).toEqual([
      'Ver detalle',
      'Apartar para un comprador',
      'Cancelar número',
    ]);
  });

  it('a held number keeps its payments, refunds and apartado/abonado/pagado, not release, cancel or its buyer', async () => {
    expect(await menu(held, true)).toEqual([
      'Ver detalle',
      'Imprimir ticket',
      'Registrar pago',
      'Registrar reembolso',
      'Marcar como apartado',
      'Marcar como pagado',
    ]);
  });

  it('a number on sale or cancelled stays out of the published list', async () => {
    expect(await menu(onSale, true)).toEqual(['Ver detalle']);
    expect(await menu(cancelled, true)).toEqual(['Ver detalle', 'Imprimir ticket']);
  });

  it('the side panel shows no empty menu for a number on sale', () => {
    renderWithProviders(<TicketActions ticket={onSale} variant="button" onPrint={() => {}} frozen />);
    expect(screen.queryByRole('button', { name: 'Acciones del número 08' })).toBeNull();
  });
});
