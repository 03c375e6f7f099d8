// @vitest-environment jsdom
import type { PaymentStatus, StaffPayment } from '@domain/payments';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordFetch, renderWithProviders } from '@/test/render';
import { groupPayments } from '../payment-groups';
import { PaymentCard } from './payment-card';

let serial = 0;
function payment(overrides: Partial<StaffPayment> = {}, number = 7): StaffPayment {
  serial++;
  return {
    id: `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`,
    ticket_id: `ticket-${number}`,
    status: 'pending',
    amount_cents: 500,
    payment_method: 'pago_movil',
    reference: '123456',
    payment_proof: null,
    payment_date: '2026-05-02T14:00:00.000Z',
    notes: null,
    rate_to_usd: 36.5,
    duplicate_of: null,
    created_at: '2026-05-02T14:00:00.000Z',
    reviewed_at: null,
    rejection_reason: null,
    review_until: null,
    group_key: null,
    ticket: {
      id: `ticket-${number}`,
      number,
      ticket_number: String(number).padStart(2, '0'),
      raffle_id: 'raffle-1',
      raffle_name: 'Moto Bera',
      status: 'apartado',
      buyer_name: 'María Pérez',
      buyer_email: null,
      buyer_phone: '04141234567',
      buyer_cedula: 'V-12345678',
      remaining_cents: 500,
    },
    ...overrides,
  };
}

function renderCard(payments: StaffPayment[], hrefFor: (id: string) => string | null = () => null) {
  const [group] = groupPayments(payments);
  if (!group) throw new Error('no group');
  return renderWithProviders(<PaymentCard group={group} highlighted={false} duplicateHref={hrefFor} />);
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
    renderCard([payment()]);
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
      renderCard([payment({ status, reviewed_at: '2026-05-03T10:00:00.000Z' })]);
      expect(screen.getByText(label)).toBeTruthy();
      expect(approveButton()).toBeNull();
      expect(rejectButton()).toBeNull();
    },
  );

  it('shows why a payment was rejected, or that no reason was kept', () => {
    const { unmount } = renderCard([
      payment({ status: 'rejected', rejection_reason: 'La referencia no existe' }),
    ]);
    expect(screen.getByText('La referencia no existe')).toBeTruthy();
    unmount();
    renderCard([payment({ status: 'rejected' })]);
    expect(screen.getByText('Sin motivo registrado')).toBeTruthy();
  });

  it('approves one payment with PATCH /api/payments/:id', async () => {
    const one = payment();
    renderCard([one]);
    await userEvent.click(approveButton() as HTMLElement);
    await waitFor(() => expect(fetchCalls).toHaveLength(1));
    expect(fetchCalls[0]).toEqual({
      method: 'PATCH',
      url: `/api/payments/${one.id}`,
      body: { status: 'approved' },
    });
  });

  it('approves the numbers of one proof together with POST /api/payments/review', async () => {
    const proof = { payment_proof: '/api/files/proofs/a.png', group_key: 'proof-a' };
    const first = payment(proof, 3);
    const second = payment(proof, 4);
    renderCard([first, second]);
    expect(screen.getByText('Un solo comprobante para 2 números: se deciden juntos.')).toBeTruthy();
    await userEvent.click(approveButton() as HTMLElement);
    await waitFor(() => expect(fetchCalls.filter((c) => c.method === 'POST')).toHaveLength(1));
    const review = fetchCalls.find((c) => c.method === 'POST');
    expect(review?.url).toBe('/api/payments/review');
    expect(review?.body).toEqual({ ids: [first.id, second.id], status: 'approved' });
  });

  it('rejects only with a reason, sent with the decision', async () => {
    const one = payment();
    renderCard([one]);
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
    renderCard([payment({ duplicate_of: 'earlier-1' })], (id) => `?status=approved#pago-${id}`);
    const warning = screen.getByTestId('duplicate-warning');
    expect(within(warning).getByText('Posible duplicado')).toBeTruthy();
    const link = within(warning).getByRole('link', { name: 'Ver el pago anterior' });
    expect(link.getAttribute('href')).toBe('/?status=approved#pago-earlier-1');
  });

  it('says so when the earlier payment is no longer listed, and shows no warning without one', () => {
    const { unmount } = renderCard([payment({ duplicate_of: 'gone' })]);
    expect(screen.getByText('El pago anterior ya no aparece en la lista.')).toBeTruthy();
    unmount();
    renderCard([payment()]);
    expect(screen.queryByTestId('duplicate-warning')).toBeNull();
  });
});
