// @vitest-environment jsdom
import { formatDateTime } from '@domain/dates';
import type { StaffInstantWin, StaffInstantWins } from '@domain/instant-wins';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { raffleKeys } from '@/api/raffles';
import { recordFetch } from '@/test/render';
import { useInstantWins } from '../api/get-instant-wins';
import { emptyRaffleForm, type RaffleFormInput } from '../raffle-form-schema';
import { RaffleInstantWinsField } from './raffle-instant-wins-field';

const RAFFLE = 'raffle-1';
const DELIVERED_AT = '2026-12-05T15:30:00.000Z';

const win = (overrides: Partial<StaffInstantWin>): StaffInstantWin => ({
  number: 7,
  prize: 'Una gorra',
  ticket_number: null,
  awarded_at: null,
  winner_name: null,
  delivered_at: null,
  delivered_by_name: null,
  ...overrides,
});
const list: StaffInstantWin[] = [
  win({ number: 7, ticket_number: '07', awarded_at: '2026-12-04T10:00:00.000Z', winner_name: 'María Pérez' }),
  win({
    number: 12,
    prize: 'Recarga de $5',
    ticket_number: '12',
    awarded_at: '2026-12-03T10:00:00.000Z',
    winner_name: 'Pedro Gómez',
    delivered_at: '2026-12-03T18:00:00.000Z',
    delivered_by_name: 'Ana Admin',
  }),
  win({ number: 40, prize: 'Franela' }),
];

/** The field as the edit page feeds it: the form's rows, and the won ones from the list's query. */
function EditedField() {
  const wins = useInstantWins(RAFFLE);
  const form = useForm<RaffleFormInput>({
    defaultValues: {
      ...emptyRaffleForm,
      instant_wins: list.map((w) => ({ number: String(w.number), prize: w.prize })),
    },
  });
  const byNumber = new Map(
    (wins.data?.instant_wins ?? []).flatMap((w) => (w.ticket_number ? [[w.number, w] as const] : [])),
  );
  return (
    <FormProvider {...form}>
      <RaffleInstantWinsField
        locked
        lockedHint="Fijados con la primera venta."
        won={{ raffleId: RAFFLE, byNumber }}
      />
    </FormProvider>
  );
}

function renderField(answer: () => Response) {
  const recorder = recordFetch(answer);
  vi.stubGlobal('fetch', recorder.fetchStub);
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
  const seeded: StaffInstantWins = { instant_wins: list, instant_win_commitment: 'a'.repeat(64) };
  queryClient.setQueryData(raffleKeys.instantWins(RAFFLE), seeded);
  render(
    <QueryClientProvider client={queryClient}>
      <EditedField />
    </QueryClientProvider>,
  );
  return recorder.calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const rowOf = (prize: string) => {
  const row = screen.getByDisplayValue(prize).closest('li');
  if (!row) throw new Error(`no row for ${prize}`);
  return within(row);
};

describe('the instant-win list on the edit form (decision 081)', () => {
  it('says who won each prize, which were delivered and when, and offers the mark only for won ones', () => {
    renderField(() => Response.json({}));
    const won = rowOf('Una gorra');
    expect(won.getByText('Ganado por el número vendido 07 (María Pérez)')).toBeTruthy();
    expect(won.getByRole('button', { name: 'Marcar como entregado el premio del número 07' })).toBeTruthy();
    const delivered = rowOf('Recarga de $5');
    expect(delivered.getByText('Entregado')).toBeTruthy();
    expect(
      delivered.getByText(`el ${formatDateTime('2026-12-03T18:00:00.000Z')} por Ana Admin`),
    ).toBeTruthy();
    expect(delivered.queryByRole('button')).toBeNull();
    const notWon = rowOf('Franela');
    expect(notWon.queryByText(/Ganado/)).toBeNull();
    expect(notWon.queryByRole('button')).toBeNull();
  });

  it('asks before marking, then shows "Entregado" with its date', async () => {
    const marked = list.map((w) =>
      w.number === 7 ? { ...w, delivered_at: DELIVERED_AT, delivered_by_name: 'Vendedora Dueña' } : w,
    );
    const calls = renderField(() =>
      Response.json({ instant_wins: marked, instant_win_commitment: 'a'.repeat(64) }),
    );
    await userEvent.click(rowOf('Una gorra').getByRole('button', { name: /Marcar como entregado/ }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('¿Ya entregaste el premio del número 07?')).toBeTruthy();
    expect(within(dialog).getByText(/no se puede deshacer/)).toBeTruthy();
    expect(calls).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sí, marcar como entregado' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toEqual([
      { method: 'POST', url: `/api/raffles/${RAFFLE}/instant-wins/7/delivery`, body: undefined },
    ]);
    const row = rowOf('Una gorra');
    expect(row.getByText('Entregado')).toBeTruthy();
    expect(row.getByText(`el ${formatDateTime(DELIVERED_AT)} por Vendedora Dueña`)).toBeTruthy();
    expect(row.queryByRole('button')).toBeNull();
  });

  it('keeps the dialog open with the server’s reason when the prize is no longer won', async () => {
    const message =
      'El premio del número 7 todavía no lo ganó nadie: solo se entrega cuando una venta de ese número está pagada completa';
    renderField(() => Response.json({ error: { code: 'INSTANT_WIN_NOT_WON', message } }, { status: 422 }));
    await userEvent.click(rowOf('Una gorra').getByRole('button', { name: /Marcar como entregado/ }));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sí, marcar como entregado' }));
    expect(await within(dialog).findByText(message)).toBeTruthy();
  });
});
