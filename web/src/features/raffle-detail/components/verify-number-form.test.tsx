// @vitest-environment jsdom
import { createHash } from 'node:crypto';
import { merkleLevels, merklePath, merkleRoot, saleLine, toHex } from '@domain/verification';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { VerifyNumberForm } from './verify-number-form';

const sha = (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest());
const lines = [
  saleLine(sha, { ticketNumber: '0007', verificationCode: 'AAAA111111', cedula: 'V-1234567' }),
  saleLine(sha, { ticketNumber: '0042', verificationCode: 'K7M4Q2XAB9', cedula: 'V-11111111' }),
];
const levels = merkleLevels(sha, lines);
const root = toHex(merkleRoot(sha, levels));

/** The three public answers the form asks for, as the server gives them. */
function server(url: string): Response {
  const path = new URL(url, 'http://x').pathname;
  const number = new URL(url, 'http://x').searchParams.get('number');
  if (path === '/api/raffles/r1') return Response.json({ id: 'r1', digit_count: 4, total_numbers: 10000 });
  if (path === '/api/raffles/r1/draw') {
    return Response.json({
      draw_commitment: root,
      commitment_version: 2,
      closed_at: '2026-11-21T23:00:00.000Z',
      sold_list: null,
      draw_source: null,
      winning_number: null,
      drawn_at: null,
      winner: null,
    });
  }
  if (path === '/api/raffles/r1/proof') {
    const index = lines.findIndex((l) => Number(l.split(':')[0]) === Number(number));
    if (index < 0)
      return Response.json({ error: { code: 'NOT_IN_LIST', message: 'No está' } }, { status: 404 });
    return Response.json({
      line: lines[index],
      index,
      size: lines.length,
      path: merklePath(levels, index).map(toHex),
      root,
    });
  }
  return Response.json({ error: { code: 'NOT_FOUND', message: 'No existe' } }, { status: 404 });
}

beforeEach(() => {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => server(String(input)));
});
afterEach(() => vi.unstubAllGlobals());

async function fill(values: { number: string; code: string; cedula: string }) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Tu número'), values.number);
  await user.type(screen.getByLabelText('Código de verificación'), values.code);
  await user.type(screen.getByLabelText('Tu cédula'), values.cedula);
  await user.click(screen.getByRole('button', { name: 'Verificar mi número' }));
}

describe('Verifica tu número', () => {
  it('proves a number with the cedula typed without the dash, in words and not only colour', async () => {
    renderWithProviders(<VerifyNumberForm raffleId="r1" />);
    await fill({ number: '42', code: 'k7m4q2xab9', cedula: 'V11111111' });
    const result = await screen.findByTestId('verify-number-result');
    expect(result.dataset.tone).toBe('ok');
    expect(result.textContent).toContain('Comprobado: Tu número 0042 está en la lista sellada');
    expect(result.textContent).toContain(`huella ${root.slice(0, 16)}…`);
    expect(result.textContent).toContain('comprobado con 3 cálculos en tu teléfono');
  });

  it('says not found in red for a wrong code', async () => {
    renderWithProviders(<VerifyNumberForm raffleId="r1" />);
    await fill({ number: '0042', code: 'WRONG00000', cedula: 'V-11111111' });
    const result = await screen.findByTestId('verify-number-result');
    expect(result.dataset.tone).toBe('bad');
    expect(result.textContent).toContain('Falló: No encontramos el número 0042 con ese código y esa cédula');
  });

  it('asks for the raffle on /verificar and says when it does not exist', async () => {
    renderWithProviders(<VerifyNumberForm prefill={{ raffle: 'https://rifas.test/raffle/nada' }} />);
    await fill({ number: '1', code: 'X', cedula: 'V1' });
    expect((await screen.findByRole('alert')).textContent).toContain('No encontramos esa rifa');
  });

  it('points out missing fields before asking anything', async () => {
    renderWithProviders(<VerifyNumberForm raffleId="r1" />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Verificar mi número' }));
    expect(screen.getByText('Escribe tu número (solo cifras).')).toBeTruthy();
    expect(screen.getByText('Escribe el código de verificación de tu ticket.')).toBeTruthy();
  });
});
