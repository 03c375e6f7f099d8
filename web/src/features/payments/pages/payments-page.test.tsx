// @vitest-environment jsdom
import type { StaffPayment } from '@domain/payments';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { staffPaymentFixture } from '@/test/staff-payment';
import { PaymentsPage } from './payments-page';

const names = ['Ana Rivas', 'Luis Herrera', 'Carla Rojas'];
let pending: StaffPayment[];
let patched: string[];

beforeEach(() => {
  pending = names.map((name, i) =>
    staffPaymentFixture({ ticket: { ...staffPaymentFixture({}, 11 + i).ticket, buyer_name: name } }, 11 + i),
  );
  patched = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (init?.method === 'PATCH') {
      const id = url.split('/').at(-1) as string;
      patched.push(id);
      // The server's list no longer has it: the refresh after the decision drops it.
      pending = pending.filter((p) => p.id !== id);
      return Response.json({ id, status: 'approved' });
    }
    if (url.startsWith('/api/payments/counts'))
      return Response.json({ pending: pending.length, approved: 0, rejected: 0 });
    return Response.json(url.includes('status=pending') ? pending : []);
  });
});
afterEach(() => vi.unstubAllGlobals());

const cards = () => screen.getAllByTestId('payment-card');
const buyerOf = (card: HTMLElement) => within(card).getByRole('heading', { level: 2 }).textContent;

describe('PaymentsPage: deciding does not move the queue', () => {
  it('an approved card stays where it was, says so, and the cards around it keep their place', async () => {
    renderWithProviders(<PaymentsPage />);
    await waitFor(() => expect(cards()).toHaveLength(3));

    await userEvent.click(screen.getByRole('button', { name: 'Aprobar el pago del número 12' }));
    await waitFor(() => expect(patched).toHaveLength(1));
    // The list was read again without it (2 left), and the card is still second, decided.
    await waitFor(() => expect(screen.getByText('2 pagos por revisar · 1 revisado ahora')).toBeTruthy());
    expect(cards().map(buyerOf)).toEqual(names);
    const decided = cards()[1] as HTMLElement;
    expect(within(decided).getByRole('status').textContent).toContain('Pago del número 12 aprobado');
    expect(within(decided).queryByRole('button', { name: /^Aprobar/ })).toBeNull();
    expect(document.activeElement).toBe(within(decided).getByRole('status'));
    // Its number is shown as the approval left it, not as still owing.
    expect(within(decided).getByText('Pagado por completo')).toBeTruthy();
    // The buttons left are the other buyers' own.
    expect(
      within(cards()[0] as HTMLElement).getByRole('button', { name: 'Aprobar el pago del número 11' }),
    ).toBeTruthy();
    expect(
      within(cards()[2] as HTMLElement).getByRole('button', { name: 'Aprobar el pago del número 13' }),
    ).toBeTruthy();
  });
});
