// @vitest-environment jsdom
import type { PaymentAccountView } from '@domain/payment-accounts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { PaymentAccounts } from './payment-accounts';

const accounts: PaymentAccountView[] = [
  {
    method: 'pago_movil',
    bank_code: '0102',
    phone: '0414-5551234',
    id_document: 'V-12345678',
    holder: 'Rifas El Trébol',
  },
  { method: 'zelle', email: 'pagos@trebol.com', holder: 'María Pérez' },
];

describe('payment accounts on the buyer’s page', () => {
  it('lists the chosen method’s account first, every value with its own copy button', () => {
    renderWithProviders(<PaymentAccounts accounts={accounts} method="zelle" />);
    const [first, second] = screen.getAllByRole('listitem');
    expect(first?.textContent).toContain('Zelle');
    expect(first?.textContent).toContain('El método que elegiste');
    expect(within(second as HTMLElement).getByText('0102 · Banco de Venezuela')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Copiar / })).toHaveLength(6);
  });

  it('copies what a bank app takes (a phone as digits) and says "Copiado"', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PaymentAccounts accounts={accounts} method="pago_movil" />);
    const button = screen.getByRole('button', { name: 'Copiar Teléfono (Pago móvil)' });
    expect(button.textContent).toBe('Copiar');
    await user.click(button);
    expect(await navigator.clipboard.readText()).toBe('04145551234');
    expect(button.textContent).toBe('Copiado');
    expect(button.getAttribute('aria-label')).toBe('Copiado: Teléfono (Pago móvil)');
  });

  it('shows nothing without accounts', () => {
    const { container } = renderWithProviders(<PaymentAccounts accounts={[]} method="transfer" />);
    expect(container.textContent).toBe('');
  });
});
