// @vitest-environment jsdom
import type { PaymentStatus, StaffPayment } from '@domain/payments';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordFetch, renderWithProviders } from '@/test/render';
import { answerFromServer } from '@/test/server-answer';
import { staffPaymentFixture } from '@/test/staff-payment';
import { PaymentCard } from './payment-card';

const payment = staffPaymentFixture;

function renderCard(one: StaffPayment, hrefFor: (id: string) => string | null = () => null) {
  return renderWithProviders(<PaymentCard payment={one} highlighted={false} duplicateHref={hrefFor} />);
}

const approveButton = () => screen.queryByRole('button', { name: /^Aprobar el pago/ });
const rejectButton = () => screen.queryByRole('button', { name: /^Rechazar el pago/ });

let fetchCalls: ReturnType<typeof recordFetch>['calls'];
beforeEach(() => {
  const recorder = recordFetch(() => Response.json({ payments: [] }));
  fetchCalls = recorder.calls;
  vi.stubGlobal('fetch', recorder.fetchStub);
});
afterEach(() => vi.unstubAllGlobals());

describe('PaymentCard decisions', () => {
  it('offers approve and reject on a pending payment, and no status badge', () => {
    renderCard(payment());
    expect(approveButton()).not.toBeNull();
    expect(rejectButton()).not.toBeNull();
    expect(screen.queryByText('Pendiente')).toBeNull();
  });

  it.each([
    ['approved', 'Aprobado'],
    ['rejected', 'Rechazado'],
  ] as [PaymentStatus, string][])(
    'a decided (%s) payment is final: its badge, no buttons',
    (status, label) => {
      renderCard(payment({ status, reviewed_at: '2026-05-03T10:00:00.000Z' }));
      expect(screen.getByText(label)).toBeTruthy();
      expect(approveButton()).toBeNull();
      expect(rejectButton()).toBeNull();
    },
  );

  it('shows why a payment was rejected, or that no reason was kept', () => {
    const { unmount } = renderCard(
      payment({ status: 'rejected', rejection_reason: 'La referencia no existe' }),
    );
    expect(screen.getByText('La referencia no existe')).toBeTruthy();
    unmount();
    renderCard(payment({ status: 'rejected' }));
    expect(screen.getByText('Sin motivo registrado')).toBeTruthy();
  });

  it('approves one payment with PATCH /api/payments/:id', async () => {
    const one = payment();
    renderCard(one);
    await userEvent.click(approveButton() as HTMLElement);
    await waitFor(() => expect(fetchCalls).toHaveLength(1));
    expect(fetchCalls[0]).toEqual({
      method: 'PATCH',
      url: `/api/payments/${one.id}`,
      body: { status: 'approved' },
    });
  });

  it('shows an order payment as one card: its code, each number and what it gets, Bs and bank', async () => {
    const parts = [
      {
        ticket_id: 't3',
        number: 3,
        ticket_number: '03',
        amount_cents: 500,
        status: 'apartado',
        remaining_cents: 500,
        instant_win_prize: null,
      },
      {
        ticket_id: 't4',
        number: 4,
        ticket_number: '04',
        amount_cents: 250,
        status: 'abonado',
        remaining_cents: 250,
        instant_win_prize: null,
      },
    ];
    const one = payment({ amount_cents: 750, amount_ves_cents: 27_375, parts, bank_confirmed: true });
    renderCard(one);
    expect(screen.getByText('K7M-4Q2XA')).toBeTruthy();
    const list = screen.getByTestId('payment-parts');
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('Recibe $5,00')).toBeTruthy();
    expect(within(list).getByText('Recibe $2,50')).toBeTruthy();
    expect(screen.getByText('Bs 273,75')).toBeTruthy();
    expect(screen.getByText('Banesco')).toBeTruthy();
    expect(screen.getByTestId('bank-confirmed').textContent).toContain('Confirmado por el banco');
    await userEvent.click(approveButton() as HTMLElement);
    await waitFor(() => expect(fetchCalls).toHaveLength(1));
    expect(fetchCalls[0]).toEqual({
      method: 'PATCH',
      url: `/api/payments/${one.id}`,
      body: { status: 'approved' },
    });
  });

  it('a surplus says so, cannot be approved, and suggests rejecting with a reason ready', async () => {
    const paidElsewhere = payment().parts.map((p) => ({ ...p, status: 'pagado', remaining_cents: 0 }));
    const one = payment({ surplus: true, parts: paidElsewhere });
    renderCard(one);
    expect(screen.getByTestId('surplus-badge').textContent).toBe('Sobrante');
    expect((approveButton() as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('note').textContent).toMatch(/ya se pagaron por otro lado y no deben nada/);
    await userEvent.click(rejectButton() as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByRole('textbox') as HTMLTextAreaElement).value).toMatch(/ya estaban pagados/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rechazar pago' }));
    await waitFor(() => expect(fetchCalls).toHaveLength(1));
    expect(fetchCalls[0]?.body).toMatchObject({ status: 'rejected' });
  });

  it('a surplus over numbers that still owe part says how much they owe, not that they are paid', async () => {
    const part = (number: number, amount: number, remaining: number, status: string) => ({
      ticket_id: `t${number}`,
      number,
      ticket_number: String(number),
      amount_cents: amount,
      status,
      remaining_cents: remaining,
      instant_win_prize: null,
    });
    // $10 sent for 100 and 101 ($5 each); then $2.50 of 100 was paid by hand: $7.50 still owed.
    renderCard(
      payment({
        surplus: true,
        amount_cents: 1000,
        parts: [part(100, 500, 250, 'abonado'), part(101, 500, 500, 'apartado')],
      }),
    );
    const note = screen.getByRole('note');
    expect(note.textContent).toContain('este pago trae $10,00 y sus números ya solo deben $7,50');
    expect(note.textContent).not.toMatch(/no deben nada/);
    await userEvent.click(rejectButton() as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByRole('textbox') as HTMLTextAreaElement).value).toMatch(
      /más de lo que faltaba por pagar \(\$7,50\)/,
    );
  });

  it('rejects only with a reason, sent with the decision', async () => {
    const one = payment();
    renderCard(one);
    await userEvent.click(rejectButton() as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rechazar pago' }));
    expect(fetchCalls).toHaveLength(0);
    await userEvent.type(within(dialog).getByRole('textbox'), 'La referencia no aparece');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rechazar pago' }));
    await waitFor(() => expect(fetchCalls).toHaveLength(1));
    expect(fetchCalls[0]?.body).toEqual({ status: 'rejected', reason: 'La referencia no aparece' });
  });

  it('flags a duplicate and links to the earlier payment when it is listed', () => {
    renderCard(payment({ duplicate_of: 'earlier-1' }), (id) => `?status=approved#pago-${id}`);
    const warning = screen.getByTestId('duplicate-warning');
    expect(within(warning).getByText('Posible duplicado')).toBeTruthy();
    const link = within(warning).getByRole('link', { name: 'Ver el pago anterior' });
    expect(link.getAttribute('href')).toBe('/?status=approved#pago-earlier-1');
  });

  it('says so when the earlier payment is no longer listed, and shows no warning without one', () => {
    const { unmount } = renderCard(payment({ duplicate_of: 'gone' }));
    expect(screen.getByText('El pago anterior ya no aparece en la lista.')).toBeTruthy();
    unmount();
    renderCard(payment());
    expect(screen.queryByTestId('duplicate-warning')).toBeNull();
  });
});

describe('the review window by the server’s clock (decision 064)', () => {
  const MINUTE = 60_000;
  afterEach(() => answerFromServer(0));

  it('a laptop 10 minutes ahead still counts a window that ends 5 minutes after the server’s now', () => {
    answerFromServer(10 * MINUTE);
    renderCard(payment({ review_until: new Date(Date.now() - 10 * MINUTE + 5 * MINUTE).toISOString() }));
    expect(screen.getByText(/^Quedan \d min para revisar$/)).toBeTruthy();
    expect(screen.queryByText('Ventana de revisión vencida')).toBeNull();
  });

  it('a laptop 10 minutes behind says a window that ended 5 minutes ago on the server is over', () => {
    answerFromServer(-10 * MINUTE);
    renderCard(payment({ review_until: new Date(Date.now() + 10 * MINUTE - 5 * MINUTE).toISOString() }));
    expect(screen.getByText('Ventana de revisión vencida')).toBeTruthy();
  });
});
