// @vitest-environment jsdom
import type { SellerRankingRow } from '@domain/commissions';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordFetch, renderWithProviders } from '@/test/render';
import { PayoutDialog } from './payout-dialog';

const seller: SellerRankingRow = {
  seller_id: '11111111-1111-4111-8111-111111111111',
  seller_name: 'Valentina Rojas',
  seller_email: 'valentina@example.com',
  numbers_sold: 4,
  numbers_paid: 2,
  buyers: 2,
  collected_cents: 2000,
  earned_cents: 250,
  reversed_cents: 0,
  paid_out_cents: 0,
  held_cents: 0,
  balance_cents: 250,
  cash_held_cents: 0,
  cash_held_ves_cents: 0,
  cash_payments: 0,
  percent: 12.5,
  per_number_cents: null,
};

afterEach(() => vi.unstubAllGlobals());

describe('PayoutDialog', () => {
  it('offers what is owed, refuses more or no method, and posts the payout in cents', async () => {
    const recorder = recordFetch(() => Response.json({}, { status: 201 }));
    vi.stubGlobal('fetch', recorder.fetchStub);
    renderWithProviders(<PayoutDialog seller={seller} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Registrar pago de comisión: Valentina Rojas' }));
    const amount = screen.getByLabelText('Monto (USD)');
    expect(amount).toHaveProperty('value', '2,50');
    await user.clear(amount);
    await user.type(amount, '3');
    await user.click(screen.getByRole('button', { name: 'Registrar pago' }));
    expect(screen.getByText('El monto supera lo que se le debe')).toBeTruthy();
    expect(screen.getByText('Indica el método de pago')).toBeTruthy();
    expect(recorder.calls).toEqual([]);

    await user.clear(amount);
    await user.type(amount, '2,00');
    await user.type(screen.getByLabelText('Método'), 'Pago móvil');
    await user.click(screen.getByRole('button', { name: 'Registrar pago' }));
    await waitFor(() => expect(recorder.calls).toHaveLength(1));
    expect(recorder.calls[0]).toMatchObject({
      method: 'POST',
      url: `/api/sellers/${seller.seller_id}/payouts`,
      body: { amount_cents: 200, method: 'Pago móvil', reference: null },
    });
  });

  it('sends the same request key again when the first answer was lost, a new one when opened again', async () => {
    const recorder = recordFetch(() =>
      // The first answer is lost (a gateway error); every later one records the payout.
      recorder.calls.length === 1
        ? Response.json({ message: 'Error interno' }, { status: 502 })
        : Response.json({}, { status: 201 }),
    );
    vi.stubGlobal('fetch', recorder.fetchStub);
    renderWithProviders(<PayoutDialog seller={seller} />);
    const user = userEvent.setup();
    const open = screen.getByRole('button', { name: 'Registrar pago de comisión: Valentina Rojas' });
    await user.click(open);
    await user.type(screen.getByLabelText('Método'), 'Pago móvil');
    await user.click(screen.getByRole('button', { name: 'Registrar pago' }));
    await waitFor(() => expect(recorder.calls).toHaveLength(1));
    await user.click(await screen.findByRole('button', { name: 'Registrar pago' }));
    await waitFor(() => expect(recorder.calls).toHaveLength(2));
    const keys = recorder.calls.map((call) => (call.body as { request_id?: string }).request_id);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);

    await user.click(open);
    await user.type(screen.getByLabelText('Método'), 'Pago móvil');
    await user.click(screen.getByRole('button', { name: 'Registrar pago' }));
    await waitFor(() => expect(recorder.calls).toHaveLength(3));
    expect(recorder.calls.map((call) => (call.body as { request_id?: string }).request_id)[2]).not.toBe(
      keys[0],
    );
  });

  it('cannot be opened when nothing is owed', () => {
    renderWithProviders(<PayoutDialog seller={{ ...seller, balance_cents: 0 }} />);
    expect(
      screen.getByRole('button', { name: 'Registrar pago de comisión: Valentina Rojas' }),
    ).toHaveProperty('disabled', true);
  });
});
