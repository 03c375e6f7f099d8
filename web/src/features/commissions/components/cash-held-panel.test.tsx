// @vitest-environment jsdom
import type { SellerCash } from '@domain/cash-held';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { CashHeldPanel } from './cash-held-panel';
import { MyCashSection } from './my-cash-section';

const sellerId = '11111111-1111-4111-8111-111111111111';
const cash: SellerCash = {
  seller_id: sellerId,
  held_cents: 2000,
  held_ves_cents: 80_000,
  payments: 2,
  held_commission_cents: 250,
  receipts: [
    {
      payment_id: '22222222-2222-4222-8222-222222222222',
      raffle_id: '33333333-3333-4333-8333-333333333333',
      raffle_name: 'Moto Bera 2026',
      ticket_number: '01',
      method: 'efectivo',
      amount_cents: 1000,
      held_cents: 1000,
      held_ves_cents: 40_000,
      created_at: '2026-11-20T14:00:00.000Z',
    },
    {
      payment_id: '44444444-4444-4444-8444-444444444444',
      raffle_id: '33333333-3333-4333-8333-333333333333',
      raffle_name: 'Moto Bera 2026',
      ticket_number: '02',
      method: 'efectivo',
      amount_cents: 1500,
      held_cents: 1000,
      held_ves_cents: 40_000,
      created_at: '2026-11-21T14:00:00.000Z',
    },
  ],
  handovers: [],
  refunds: [],
};

type Call = { method: string; url: string; body: Record<string, unknown> | undefined };

/** Answers the panel's GET with `get`, and each POST with the next of `posts`. */
function stubApi(get: () => Response, posts: (() => Response)[] = []) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push({
      method,
      url: String(input),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    return method === 'GET' ? get() : (posts.shift() ?? (() => Response.json({}, { status: 500 })))();
  });
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('CashHeldPanel', () => {
  it('shows what the seller holds in USD and Bs, the payments, the held commission and no hand-overs or refunds yet', async () => {
    stubApi(() => Response.json(cash));
    renderWithProviders(<CashHeldPanel sellerId={sellerId} sellerName="Valentina Rojas" />);
    const summary = await screen.findByTestId('cash-summary');
    expect(within(summary).getByText('$20,00')).toBeTruthy();
    expect(within(summary).getByText('Bs 800,00')).toBeTruthy();
    expect(within(summary).getByText('2 pagos')).toBeTruthy();
    expect(within(summary).getByText('$2,50')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Pagos por entregar' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('de $15,00')).toBeTruthy();
    expect(screen.getByText('Todavía no hay entregas registradas.')).toBeTruthy();
    expect(screen.getByText('Todavía no hay reembolsos del efectivo.')).toBeTruthy();
    // The seller's own view: no «Registrar entrega».
    expect(screen.queryByRole('button', { name: 'Registrar entrega' })).toBeNull();
  });

  it('lists the refunds given back out of the cash beside the hand-overs, newest first, with what came from it', async () => {
    stubApi(() =>
      Response.json({
        ...cash,
        refunds: [
          {
            refund_id: '55555555-5555-4555-8555-555555555555',
            raffle_id: '33333333-3333-4333-8333-333333333333',
            raffle_name: 'Moto Bera 2026',
            ticket_number: '07',
            amount_cents: 500,
            amount_ves_cents: 20_000,
            refund_amount_cents: 500,
            reason: 'Número duplicado',
            created_by_name: 'Valentina Rojas',
            created_at: '2026-11-23T14:00:00.000Z',
          },
          {
            refund_id: '66666666-6666-4666-8666-666666666666',
            raffle_id: '33333333-3333-4333-8333-333333333333',
            raffle_name: 'Moto Bera 2026',
            ticket_number: '03',
            amount_cents: 500,
            amount_ves_cents: 18_250,
            refund_amount_cents: 700,
            reason: 'El comprador desistió',
            created_by_name: 'Ana Pérez',
            created_at: '2026-11-22T14:00:00.000Z',
          },
        ],
      }),
    );
    renderWithProviders(<CashHeldPanel sellerId={sellerId} sellerName="Valentina Rojas" />);
    const list = await screen.findByRole('list', { name: 'Reembolsos del efectivo' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByText(/Nº/).textContent)).toEqual([
      'Moto Bera 2026 · Nº 07',
      'Moto Bera 2026 · Nº 03',
    ]);
    const [whole, part] = rows as [HTMLElement, HTMLElement];
    expect(within(whole).getByText('Número duplicado')).toBeTruthy();
    expect(within(whole).getByText('$5,00')).toBeTruthy();
    expect(within(whole).getByText('Bs 200,00')).toBeTruthy();
    // Who recorded it: the seller themself here, an admin below.
    expect(within(whole).getByText(/· Registrado por Valentina Rojas$/)).toBeTruthy();
    expect(within(whole).queryByText(/reembolsados/)).toBeNull();
    // Only $5 of the $7 refund came out of the seller's cash (at its payment's rate).
    expect(within(part).getByText('El comprador desistió')).toBeTruthy();
    expect(within(part).getByText('$5,00')).toBeTruthy();
    expect(within(part).getByText('Bs 182,50')).toBeTruthy();
    expect(within(part).getByText(/· Registrado por Ana Pérez$/)).toBeTruthy();
    expect(within(part).getByText('de $7,00 reembolsados')).toBeTruthy();
    expect(screen.queryByText('Todavía no hay reembolsos del efectivo.')).toBeNull();
    expect(screen.getByText('Todavía no hay entregas registradas.')).toBeTruthy();
  });

  it('lists the hand-overs with the payments they covered, who recorded them, the note, USD and Bs', async () => {
    stubApi(() =>
      Response.json({
        ...cash,
        handovers: [
          {
            id: '77777777-7777-4777-8777-777777777777',
            amount_cents: 1500,
            amount_ves_cents: 60_000,
            note: 'En la oficina',
            payments: 2,
            created_by_name: 'Ana Pérez',
            created_at: '2026-11-24T14:00:00.000Z',
          },
        ],
      }),
    );
    renderWithProviders(<CashHeldPanel sellerId={sellerId} sellerName="Valentina Rojas" />);
    const list = await screen.findByRole('list', { name: 'Entregas registradas' });
    const [row] = within(list).getAllByRole('listitem') as [HTMLElement];
    expect(within(row).getByText('2 pagos · Registrada por Ana Pérez')).toBeTruthy();
    expect(within(row).getByText('En la oficina')).toBeTruthy();
    expect(within(row).getByText('$15,00')).toBeTruthy();
    expect(within(row).getByText('Bs 600,00')).toBeTruthy();
    expect(screen.queryByText('Todavía no hay entregas registradas.')).toBeNull();
  });

  it('«Mis ventas» keeps the cash section for a seller whose cash all went in refunds, hides it when there is nothing', async () => {
    const empty = { ...cash, held_cents: 0, held_ves_cents: 0, payments: 0, receipts: [] };
    const refunded = {
      ...empty,
      refunds: [
        {
          refund_id: '55555555-5555-4555-8555-555555555555',
          raffle_id: '33333333-3333-4333-8333-333333333333',
          raffle_name: 'Moto Bera 2026',
          ticket_number: '07',
          amount_cents: 1000,
          amount_ves_cents: 40_000,
          refund_amount_cents: 1000,
          reason: 'Número duplicado',
          created_by_name: 'Valentina Rojas',
          created_at: '2026-11-23T14:00:00.000Z',
        },
      ],
    };
    let answer: SellerCash = refunded;
    stubApi(() => Response.json(answer));
    const first = renderWithProviders(<MyCashSection sellerId={sellerId} sellerName="Valentina Rojas" />);
    expect(await screen.findByRole('list', { name: 'Reembolsos del efectivo' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Tu efectivo por entregar' })).toBeTruthy();
    first.unmount();
    answer = empty;
    const { container } = renderWithProviders(
      <MyCashSection sellerId={sellerId} sellerName="Valentina Rojas" />,
    );
    await waitFor(() => expect(container.textContent).toBe(''));
  });

  it('records a hand-over: refuses more than is held, says what it covers, resends the same request key', async () => {
    const refused = () =>
      Response.json(
        {
          error: {
            code: 'HANDOVER_EXCEEDS_HELD',
            message: 'La entrega supera el efectivo',
            held_cents: 1000,
          },
        },
        { status: 409 },
      );
    const calls = stubApi(() => Response.json(cash), [refused, () => Response.json({}, { status: 201 })]);
    renderWithProviders(<CashHeldPanel sellerId={sellerId} sellerName="Valentina Rojas" canRecord />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Registrar entrega' }));
    const amount = screen.getByLabelText('Monto entregado (USD)');
    expect(amount).toHaveProperty('value', '20,00');
    expect(screen.getByTestId('handover-covers').textContent).toBe('Cubre 2 pagos completos');
    await user.clear(amount);
    await user.type(amount, '15');
    expect(screen.getByTestId('handover-covers').textContent).toBe('Cubre 2 pagos (el último en parte)');
    await user.clear(amount);
    await user.type(amount, '20,01');
    await user.click(screen.getByRole('button', { name: 'Confirmar entrega' }));
    expect(screen.getByText('El monto supera el efectivo por entregar')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.clear(amount);
    await user.type(amount, '15');
    await user.type(screen.getByLabelText('Nota (opcional)'), 'En la oficina');
    await user.click(screen.getByRole('button', { name: 'Confirmar entrega' }));
    expect(await screen.findByText('La entrega supera el efectivo')).toBeTruthy();
    // Refused: cash was taken since the panel was read, so it reads what is held again.
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Confirmar entrega' }));
    await waitFor(() =>
      expect(screen.queryByRole('form', { name: 'Registrar entrega de efectivo' })).toBeNull(),
    );
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[0]).toMatchObject({
      url: `/api/sellers/${sellerId}/cash-handovers`,
      body: { amount_cents: 1500, note: 'En la oficina' },
    });
    expect(posts[1]?.body?.request_id).toBe(posts[0]?.body?.request_id);
  });

  it('cannot record when nothing is held, and says so', async () => {
    stubApi(() => Response.json({ ...cash, held_cents: 0, held_ves_cents: 0, payments: 0, receipts: [] }));
    renderWithProviders(<CashHeldPanel sellerId={sellerId} sellerName="Valentina Rojas" canRecord />);
    expect(await screen.findByText('Sin efectivo por entregar')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Registrar entrega' })).toHaveProperty('disabled', true);
  });

  it('a failed load says so in Spanish and retries', async () => {
    let fail = true;
    stubApi(() =>
      fail ? Response.json({ error: { code: 'X', message: 'x' } }, { status: 500 }) : Response.json(cash),
    );
    renderWithProviders(<CashHeldPanel sellerId={sellerId} sellerName="Valentina Rojas" />);
    expect(await screen.findByText('No pudimos cargar el efectivo del vendedor')).toBeTruthy();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByTestId('cash-summary')).toBeTruthy();
  });
});
