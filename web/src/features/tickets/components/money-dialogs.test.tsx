// @vitest-environment jsdom
import type { StaffTicket } from '@domain/staff-tickets';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionManager } from '@/lib/session';
import { recordFetch, renderWithProviders } from '@/test/render';
import { staffTicketFixture } from '@/test/staff-ticket';
import { ReceiveMoneyDialog } from './receive-money-dialog';
import { RefundDialog } from './refund-dialog';

const ticket: StaffTicket = staffTicketFixture({
  status: 'abonado',
  purchased_at: '2026-05-02T14:00:00.000Z',
  total_paid_cents: 300,
  remaining_cents: 700,
  price_cents: 1000,
  reserved_until: null,
});

let calls: ReturnType<typeof recordFetch>['calls'];
beforeEach(() => {
  const recorder = recordFetch(() => Response.json({ ...ticket, ticket }, { status: 200 }));
  calls = recorder.calls;
  vi.stubGlobal('fetch', recorder.fetchStub);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const viewer = (role: 'admin' | 'vendedor') =>
  vi
    .spyOn(sessionManager, 'getProfile')
    .mockReturnValue({ id: 'staff-1', email: 'staff@example.com', full_name: 'Staff', role });

const sent = () => calls.filter((c) => c.method !== 'GET');

describe('Marcar como pagado / abonado', () => {
  it('pagado shows what will be recorded (what is owed) and sends the method, efectivo by default', async () => {
    renderWithProviders(<ReceiveMoneyDialog ticket={ticket} mode="pagado" onOpenChange={() => {}} />);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByTestId('amount-to-record').textContent).toBe('$7,00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Registrar pago y marcar pagado' }));
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]).toEqual({
      method: 'PATCH',
      url: '/api/raffles/raffle-1/numbers/7',
      body: { status: 'pagado', payment_method: 'efectivo' },
    });
  });

  it('abonado asks for the amount received now, no more than what is owed', async () => {
    renderWithProviders(<ReceiveMoneyDialog ticket={ticket} mode="abonado" onOpenChange={() => {}} />);
    const dialog = screen.getByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Registrar abono' });
    await userEvent.type(within(dialog).getByLabelText('Monto recibido (USD)'), '8');
    await userEvent.click(confirm);
    expect(await within(dialog).findByText('El monto no puede superar $7,00.')).toBeTruthy();
    await userEvent.clear(within(dialog).getByLabelText('Monto recibido (USD)'));
    await userEvent.type(within(dialog).getByLabelText('Monto recibido (USD)'), '2,50');
    await userEvent.click(confirm);
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]?.body).toEqual({ status: 'abonado', payment_method: 'efectivo', amount_cents: 250 });
  });

  it('Registrar pago posts a payment to the ticket', async () => {
    renderWithProviders(<ReceiveMoneyDialog ticket={ticket} mode="record" onOpenChange={() => {}} />);
    const dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Monto recibido (USD)'), '5');
    await userEvent.type(within(dialog).getByLabelText('Referencia (opcional)'), 'R-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Registrar pago' }));
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]).toEqual({
      method: 'POST',
      url: '/api/tickets/sale-1/payments',
      body: { amount_cents: 500, payment_method: 'efectivo', reference: 'R-1' },
    });
  });
});

describe('Taking a sale with money back', () => {
  it('Reembolsar: the amount starts at what was paid, with a reason', async () => {
    renderWithProviders(<RefundDialog ticket={ticket} mode={{ to: 'disponible' }} onOpenChange={() => {}} />);
    const dialog = screen.getByRole('alertdialog');
    expect((within(dialog).getByLabelText('Monto a reembolsar (USD)') as HTMLInputElement).value).toBe(
      '3,00',
    );
    const confirm = within(dialog).getByRole('button', { name: 'Confirmar: pasar a disponible' });
    await userEvent.click(confirm);
    expect(await within(dialog).findByText('Escribe el motivo (al menos 3 letras).')).toBeTruthy();
    expect(sent()).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('Motivo'), 'El comprador desistió');
    await userEvent.click(confirm);
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]?.body).toEqual({
      status: 'disponible',
      refund: { amount_cents: 300, reason: 'El comprador desistió' },
    });
  });

  it('Sin reembolso: only the reason', async () => {
    renderWithProviders(<RefundDialog ticket={ticket} mode={{ to: 'cancelado' }} onOpenChange={() => {}} />);
    const dialog = screen.getByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Sin reembolso' }));
    expect(within(dialog).queryByLabelText('Monto a reembolsar (USD)')).toBeNull();
    await userEvent.type(within(dialog).getByLabelText('Motivo'), 'Se pasa al número 08');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar: pasar a cancelado' }));
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]?.body).toEqual({ status: 'cancelado', no_refund_reason: 'Se pasa al número 08' });
  });

  it('back to apartado refunds all that was paid: no choice, no amount, only why', async () => {
    renderWithProviders(<RefundDialog ticket={ticket} mode={{ to: 'apartado' }} onOpenChange={() => {}} />);
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).queryByRole('radio')).toBeNull();
    expect(within(dialog).queryByLabelText('Monto a reembolsar (USD)')).toBeNull();
    expect(within(dialog).getByText(/se reembolsan los \$\s?3,00/)).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('Motivo'), 'Pago registrado por error');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar: pasar a apartado' }));
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]?.body).toEqual({
      status: 'apartado',
      refund: { amount_cents: 300, reason: 'Pago registrado por error' },
    });
  });

  it('Registrar reembolso posts a refund to the ticket', async () => {
    renderWithProviders(<RefundDialog ticket={ticket} mode="refund" onOpenChange={() => {}} />);
    const dialog = screen.getByRole('alertdialog');
    await userEvent.clear(within(dialog).getByLabelText('Monto a reembolsar (USD)'));
    await userEvent.type(within(dialog).getByLabelText('Monto a reembolsar (USD)'), '1');
    await userEvent.type(within(dialog).getByLabelText('Motivo'), 'Pagó de más');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Registrar reembolso' }));
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]).toEqual({
      method: 'POST',
      url: '/api/tickets/sale-1/refunds',
      body: { amount_cents: 100, reason: 'Pagó de más' },
    });
  });

  it('asks an admin whether the credited seller paid the refund back out of their cash, and says so', async () => {
    viewer('admin');
    const sold = { ...ticket, seller_name: 'Carlos Pérez' };
    renderWithProviders(<RefundDialog ticket={sold} mode="refund" onOpenChange={() => {}} />);
    const dialog = screen.getByRole('alertdialog');
    const fromCash = within(dialog).getByRole('checkbox', {
      name: 'El vendedor devolvió este dinero del efectivo que tiene por entregar',
    });
    expect(within(dialog).getByText(/Márcalo solo si Carlos Pérez/)).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('Motivo'), 'Pagó de más');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Registrar reembolso' }));
    await waitFor(() => expect(sent()).toHaveLength(1));
    // Left unticked: the business paid it back, the seller still owes the cash.
    expect(sent()[0]?.body).toEqual({ amount_cents: 300, reason: 'Pagó de más', from_seller_cash: false });

    await userEvent.click(fromCash);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Registrar reembolso' }));
    await waitFor(() => expect(sent()).toHaveLength(2));
    expect(sent()[1]?.body).toEqual({ amount_cents: 300, reason: 'Pagó de más', from_seller_cash: true });
  });

  it('does not ask a vendedor, nor about a sale no seller is credited with', async () => {
    viewer('vendedor');
    const { unmount } = renderWithProviders(
      <RefundDialog
        ticket={{ ...ticket, seller_name: 'Carlos Pérez' }}
        mode="refund"
        onOpenChange={() => {}}
      />,
    );
    expect(screen.queryByRole('checkbox')).toBeNull();
    unmount();
    viewer('admin');
    renderWithProviders(<RefundDialog ticket={ticket} mode="refund" onOpenChange={() => {}} />);
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});

describe('A sale whose instant-win prize was handed over (decision 081)', () => {
  it('warns that the prize stays with the sale; a prize not handed over says nothing', async () => {
    const won = { prize: 'Una gorra', delivered_at: '2026-12-03T18:00:00.000Z' };
    const { unmount } = renderWithProviders(
      <RefundDialog
        ticket={{ ...ticket, instant_win: won }}
        mode={{ to: 'disponible' }}
        onOpenChange={() => {}}
      />,
    );
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByText('El premio «Una gorra» de este número ya se entregó')).toBeTruthy();
    expect(within(dialog).getByText(/nadie más lo gana/)).toBeTruthy();
    unmount();
    renderWithProviders(
      <RefundDialog
        ticket={{ ...ticket, instant_win: { ...won, delivered_at: null } }}
        mode="refund"
        onOpenChange={() => {}}
      />,
    );
    expect(screen.queryByText(/ya se entregó/)).toBeNull();
  });
});
