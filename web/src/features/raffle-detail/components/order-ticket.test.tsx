// @vitest-environment jsdom
import type { OrderView } from '@domain/orders';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { publicRaffle } from '@/test/public-raffle';
import { renderWithProviders } from '@/test/render';
import { orderTexts } from '../order-texts';
import { reservationTexts } from '../reservation-texts';
import { OrderTicket } from './order-ticket';

const price = (label: string) => ({ usd: label, bs: null, label });
const minutesFromNow = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

/** An unpaid order of number 04, held until `reservedUntil`. */
const order = (reservedUntil: string): OrderView => ({
  code: 'GTM3YQ9K',
  raffle_id: publicRaffle.id,
  raffle_name: publicRaffle.name,
  created_at: '2026-11-30T09:50:00.000Z',
  total_cents: 500,
  paid_cents: 0,
  owed_cents: 500,
  due_now_cents: 500,
  tickets: [
    {
      id: 'sale-4',
      number: 4,
      ticket_number: '04',
      status: 'apartado',
      price_cents: 500,
      total_paid_cents: 0,
      remaining_cents: 500,
      reserved_until: reservedUntil,
      review_hold_until: null,
      verification_code: 'UB684AQ938',
    },
  ],
  payments: [],
});

const renderTicket = (raffle: typeof publicRaffle, view: OrderView) =>
  renderWithProviders(
    <OrderTicket
      raffle={raffle}
      order={view}
      total={price('$5,00')}
      paid={price('$0,00')}
      owed={price('$5,00')}
      dueNow={price('$5,00')}
      cuotas={false}
      url="http://localhost/raffle/raffle-1/pedido/GTM3YQ9K"
    />,
  );

describe('the order ticket on the closing day', () => {
  it('while the raffle sells, counts down to the hold', () => {
    renderTicket(publicRaffle, order(minutesFromNow(6)));
    expect(screen.getByTestId('reservation-countdown').textContent).toContain(orderTexts.countdown);
    expect(screen.getByText(reservationTexts.success.until)).toBeTruthy();
  });

  it('once the sales closed, the held numbers are in the published list: no countdown, no expiry, how to claim', () => {
    for (const raffle of [
      { ...publicRaffle, status: 'cerrada' as const },
      { ...publicRaffle, status: 'finalizada' as const, winning_number: 4 },
      // Past its closing date, before the job closed it.
      { ...publicRaffle, closing_date: minutesFromNow(-1) },
    ]) {
      for (const until of [minutesFromNow(6), minutesFromNow(-3)]) {
        const { unmount } = renderTicket(raffle, order(until));
        expect(screen.queryByTestId('reservation-countdown')).toBeNull();
        expect(screen.queryByText(orderTexts.countdownOver)).toBeNull();
        expect(screen.queryByText(reservationTexts.success.until)).toBeNull();
        expect(screen.getByText(orderTexts.salesClosedHeld)).toBeTruthy();
        unmount();
      }
    }
  });
});
