// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { readUnconfirmed, rememberUnconfirmed } from '../unconfirmed-reservation';
import { UnconfirmedNotice } from './unconfirmed-notice';

const body = {
  numbers: [21, 22],
  buyer: { name: 'María Pérez', phone: '0414-1234567', address: 'Valencia', cedula: 'V-12345678' },
  request_id: '2f1c6a53-8d0e-4b7a-9c1d-0e2f3a4b5c6d',
};
const visit = { cedula: 'V-12345678', buyerName: 'María Pérez', fresh: true };
const json = (status: number, value: unknown) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  sessionStorage.clear();
  rememberUnconfirmed('r1', { body, visit });
});
afterEach(() => vi.unstubAllGlobals());

describe('UnconfirmedNotice (decision 057)', () => {
  it('sends the same request and hands over the order it answers', async () => {
    const sent: Record<string, unknown>[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        sent.push(JSON.parse(String(init?.body)));
        return json(201, { tickets: [], order: { id: 'o1', code: 'ABCD2345', total_cents: 1000 } });
      }),
    );
    const onReserved = vi.fn();
    renderWithProviders(<UnconfirmedNotice raffleId="r1" digitCount={3} onReserved={onReserved} />);
    expect(screen.getByText(/los números 021, 022/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar mi apartado' }));
    await waitFor(() => expect(onReserved).toHaveBeenCalledWith({ orderCode: 'ABCD2345', visit }));
    expect(sent[0]?.request_id).toBe(body.request_id);
    expect(readUnconfirmed('r1')).toBeNull();
  });

  it('says once why it is refused for good and forgets it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(409, { error: { code: 'TICKETS_UNAVAILABLE', message: 'x', numbers: [21] } })),
    );
    const onReserved = vi.fn();
    renderWithProviders(<UnconfirmedNotice raffleId="r1" digitCount={3} onReserved={onReserved} />);
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar mi apartado' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'El número 021 ya no está disponible. Elige otro.',
    );
    expect(readUnconfirmed('r1')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Entendido' }));
    expect(screen.queryByTestId('unconfirmed-reservation')).toBeNull();
    expect(onReserved).not.toHaveBeenCalled();
  });

  it('keeps it when there is still no answer, and «Descartar» forgets it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderWithProviders(<UnconfirmedNotice raffleId="r1" digitCount={3} onReserved={vi.fn()} />);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar mi apartado' }));
    await vi.advanceTimersByTimeAsync(5000);
    vi.useRealTimers();
    expect((await screen.findByRole('alert')).textContent).toMatch(/No pudimos confirmar/);
    expect(readUnconfirmed('r1')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Descartar' }));
    expect(readUnconfirmed('r1')).toBeNull();
    expect(screen.queryByTestId('unconfirmed-reservation')).toBeNull();
  });
});
