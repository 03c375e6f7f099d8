// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordFetch, renderWithProviders } from '@/test/render';
import { Leaderboards } from './leaderboards';

const empty = { top_sellers: [], top_buyers: [] };
const one = {
  top_sellers: [{ name_masked: 'c*** r***', numbers: 1 }],
  top_buyers: [{ name_masked: 'm*** p***', numbers: 1 }],
};

describe('the leaderboards on the raffle page', () => {
  let answers: unknown[];
  let calls: ReturnType<typeof recordFetch>['calls'];
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    answers = [empty, one];
    const recorded = recordFetch(() => Response.json(answers.length > 1 ? answers.shift() : answers[0]));
    calls = recorded.calls;
    vi.stubGlobal('fetch', recorded.fetchStub);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('read at load (maybe a count from before the latest sale) are read once more after the counting interval', async () => {
    renderWithProviders(<Leaderboards raffleId="raffle-1" version={0} />);
    expect(await screen.findByText('Todavía no hay números vendidos.')).toBeTruthy();
    // Sales without a seller's link count for no seller: said so, not "nothing sold".
    expect(screen.getByText('Todavía no hay números vendidos con el enlace de un vendedor.')).toBeTruthy();
    expect(calls).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(6_500));
    expect(await screen.findByText('c*** r***')).toBeTruthy();
    expect(screen.getByText('m*** p***')).toBeTruthy();
    expect(calls).toHaveLength(2);
    expect(calls[1]?.url).toContain('/api/raffles/raffle-1/leaderboards');

    // Nothing more is asked while nothing sells.
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(calls).toHaveLength(2);
  });
});
