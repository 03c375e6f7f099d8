// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VesRate } from '@/lib/exchange-rates';
import { recordFetch, renderWithProviders } from '@/test/render';
import { OrderPaymentForm } from './order-payment-form';

const order = { code: 'K7M4Q2XA', owed_cents: 2000, due_now_cents: 500, payments: [] };
const withRate: VesRate = { rate: 36.5, isStale: false, isLoading: false, isError: false };

let answer: () => Response = () => Response.json({}, { status: 201 });
let calls: ReturnType<typeof recordFetch>['calls'];
beforeEach(() => {
  // What one test types is kept for the tab (the order's draft): each starts from a fresh form.
  sessionStorage.clear();
  answer = () => Response.json({}, { status: 201 });
  const recorder = recordFetch(() => answer());
  calls = recorder.calls;
  vi.stubGlobal('fetch', recorder.fetchStub);
});
afterEach(() => vi.unstubAllGlobals());

const renderForm = (rate: VesRate = withRate, method?: 'transfer' | 'pago_movil' | 'efectivo') =>
  renderWithProviders(
    <OrderPaymentForm order={order} cedula="V-12345678" rate={rate} defaultMethod={method} />,
  );
const amount = () => screen.getByLabelText(/^Monto pagado/) as HTMLInputElement;
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Enviar comprobante' }));
const posted = () => calls.filter((c) => c.method === 'POST');

describe('OrderPaymentForm amount', () => {
  it('starts in Bs with what is due now, shows the USD equivalent live, and converts on the toggle', async () => {
    renderForm();
    expect(amount().value).toBe('182,50');
    expect(screen.getByText(/Equivale a \$5,00 a la tasa del día \(36,50 Bs por dólar\)/)).toBeTruthy();
    await userEvent.clear(amount());
    await userEvent.type(amount(), '365');
    expect(screen.getByText(/Equivale a \$10,00/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Dólares (USD)' }));
    expect(amount().value).toBe('10,00');
    expect(screen.getByText('Equivale a Bs 365,00 a la tasa del día.')).toBeTruthy();
  });

  it('converts to the céntimo the server stores, on the exact figures at a 3-decimal rate', async () => {
    const at = (rate: number): VesRate => ({ rate, isStale: false, isLoading: false, isError: false });
    const { unmount } = renderWithProviders(
      <OrderPaymentForm order={{ ...order, due_now_cents: 100 }} cedula="V-12345678" rate={at(36.035)} />,
    );
    // $1 at 36,035 is Bs 36,035, so Bs 36,04, though 100 × 36.035 is 3603.4999… in floating point.
    expect(amount().value).toBe('36,04');
    await userEvent.click(screen.getByRole('button', { name: 'Dólares (USD)' }));
    expect(screen.getByText('Equivale a Bs 36,04 a la tasa del día.')).toBeTruthy();
    unmount();
    sessionStorage.clear();
    renderForm(at(36.56));
    // Bs 22,85 at 36,56 is $0,625, so $0,63 (as the server stores it), though 2285 / 36.56 is 62.4999….
    await userEvent.clear(amount());
    await userEvent.type(amount(), '22,85');
    expect(screen.getByText(/Equivale a \$0,63 a la tasa del día/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Dólares (USD)' }));
    expect(amount().value).toBe('0,63');
  });

  it('sends Bs as amount_ves_cents and dollars as amount_cents, with the order code and cedula', async () => {
    renderForm(withRate, 'efectivo');
    await submit();
    await waitFor(() => expect(posted()).toHaveLength(1));
    expect(posted()[0]?.body).toMatchObject({
      order_code: 'K7M4Q2XA',
      cedula: 'V-12345678',
      amount_ves_cents: 18_250,
      payment_method: 'efectivo',
    });
    expect(posted()[0]?.body).not.toHaveProperty('amount_cents');
  });

  it('without a rate it asks in dollars only', async () => {
    renderForm({ rate: null, isStale: false, isLoading: false, isError: false }, 'efectivo');
    expect(amount().value).toBe('5,00');
    expect((screen.getByRole('button', { name: 'Bolívares (Bs)' }) as HTMLButtonElement).disabled).toBe(true);
    await submit();
    await waitFor(() => expect(posted()).toHaveLength(1));
    expect(posted()[0]?.body).toMatchObject({ amount_cents: 500 });
  });

  it('refuses more than the order owes', async () => {
    renderForm(withRate, 'efectivo');
    await userEvent.click(screen.getByRole('button', { name: 'Dólares (USD)' }));
    await userEvent.clear(amount());
    await userEvent.type(amount(), '25');
    await submit();
    expect(
      await screen.findByText('El monto supera lo que falta por pagar del pedido ($20,00).'),
    ).toBeTruthy();
    expect(posted()).toHaveLength(0);
  });
});

describe('OrderPaymentForm fields per method', () => {
  it('a pago móvil needs the reference and the payer phone', async () => {
    renderForm(withRate, 'pago_movil');
    await submit();
    expect(
      await screen.findByText('Indica la referencia de la transferencia o del pago móvil.'),
    ).toBeTruthy();
    expect(screen.getByText('Indica el teléfono desde el que hiciste el pago móvil.')).toBeTruthy();
    expect(posted()).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('Número de referencia'), '00123456');
    await userEvent.type(screen.getByLabelText('Teléfono desde el que hiciste el pago móvil'), '04141234567');
    await submit();
    await waitFor(() => expect(posted()).toHaveLength(1));
    expect(posted()[0]?.body).toMatchObject({ reference: '00123456', payer_phone: '0414-1234567' });
  });

  it('a transfer needs the reference but no phone; cash needs neither', async () => {
    const { unmount } = renderForm(withRate, 'transfer');
    expect(screen.queryByLabelText('Teléfono desde el que hiciste el pago móvil')).toBeNull();
    await submit();
    expect(
      await screen.findByText('Indica la referencia de la transferencia o del pago móvil.'),
    ).toBeTruthy();
    unmount();
    renderForm(withRate, 'efectivo');
    expect(screen.getByLabelText('Número de referencia (opcional)')).toBeTruthy();
    expect(screen.queryByLabelText('Banco desde el que pagaste')).toBeNull();
  });

  it('shows the server duplicate-reference message as is, on the reference', async () => {
    const message =
      'Esta referencia ya se registró en el pago del número 007 de «Moto» (2 may 2026, 10:00 a. m.).';
    answer = () => Response.json({ error: { code: 'DUPLICATE_REFERENCE', message } }, { status: 409 });
    renderForm(withRate, 'transfer');
    await userEvent.type(screen.getByLabelText('Número de referencia'), '00123456');
    await submit();
    expect(await screen.findByText(message)).toBeTruthy();
  });
});

describe('OrderPaymentForm after a reload', () => {
  it('starts from what this tab typed, an amount in Bs only with a rate, until it is sent', async () => {
    const { unmount } = renderForm(withRate, 'transfer');
    await userEvent.type(screen.getByLabelText('Número de referencia'), '00123456');
    await userEvent.clear(amount());
    await userEvent.type(amount(), '100');
    unmount();

    const noRate = renderForm({ rate: null, isStale: false, isLoading: false, isError: false }, 'transfer');
    expect((screen.getByLabelText('Número de referencia') as HTMLInputElement).value).toBe('00123456');
    expect(amount().value).toBe('5,00');
    noRate.unmount();

    renderForm(withRate, 'transfer');
    expect(amount().value).toBe('100');
    await submit();
    await waitFor(() => expect(posted()).toHaveLength(1));
    expect(sessionStorage.getItem('rifas:pago:K7M4Q2XA')).toBeNull();
  });
});

describe('OrderPaymentForm sent again (decision 057)', () => {
  it('sends the same key on the next tap after a lost answer, and a new one for the next report', async () => {
    answer = () => Response.json({}, { status: 502 });
    renderForm(withRate, 'efectivo');
    await submit();
    await waitFor(() => expect(posted()).toHaveLength(1));
    await screen.findByRole('alert');
    answer = () => Response.json({}, { status: 201 });
    await submit();
    await waitFor(() => expect(posted()).toHaveLength(2));
    const keys = () => posted().map((c) => (c.body as { request_id?: string }).request_id);
    const [first, second] = keys();
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toBe(first);
    await userEvent.click(await screen.findByRole('button', { name: 'Enviar otro pago' }));
    await submit();
    await waitFor(() => expect(posted()).toHaveLength(3));
    expect(keys()[2]).not.toBe(first);
  });
});
