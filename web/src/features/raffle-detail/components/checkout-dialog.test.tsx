// @vitest-environment jsdom
import type { PublicRaffle } from '@domain/raffles';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { VesRate } from '@/lib/exchange-rates';
import { publicRaffle } from '@/test/public-raffle';
import { renderWithProviders } from '@/test/render';
import { useRaffleStore } from '../store/raffle-store';
import { CheckoutDialog } from './checkout-dialog';

const raffle = publicRaffle;

const withRate: VesRate = { rate: 36.5, isStale: false, isLoading: false, isError: false };
const noRate: VesRate = { rate: null, isStale: false, isLoading: false, isError: false };

function renderCheckout(rate: VesRate, overrides: Partial<PublicRaffle> = {}) {
  renderWithProviders(
    <CheckoutDialog
      raffle={{ ...raffle, ...overrides }}
      rate={rate}
      open
      onOpenChange={() => {}}
      onReserved={() => {}}
    />,
  );
  return screen.getByRole('dialog');
}

/** The "Total" row of the summary: its figure. */
const totalShown = (dialog: HTMLElement) =>
  within(dialog).getByText('Total').parentElement?.lastElementChild?.textContent;

beforeEach(() => {
  useRaffleStore.setState(useRaffleStore.getInitialState(), true);
  useRaffleStore.getState().select([1, 2, 3]);
});

describe('checkout total', () => {
  it('is the price times the chosen numbers, in USD and Bs at the day’s rate', () => {
    const dialog = renderCheckout(withRate);
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['01', '02', '03']);
    expect(totalShown(dialog)).toBe('$15,00 / Bs 547,50');
    expect(
      within(dialog).getByRole('button', { name: 'Apartar 3 números — $15,00 / Bs 547,50' }),
    ).toBeTruthy();
  });

  it('is in dollars only when there is no bolívar rate', () => {
    const dialog = renderCheckout(noRate);
    expect(totalShown(dialog)).toBe('$15,00');
    expect(within(dialog).getByRole('button', { name: 'Apartar 3 números — $15,00' })).toBeTruthy();
  });

  it('follows the selection when a number drops out, and asks before reserving the smaller set', () => {
    const dialog = renderCheckout(withRate);
    act(() => useRaffleStore.getState().deselect([2]));
    expect(totalShown(dialog)).toBe('$10,00 / Bs 365,00');
    expect(within(dialog).getByText(/Ahora apartarías 2 números por \$10,00 \/ Bs 365,00/)).toBeTruthy();
    const submit = within(dialog).getByRole('button', { name: 'Apartar 2 números — $10,00 / Bs 365,00' });
    expect(submit.hasAttribute('disabled')).toBe(true);
  });

  it('in cuotas: the whole price, one cuota per number and what is paid today', () => {
    const dialog = renderCheckout(withRate, { payment_type: 'cuotas', installments: 4 });
    expect(totalShown(dialog)).toBe('$15,00 / Bs 547,50');
    const plan = within(dialog).getByTestId('checkout-installments');
    expect(plan.textContent).toContain('4 cuotas de $1,25 / Bs 45,63');
    expect(plan.textContent).toContain(
      'Hoy pagas la primera cuota: $1,25 / Bs 45,63 por número (× 3 números: $3,75 / Bs 136,88)',
    );
    // The button says what is paid today, not the full price.
    expect(
      within(dialog).getByRole('button', { name: 'Apartar 3 números y pagar $3,75 / Bs 136,88 hoy' }),
    ).toBeTruthy();
  });

  it('with nothing chosen there is nothing to pay and nothing to send: the button leads back to the board', () => {
    useRaffleStore.getState().clearSelection();
    const dialog = renderCheckout(withRate);
    expect(totalShown(dialog)).toBe('$0,00 / Bs 0,00');
    expect(within(dialog).queryByRole('button', { name: /^Apartar/ })).toBeNull();
    const back = within(dialog).getByRole('button', { name: 'Volver al tablero' });
    expect(back.getAttribute('type')).toBe('button');
    expect(back.hasAttribute('disabled')).toBe(false);
  });
});

let setPrice: (cents: number) => void = () => {};
let setRate: (rate: VesRate) => void = () => {};
let setPayment: (terms: Pick<PublicRaffle, 'payment_type' | 'installments'>) => void = () => {};
/** The sheet as the page renders it, with the raffle's price and the day's rate as the page has them now. */
function PageWithSheet() {
  const [price, set] = useState(raffle.price_cents);
  const [rate, changeRate] = useState(withRate);
  const [payment, changePayment] = useState<Pick<PublicRaffle, 'payment_type' | 'installments'>>({
    payment_type: raffle.payment_type,
    installments: raffle.installments,
  });
  setPrice = set;
  setRate = changeRate;
  setPayment = changePayment;
  return (
    <CheckoutDialog
      raffle={{ ...raffle, ...payment, price_cents: price }}
      rate={rate}
      open
      onOpenChange={() => {}}
      onReserved={() => {}}
    />
  );
}

describe('a price changed while the sheet is open (decision 089)', () => {
  const submitOf = (dialog: HTMLElement) =>
    within(dialog).getByRole('button', { name: /^Apartar 3 números/ });

  it('says the old and the new total, and sends nothing until the buyer confirms the new one', () => {
    renderWithProviders(<PageWithSheet />);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).queryByTestId('checkout-price-changed')).toBeNull();
    act(() => setPrice(800));

    const notice = within(dialog).getByTestId('checkout-price-changed');
    expect(notice.getAttribute('role')).toBe('alert');
    expect(notice.textContent).toContain('El precio de esta rifa cambió');
    expect(notice.textContent).toContain(
      'Ahora apartarías 3 números por $24,00 / Bs 876,00 (antes $15,00 / Bs 547,50). ¿Continuamos?',
    );
    expect(submitOf(dialog).textContent).toContain('$24,00');
    expect(submitOf(dialog).hasAttribute('disabled')).toBe(true);

    fireEvent.click(within(notice).getByRole('button', { name: 'Sí, continuar con el nuevo total' }));
    expect(within(dialog).queryByTestId('checkout-price-changed')).toBeNull();
    expect(submitOf(dialog).hasAttribute('disabled')).toBe(false);
    // A second change is asked about again, against the total just agreed.
    act(() => setPrice(700));
    expect(within(dialog).getByTestId('checkout-price-changed').textContent).toContain(
      '(antes $24,00 / Bs 876,00)',
    );
  });

  it('a price that goes back to what the buyer agreed to asks nothing', () => {
    renderWithProviders(<PageWithSheet />);
    const dialog = screen.getByRole('dialog');
    act(() => setPrice(800));
    act(() => setPrice(500));
    expect(within(dialog).queryByTestId('checkout-price-changed')).toBeNull();
    expect(submitOf(dialog).hasAttribute('disabled')).toBe(false);
  });

  it('says the old total as it was shown, in the bolívares of then', () => {
    renderWithProviders(<PageWithSheet />);
    const dialog = screen.getByRole('dialog');
    act(() => setRate({ ...withRate, rate: 40 }));
    expect(within(dialog).queryByTestId('checkout-price-changed')).toBeNull(); // a new rate is not a new price
    act(() => setPrice(800));
    expect(within(dialog).getByTestId('checkout-price-changed').textContent).toContain(
      'Ahora apartarías 3 números por $24,00 / Bs 960,00 (antes $15,00 / Bs 547,50)',
    );
  });

  it('a smaller set confirmed at a new price is not asked about again', () => {
    renderWithProviders(<PageWithSheet />);
    const dialog = screen.getByRole('dialog');
    act(() => useRaffleStore.getState().deselect([2]));
    act(() => setPrice(800));
    const changed = within(dialog).getByTestId('checkout-changed');
    expect(changed.textContent).toContain('Ahora apartarías 2 números por $16,00 / Bs 584,00');
    fireEvent.click(within(changed).getByRole('button', { name: 'Sí, apartar estos números' }));
    expect(within(dialog).queryByTestId('checkout-price-changed')).toBeNull();
    expect(
      within(dialog)
        .getByRole('button', { name: /^Apartar 2 números/ })
        .hasAttribute('disabled'),
    ).toBe(false);
  });

  it('cuotas that change with the same total are asked about too', () => {
    renderWithProviders(<PageWithSheet />);
    const dialog = screen.getByRole('dialog');
    act(() => setPayment({ payment_type: 'cuotas', installments: 4 }));
    const notice = within(dialog).getByTestId('checkout-price-changed');
    expect(notice.textContent).toContain('La forma de pago de esta rifa cambió');
    expect(notice.textContent).toContain('Ahora se paga en 4 cuotas (antes en un solo pago).');
    expect(notice.textContent).toContain('¿Continuamos?');
    expect(
      within(dialog)
        .getByRole('button', { name: /^Apartar 3 números y pagar/ })
        .hasAttribute('disabled'),
    ).toBe(true);
    fireEvent.click(within(notice).getByRole('button', { name: 'Sí, continuar así' }));
    expect(within(dialog).queryByTestId('checkout-price-changed')).toBeNull();
    // Both at once: one question with both.
    act(() => {
      setPayment({ payment_type: 'pago_unico', installments: null });
      setPrice(800);
    });
    const both = within(dialog).getByTestId('checkout-price-changed').textContent;
    expect(both).toContain('El precio de esta rifa cambió');
    expect(both).toContain('Ahora se paga en un solo pago (antes en 4 cuotas).');
    expect(both).toContain('Ahora apartarías 3 números por $24,00 / Bs 876,00 (antes $15,00 / Bs 547,50)');
  });

  it('numbers dropping out at the same time: one question, about the new set and its total', () => {
    renderWithProviders(<PageWithSheet />);
    const dialog = screen.getByRole('dialog');
    act(() => {
      setPrice(800);
      useRaffleStore.getState().deselect([2]);
    });
    expect(within(dialog).queryByTestId('checkout-price-changed')).toBeNull();
    expect(within(dialog).getByTestId('checkout-changed').textContent).toContain(
      'Ahora apartarías 2 números por $16,00 / Bs 584,00',
    );
  });
});
