// @vitest-environment jsdom
import { type BulkReleasePreview, bulkReleaseMessages } from '@domain/bulk-release';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordFetch, renderWithProviders } from '@/test/render';
import { staffTicketFixture } from '@/test/staff-ticket';
import { BulkReleaseBar } from './bulk-release';

// The confirmation names every number the release leaves, with the server's reason: a paid number
// priced 0 has no payment of its own (decision 061), so it is not said to have approved payments.
const preview: BulkReleasePreview = {
  numbers: 1,
  buyers: 1,
  skipped: [
    { number: 12, reason: 'PAID_WITH_ORDER', message: bulkReleaseMessages.skipped.PAID_WITH_ORDER },
    { number: 14, reason: 'PAID_BY_HAND', message: bulkReleaseMessages.skipped.PAID_BY_HAND },
    { number: 20, reason: 'HAS_PAYMENTS', message: bulkReleaseMessages.skipped.HAS_PAYMENTS },
  ],
  delivered_prizes: [],
};

let calls: ReturnType<typeof recordFetch>['calls'];
let answer: BulkReleasePreview = preview;
beforeEach(() => {
  const recorder = recordFetch(() => Response.json(answer));
  calls = recorder.calls;
  vi.stubGlobal('fetch', recorder.fetchStub);
});
afterEach(() => {
  vi.unstubAllGlobals();
  answer = preview;
});

/** Renders the bar with these numbers selected and opens "Los seleccionados": answers its dialog. */
async function confirmSelected(numbers: number[]) {
  const selected = new Map(
    numbers.map((n) => [
      n,
      staffTicketFixture({ id: `sale-${n}`, number: n, ticket_number: String(n).padStart(3, '0') }),
    ]),
  );
  renderWithProviders(
    <BulkReleaseBar raffleId="raffle-1" selected={selected} filter={{}} digitCount={3} onClear={() => {}} />,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Liberar en lote' }));
  await userEvent.click(
    await screen.findByRole('menuitem', { name: `Los seleccionados (${numbers.length})` }),
  );
  return screen.findByRole('alertdialog');
}

describe('Liberar en lote', () => {
  it('names each number it leaves as staff read it, with why', async () => {
    const dialog = await confirmSelected([11, 12, 14, 20]);
    const skipped = await within(dialog).findAllByTestId('bulk-skipped');
    expect(skipped.map((item) => item.textContent)).toEqual([
      '012: Pagado con su pedido: libéralo uno por uno si corresponde',
      '014: Marcado pagado a mano, sin pagos: libéralo uno por uno si corresponde',
      '020: Tiene pagos aprobados: libéralo uno por uno para decidir el reembolso',
    ]);
    expect(calls[0]).toMatchObject({ method: 'POST', body: { numbers: [11, 12, 14, 20], dry_run: true } });
  });

  it('names each number it takes whose prize was already handed over, and says the prize stays with that sale', async () => {
    answer = { numbers: 2, buyers: 1, skipped: [], delivered_prizes: [{ number: 7, prize: 'Una gorra' }] };
    const notice = await within(await confirmSelected([7, 8])).findByTestId('bulk-delivered-prizes');
    expect(notice.textContent).toContain('1 número de esta selección ya entregó su premio');
    expect(notice.textContent).toContain('007: «Una gorra»');
    expect(notice.textContent).toContain('nadie más lo gana');
  });

  it('says nothing of prizes when none of its numbers handed one over', async () => {
    const dialog = await confirmSelected([11]);
    await within(dialog).findAllByTestId('bulk-skipped');
    expect(within(dialog).queryByTestId('bulk-delivered-prizes')).toBeNull();
  });
});
