// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { raffleBuyerFixture } from '@/test/raffle-buyer';
import { renderWithProviders } from '@/test/render';
import { BuyerCard } from './buyer-card';

const raffle = { name: 'Moto Bera 2026', payment_instructions: 'Pago móvil: 0414-1234567' };
// 23 nov 2026, 7:00 p. m. in Caracas: 48 h after the payment under review was sent.
const REVIEW_END = '2026-11-23T23:00:00.000Z';

const renderCard = (buyer: ReturnType<typeof raffleBuyerFixture>) =>
  renderWithProviders(<BuyerCard buyer={buyer} raffle={raffle} vesRate={null} />);

/** The WhatsApp link's message, as the buyer would read it. */
const message = (link: HTMLElement) =>
  decodeURIComponent(new URL(link.getAttribute('href') as string).searchParams.get('text') ?? '');

describe('BuyerCard', () => {
  it('a buyer who owes: the deadline and a reminder to pay by it', () => {
    renderCard(raffleBuyerFixture());
    expect(screen.getByText(/^Fecha límite: 21 nov 2026/)).toBeTruthy();
    expect(screen.queryByTestId('buyer-in-review')).toBeNull();
    const remind = screen.getByRole('link', { name: 'Recordar por WhatsApp a María José Pérez' });
    expect(message(remind)).toMatch(/Fecha límite para pagar: 21 nov 2026/);
  });

  it('every reservation kept by a payment under review: no deadline, no reminder to pay', () => {
    renderCard(raffleBuyerFixture({ reserved_until: null, review_hold_until: REVIEW_END }));
    expect(screen.queryByText(/Fecha límite/)).toBeNull();
    expect(screen.getByTestId('buyer-in-review').textContent).toMatch(
      /^Pago en revisión \(hasta 23 nov 2026, 7:00\s?p\. m\.\)$/,
    );
    expect(screen.queryByRole('link', { name: /^Recordar por WhatsApp/ })).toBeNull();
    const write = screen.getByRole('link', { name: 'Escribir por WhatsApp a María José Pérez' });
    const text = message(write);
    expect(text).toContain('lo estamos revisando');
    expect(text).not.toMatch(/Fecha límite|Monto pendiente|Cuando pagues/);
  });

  it('some reservations under review, others not: the deadline of those that can be lost, and the review', () => {
    renderCard(raffleBuyerFixture({ review_hold_until: REVIEW_END }));
    expect(screen.getByText(/^Fecha límite: 21 nov 2026/)).toBeTruthy();
    expect(screen.getByTestId('buyer-in-review')).toBeTruthy();
    const remind = screen.getByRole('link', { name: 'Recordar por WhatsApp a María José Pérez' });
    expect(message(remind)).toContain('Tenemos en revisión un pago tuyo');
  });
});
