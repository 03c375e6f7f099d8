// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordFetch, renderWithProviders } from '@/test/render';
import { trackedTicketFixture } from '@/test/tracked-ticket';
import { TrackedTicketItem } from './tracked-ticket-item';

const credentials = { cedula: 'V-12345678', phone_last4: '4567' };
const pending = {
  status: 'pending',
  amount_cents: 1000,
  payment_date: '2026-11-21T23:00:00.000Z',
  rejection_reason: null,
};

const renderItem = (ticket: ReturnType<typeof trackedTicketFixture>) =>
  renderWithProviders(
    <TrackedTicketItem ticket={ticket} credentials={credentials} onPaymentSent={() => {}} />,
  );

beforeEach(() => vi.stubGlobal('fetch', recordFetch(() => Response.json([])).fetchStub));
afterEach(() => vi.unstubAllGlobals());

describe('TrackedTicketItem deadline', () => {
  it('an unpaid reservation says to pay before its deadline', () => {
    renderItem(trackedTicketFixture());
    expect(
      screen.getByText(/^Paga antes del 21 nov 2026, 8:00\s?p\. m\. para no perder este número\.$/),
    ).toBeTruthy();
  });

  it('once the raffle’s sales closed, a held number has no deadline: it stays in the published list', () => {
    renderItem(trackedTicketFixture({ sales_closed: true }));
    expect(screen.queryByText(/Paga antes del/)).toBeNull();
    expect(screen.getByText(/^Las ventas cerraron con este número en la lista publicada/)).toBeTruthy();
  });

  it('a payment under review that keeps the number: no deadline, kept until the review ends', () => {
    renderItem(
      trackedTicketFixture({
        payments: [pending],
        has_pending_payment: true,
        // 23 nov 2026, 7:00 p. m. in Caracas: 48 h after the payment.
        review_hold_until: '2026-11-23T23:00:00.000Z',
      }),
    );
    expect(screen.queryByText(/Paga antes del/)).toBeNull();
    expect(screen.getByText('Tu pago está en revisión')).toBeTruthy();
    expect(
      screen.getByText(
        /^Guardamos este número hasta el 23 nov 2026, 7:00\s?p\. m\. mientras lo revisamos\.$/,
      ),
    ).toBeTruthy();
  });

  it('a payment under review too small to keep the number leaves the deadline in place', () => {
    renderItem(
      trackedTicketFixture({
        payments: [{ ...pending, amount_cents: 100 }],
        has_pending_payment: true,
        review_hold_until: null,
      }),
    );
    expect(screen.getByText(/^Paga antes del 21 nov 2026/)).toBeTruthy();
    expect(screen.getByText('Tu pago está en revisión')).toBeTruthy();
    expect(screen.queryByText(/Guardamos este número/)).toBeNull();
  });
});
