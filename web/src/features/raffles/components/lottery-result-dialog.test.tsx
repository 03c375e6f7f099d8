// @vitest-environment jsdom
import type { Raffle } from '@domain/raffles';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prizeViewFixture } from '@/test/prize-view';
import { recordFetch, renderWithProviders } from '@/test/render';
import { answerFromServer } from '@/test/server-answer';
import { staffRaffle } from '@/test/staff-raffle';
import { fingerprintShareText } from './share-fingerprint-dialog';
import { StaffRaffleCard } from './staff-raffle-card';

const HOUR = 3_600_000;
const closed: Raffle = {
  ...staffRaffle,
  status: 'cerrada',
  closing_date: new Date(Date.now() - HOUR).toISOString(),
  draw_commitment: 'ab'.repeat(32),
  closed_at: '2026-11-21T22:00:05.000Z',
  commitment_version: 2,
  line_count: 3,
  draw_kind: 'loteria',
  draw_lottery: 'Triple Táchira A',
  draw_at: new Date(Date.now() - 60_000).toISOString(),
  draw_rule: 'ultimos_digitos',
  draw_rule_text: 'Gana el número con los últimos 2 dígitos del primer premio de la lotería.',
  has_sales: true,
  terms_locked: true,
  stats: { ...staffRaffle.stats, disponible: 97, apartado: 1, pagado: 2 },
};

let fetchStub: ReturnType<typeof recordFetch>;
beforeEach(() => {
  fetchStub = recordFetch(() => Response.json({ winning_number: 47 }));
  vi.stubGlobal('fetch', fetchStub.fetchStub);
});
afterEach(() => vi.unstubAllGlobals());

const openDialog = async (raffle: Raffle) => {
  const user = userEvent.setup();
  renderWithProviders(<StaffRaffleCard raffle={raffle} canDelete />);
  await user.click(screen.getByRole('button', { name: 'Registrar resultado de Nevera' }));
  return { user, dialog: screen.getByRole('dialog') };
};

describe('registering a declared lottery result (issue 19)', () => {
  it('derives the number live from the result as published and sends the result', async () => {
    const { user, dialog } = await openDialog(closed);
    const input = within(dialog).getByLabelText('Resultado oficial, tal como se publicó');
    await user.type(input, '347');
    expect(within(dialog).getByRole('status', { name: 'Número ganador según la regla' }).textContent).toBe(
      '47',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    expect(
      screen.getByRole('heading', { name: '¿Registrar el resultado 347: número ganador 47?' }),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Sí, registrar: gana el 47' }));
    await waitFor(() =>
      expect(fetchStub.calls.find((c) => c.method === 'POST')).toMatchObject({
        url: `/api/raffles/${closed.id}/draw`,
        body: { result: '347' },
      }),
    );
  });

  it('refuses before the declared draw time and says when it will be possible', async () => {
    const { dialog } = await openDialog({ ...closed, draw_at: '2099-11-22T02:00:00.000Z' });
    expect(dialog.textContent).toContain('Podrás registrarlo desde el 21 nov 2099, 10:00 p. m.');
    expect(within(dialog).getByLabelText('Resultado oficial, tal como se publicó')).toHaveProperty(
      'disabled',
      true,
    );
    expect(within(dialog).getByRole('button', { name: 'Continuar' })).toHaveProperty('disabled', true);
  });
});

describe('a prize waiting for its next result (decision 084)', () => {
  // The 1.er premio went to 47; the 2.º premio's declared result (21 nov, 10:00 p. m.) gave 47 again.
  const waiting: Raffle = {
    ...closed,
    status: 'finalizada',
    winning_number: 47,
    drawn_at: '2026-11-22T03:00:00.000Z',
    prizes: [
      prizeViewFixture(1, { result: '347', winning_number: 47, drawn_at: '2026-11-22T03:00:00.000Z' }),
      prizeViewFixture(2, {
        title: 'Bicicleta',
        skipped: [{ result: '147', round: null, number: 47, result_at: null }],
      }),
    ],
  };

  it('asks which lottery draw gave the next result and sends it with the result', async () => {
    const { user, dialog } = await openDialog(waiting);
    const at = within(dialog).getByLabelText('Fecha y hora del sorteo que dio este resultado');
    expect(dialog.textContent).toContain(
      'El siguiente sorteo de la lotería después del 21 nov 2026, 10:00 p. m.',
    );
    await user.type(within(dialog).getByLabelText('Resultado oficial, tal como se publicó'), '512');
    await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    expect(dialog.textContent).toContain('Indica la fecha y hora del sorteo que dio este resultado.');
    await user.type(at, '2026-11-22T22:00');
    await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    expect(screen.getByRole('dialog').textContent).toContain('Sorteo del 22 nov 2026, 10:00 p. m.');
    await user.click(screen.getByRole('button', { name: 'Sí, registrar: gana el 12' }));
    await waitFor(() =>
      expect(fetchStub.calls.find((c) => c.method === 'POST')).toMatchObject({
        url: `/api/raffles/${closed.id}/draw`,
        body: { result: '512', prize: 2, result_at: '2026-11-22T22:00:00-04:00' },
      }),
    );
  });

  it('a first result asks for no draw time: it is the declared one', async () => {
    const { dialog } = await openDialog({
      ...waiting,
      prizes: [waiting.prizes[0], prizeViewFixture(2)] as Raffle['prizes'],
    });
    expect(within(dialog).queryByLabelText('Fecha y hora del sorteo que dio este resultado')).toBeNull();
  });
});

describe('the declared draw time by the server’s clock (decision 064)', () => {
  const MINUTE = 60_000;
  const resultInput = (dialog: HTMLElement) =>
    within(dialog).getByLabelText('Resultado oficial, tal como se publicó');
  afterEach(() => answerFromServer(0));

  it('a laptop 10 minutes ahead still waits for a draw time 5 minutes ahead of the server', async () => {
    answerFromServer(10 * MINUTE);
    const drawAt = new Date(Date.now() - 10 * MINUTE + 5 * MINUTE).toISOString();
    const { dialog } = await openDialog({ ...closed, draw_at: drawAt });
    expect(dialog.textContent).toContain('Podrás registrarlo desde el');
    expect(resultInput(dialog)).toHaveProperty('disabled', true);
  });

  it('a laptop 10 minutes behind takes the result of a draw 5 minutes in the server’s past', async () => {
    answerFromServer(-10 * MINUTE);
    const drawAt = new Date(Date.now() + 10 * MINUTE - 5 * MINUTE).toISOString();
    const { dialog } = await openDialog({ ...closed, draw_at: drawAt });
    expect(dialog.textContent).not.toContain('Podrás registrarlo desde el');
    expect(resultInput(dialog)).toHaveProperty('disabled', false);
  });
});

describe('the fingerprint share text', () => {
  it('says when the list closed, how many lines, the root and where to check', () => {
    expect(fingerprintShareText(closed, 'https://rifas.example')).toBe(
      `Rifa Nevera: lista cerrada el 21 nov 2026, 6:00 p. m. con 3 números. Huella (raíz Merkle): ${'ab'.repeat(32)}. Verifícala en https://rifas.example/verificar?rifa=7d8e3c52-0a55-4a8a-9f8e-2b1c9d3e4f50`,
    );
  });
});
