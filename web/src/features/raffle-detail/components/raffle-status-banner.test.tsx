// @vitest-environment jsdom
import type { PublicRaffle } from '@domain/raffles';
import { describe, expect, it } from 'vitest';
import type { SealedDraw } from '@/api/raffle-draw';
import { contentModelErrors } from '@/test/html-content';
import { publicRaffle } from '@/test/public-raffle';
import { renderWithProviders } from '@/test/render';
import { RaffleStatusBanner } from './raffle-status-banner';

const ROOT = 'ab'.repeat(32);

const finished: PublicRaffle = {
  ...publicRaffle,
  status: 'finalizada',
  closing_date: '2026-11-21T22:00:00.000Z',
  draw_commitment: ROOT,
  winning_number: 47,
  // Typed by staff the next morning; the lottery drew the night before.
  drawn_at: '2026-11-22T13:00:00.000Z',
  closed_at: '2026-11-21T22:00:05.000Z',
  commitment_version: 2,
  line_count: 3,
  draw_kind: 'loteria',
  draw_lottery: 'Triple Táchira A',
  draw_at: '2026-11-22T02:00:00.000Z',
  draw_rule: 'ultimos_digitos',
  draw_rule_text: 'Gana el número con los últimos 2 dígitos del primer premio de la lotería.',
  draw_result: '347',
  stats: { disponible: 97, apartado: 1, abonado: 0, pagado: 2, cancelado: 0 },
};

const draw: SealedDraw = {
  prizes: [],
  draw_source: null,
  draw_commitment: ROOT,
  sold_list: null,
  winning_number: 47,
  drawn_at: finished.drawn_at,
  winner: { number: 47, ticket_number: '47', status: 'pagado', buyer_name_masked: 'm*** p***' },
  sold_list_url: '/api/raffles/raffle-1/sold-list.txt',
  closed_at: finished.closed_at,
  commitment_version: 2,
  line_count: 3,
  timestamp: {
    status: 'sellado',
    authority: 'FreeTSA',
    time: '2026-11-21T22:00:07.000Z',
    token_url: '/api/raffles/raffle-1/timestamp.tsr',
  },
  source: {
    kind: 'loteria',
    lottery: 'Triple Táchira A',
    draw_at: finished.draw_at,
    rule: 'ultimos_digitos',
    rule_text: 'Gana el número con los últimos 2 dígitos del primer premio de la lotería.',
    beacon: null,
  },
  result: '347',
  audit_head: null,
  instant_win_commitment: null,
  instant_wins: null,
  instant_win_salt: null,
};

const render = (raffle: PublicRaffle, answer: SealedDraw | undefined) =>
  renderWithProviders(<RaffleStatusBanner raffle={raffle} draw={answer} onShowWinner={() => {}} />);

describe('the banner of a finished raffle (issue 19)', () => {
  it('shows the winner with a status label, the result as published and the lottery draw time', () => {
    const { getByText, container } = render(finished, draw);
    expect(getByText('Pagado')).toBeTruthy();
    expect(container.textContent).not.toContain('pagado');
    expect(getByText('Resultado 347 de Triple Táchira A, 21 nov 2026, 10:00 p. m.')).toBeTruthy();
    expect(getByText('Sorteado el 21 nov 2026, 10:00 p. m.')).toBeTruthy();
    expect(getByText('347 → número 47')).toBeTruthy();
    expect(contentModelErrors(container)).toEqual([]);
  });

  it('shows the seal with its token, the close with its lines and the Merkle root', () => {
    const { getByText, getByRole, getByTestId } = render(finished, draw);
    expect(getByText('Sellado por FreeTSA el 21 nov 2026, 6:00 p. m.')).toBeTruthy();
    expect(getByRole('link', { name: 'Descargar el sello (.tsr)' }).getAttribute('href')).toBe(
      '/api/raffles/raffle-1/timestamp.tsr',
    );
    expect(getByText('21 nov 2026, 6:00 p. m., con 3 números')).toBeTruthy();
    expect(getByText('Huella de la lista (raíz Merkle)')).toBeTruthy();
    expect(getByTestId('sealed-root').textContent).toBe(ROOT);
    expect(
      getByText('Gana el número con los últimos 2 dígitos del primer premio de la lotería.'),
    ).toBeTruthy();
  });

  it('says the seal is pending while the authority has not answered', () => {
    const pending = {
      ...draw,
      timestamp: { status: 'pendiente' as const, authority: null, time: null, token_url: null },
    };
    const { getByText, queryByRole } = render(finished, pending);
    expect(getByText(/Sello pendiente/)).toBeTruthy();
    expect(queryByRole('link', { name: /sello/ })).toBeNull();
  });

  it('links the drand round that decided a beacon raffle', () => {
    const beacon: PublicRaffle = {
      ...finished,
      draw_kind: 'drand',
      draw_lottery: null,
      draw_at: null,
      draw_rule: null,
      draw_rule_text: null,
      draw_result: null,
    };
    const answer: SealedDraw = {
      ...draw,
      result: null,
      source: {
        kind: 'drand',
        lottery: null,
        draw_at: null,
        rule: null,
        rule_text: null,
        beacon: {
          round: 1234567,
          randomness: 'ff'.repeat(32),
          signature: 'aa',
          chain_hash: 'x',
          time: '2023-08-27T05:00:00.000Z',
        },
      },
    };
    const { getByRole, getByText } = render(beacon, answer);
    expect(getByRole('link', { name: /Ronda 1\.234\.567/ }).getAttribute('href')).toBe(
      'https://api.drand.sh/52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971/public/1234567',
    );
    expect(getByText('Registrado el 22 nov 2026, 9:00 a. m.')).toBeTruthy();
  });
});
