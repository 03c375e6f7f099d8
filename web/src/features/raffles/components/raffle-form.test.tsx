// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordFetch, renderWithProviders } from '@/test/render';
import { emptyPrizeRow } from '../prize-form';
import {
  editRaffleFormSchema,
  emptyAccountRow,
  emptyRaffleForm,
  type RaffleFormInput,
} from '../raffle-form-schema';
import { RaffleForm } from './raffle-form';

const LOCKED = 'No se puede cambiar: ya se apartaron o vendieron números de esta rifa.';

const values: RaffleFormInput = {
  ...emptyRaffleForm,
  name: 'Moto Bera',
  price: '5',
  payment_type: 'cuotas',
  installments: '4',
};

function renderForm(
  props: { termsLocked?: boolean; sealedPrizes?: boolean[]; defaults?: Partial<RaffleFormInput> } = {},
) {
  const onSubmit = vi.fn(async (_body: unknown) => {});
  renderWithProviders(
    <RaffleForm
      schema={editRaffleFormSchema}
      defaultValues={{ ...values, ...props.defaults }}
      currentStatus="activa"
      termsLocked={props.termsLocked}
      sealedPrizes={props.sealedPrizes}
      onSubmit={onSubmit}
      submitLabel="Guardar cambios"
      submittingLabel="Guardando…"
      errorTitle="Error al actualizar la rifa"
    />,
  );
  return { onSubmit };
}

beforeEach(() => vi.stubGlobal('fetch', recordFetch(() => Response.json([])).fetchStub));
afterEach(() => vi.unstubAllGlobals());

describe('raffle form: terms locked after the first sale', () => {
  it('shows size, digits, payment type and installments read-only, each saying why', () => {
    renderForm({ termsLocked: true });
    const total = screen.getByLabelText('Cantidad de números');
    expect(total).toHaveProperty('readOnly', true);
    expect(total.getAttribute('aria-describedby')).toBe('raffle-total-hint');
    expect(document.getElementById('raffle-total-hint')?.textContent).toBe(LOCKED);
    const digits = screen.getByRole('combobox', { name: 'Cifras por número' });
    expect(digits).toHaveProperty('disabled', true);
    expect(document.getElementById('raffle-digits-hint')?.textContent).toBe(LOCKED);
    const paymentType = screen.getByRole('group', { name: 'Forma de pago' });
    for (const radio of within(paymentType).getAllByRole('radio'))
      expect(radio).toHaveProperty('disabled', true);
    expect(document.getElementById(paymentType.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      LOCKED,
    );
    expect(screen.getByLabelText('Cantidad de cuotas')).toHaveProperty('readOnly', true);
    // The name and the price stay editable.
    expect(screen.getByLabelText('Nombre de la rifa')).toHaveProperty('readOnly', false);
    expect(screen.getByLabelText('Precio por número (USD)')).toHaveProperty('readOnly', false);
  });

  it('leaves them editable while nothing was sold', () => {
    renderForm({ termsLocked: false });
    expect(screen.getByLabelText('Cantidad de números')).toHaveProperty('readOnly', false);
    expect(screen.getByRole('combobox', { name: 'Cifras por número' })).toHaveProperty('disabled', false);
    expect(screen.queryByText(LOCKED)).toBeNull();
  });
});

describe('raffle form: payment accounts', () => {
  it('adds a pago móvil account with its own fields, and removes it', async () => {
    const user = userEvent.setup();
    renderForm();
    expect(screen.getByText(/Aún no hay cuentas/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Agregar cuenta' }));
    const account = screen.getByRole('group', { name: 'Cuenta 1 · Pago móvil' });
    for (const label of ['Banco', 'Teléfono', 'Cédula o RIF', 'Titular'])
      expect(within(account).getByLabelText(label)).toBeTruthy();
    expect(within(account).queryByLabelText('Correo')).toBeNull();
    await user.click(within(account).getByRole('button', { name: 'Quitar cuenta 1' }));
    expect(screen.queryByRole('group', { name: /Cuenta 1/ })).toBeNull();
  });

  it('says in Spanish what is missing or wrong, beside each field', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm({ defaults: { payment_accounts: [emptyAccountRow('pago_movil')] } });
    const account = screen.getByRole('group', { name: 'Cuenta 1 · Pago móvil' });
    await user.type(within(account).getByLabelText('Teléfono'), '123');
    await user.type(within(account).getByLabelText('Cédula o RIF'), 'X-1');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(within(account).getByText('Elige el banco')).toBeTruthy());
    expect(within(account).getByText('Teléfono inválido: usa el formato 0414-1234567')).toBeTruthy();
    expect(within(account).getByText('Cédula o RIF inválido: p. ej. V-12345678 o J-12345678-9')).toBeTruthy();
    expect(within(account).getByText('Escribe el nombre del titular (de 2 a 120 caracteres)')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends only the chosen method’s fields, normalized', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm({
      defaults: {
        payment_accounts: [
          // Typed as pago móvil first, then switched to Zelle: the pago móvil data stays behind.
          { ...emptyAccountRow('zelle'), bank_code: '0102', phone: '0414-1234567' },
          { ...emptyAccountRow('pago_movil'), bank_code: '0134' },
        ],
      },
    });
    const zelle = screen.getByRole('group', { name: 'Cuenta 1 · Zelle' });
    expect(within(zelle).queryByLabelText('Teléfono')).toBeNull();
    await user.type(within(zelle).getByLabelText('Correo'), 'pagos@trebol.com');
    await user.type(within(zelle).getByLabelText('Titular'), 'María Pérez');
    const movil = screen.getByRole('group', { name: 'Cuenta 2 · Pago móvil' });
    await user.type(within(movil).getByLabelText('Teléfono'), '+58 424 111 2233');
    await user.type(within(movil).getByLabelText('Cédula o RIF'), 'v12345678');
    await user.type(within(movil).getByLabelText('Titular'), 'Rifas El Trébol');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    const body = onSubmit.mock.calls[0]?.[0] as { payment_accounts: object[] };
    expect(body).toMatchObject({
      payment_accounts: [
        { method: 'zelle', email: 'pagos@trebol.com', holder: 'María Pérez' },
        {
          method: 'pago_movil',
          bank_code: '0134',
          phone: '0424-1112233',
          id_document: 'V-12345678',
          holder: 'Rifas El Trébol',
        },
      ],
    });
    expect(Object.keys(body.payment_accounts[0] ?? {})).toEqual(['method', 'email', 'holder']);
  });
});

describe('raffle form: a sealed pre-sorteo', () => {
  it('shows that prize read-only, saying why, and fixes the order and sources of all of them', () => {
    const prize = (title: string) => ({ ...emptyPrizeRow(), title, draw_kind: 'drand' as const });
    renderForm({
      sealedPrizes: [true, false],
      defaults: { prizes: [prize('Televisor'), prize('Bono')] },
    });
    const [sealed, open] = screen.getAllByTestId('extra-prize') as [HTMLElement, HTMLElement];
    expect(within(sealed).getByLabelText('Nombre del premio')).toHaveProperty('readOnly', true);
    expect(within(sealed).getByLabelText('Descripción (opcional)')).toHaveProperty('readOnly', true);
    expect(within(sealed).queryByText('Subir foto')).toBeNull();
    expect(within(sealed).getByTestId('sealed-prize-hint').textContent).toBe(
      'La lista de este pre-sorteo ya se selló: este premio ya no cambia.',
    );
    // The other prize's texts still change; no prize moves or goes.
    expect(within(open).getByLabelText('Nombre del premio')).toHaveProperty('readOnly', false);
    expect(within(open).queryByTestId('sealed-prize-hint')).toBeNull();
    expect(screen.queryByRole('button', { name: /Quitar el/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Subir el/ })).toBeNull();
    expect(
      screen.getByText('Un pre-sorteo ya selló su lista: el orden de los premios y sus sorteos no cambian.'),
    ).toBeTruthy();
  });
});
