// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useReviewPayment } from '@/features/payments/api/review-payment';
import { useApproveMatches } from '@/features/reconciliation/api/statements';
import { useRecordTicketPayment, useRefundTicket } from '@/features/tickets/api/record-ticket-money';
import { useReleaseTickets } from '@/features/tickets/api/release-tickets';
import { useUpdateTicket } from '@/features/tickets/api/update-ticket';
import { recordFetch } from '@/test/render';
import { staffTicketFixture } from '@/test/staff-ticket';

afterEach(() => vi.unstubAllGlobals());

const RAFFLE = '22222222-2222-4222-8222-222222222222';
const SELLER = '11111111-1111-4111-8111-111111111111';
const ticket = staffTicketFixture({ raffle_id: RAFFLE });

/**
 * Figures a staff member may have read on other screens before the money moved, each kept fresh
 * for a while: the sellers' ranking and a seller's cash (30 s), another list of numbers, the
 * payments badge (15 s), the raffle's figures (5 min), the history and the insight.
 */
const OTHER_SCREENS = [
  ['commissions', 'ranking', 'all'],
  ['commissions', 'cash', SELLER],
  ['tickets', 'list', RAFFLE, { status: 'pagado' }],
  ['payments', 'counts'],
  ['raffles', 'detail', RAFFLE],
  ['history', { raffle_id: RAFFLE }],
  ['insight', {}],
];

function world() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  for (const key of OTHER_SCREENS) queryClient.setQueryData(key, { read: 'before' });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const stale = () => OTHER_SCREENS.filter((key) => queryClient.getQueryState(key)?.isInvalidated);
  return { queryClient, wrapper, stale };
}

describe('every way staff move money refreshes the figures other screens show', () => {
  const answer = () => Response.json({ ticket, refund: {}, payment: {} }, { status: 201 });
  const cases: [string, (wrapper: (p: { children: ReactNode }) => ReactNode) => Promise<unknown>][] = [
    [
      'a payment recorded by hand',
      (wrapper) =>
        renderHook(() => useRecordTicketPayment('t1'), { wrapper }).result.current.mutateAsync({
          amount_cents: 500,
          payment_method: 'efectivo',
        } as never),
    ],
    [
      'a refund',
      (wrapper) =>
        renderHook(() => useRefundTicket('t1'), { wrapper }).result.current.mutateAsync({
          amount_cents: 500,
          reason: 'Devolución',
        } as never),
    ],
    [
      'a status change',
      (wrapper) =>
        renderHook(() => useUpdateTicket(RAFFLE), { wrapper }).result.current.mutateAsync({
          number: 7,
          patch: { status: 'pagado' },
        }),
    ],
    [
      'a bulk release',
      (wrapper) =>
        renderHook(() => useReleaseTickets(RAFFLE), { wrapper }).result.current.mutateAsync({
          numbers: [7],
        } as never),
    ],
    [
      'a payment report approved',
      (wrapper) =>
        renderHook(() => useReviewPayment(), { wrapper }).result.current.mutateAsync({
          id: 'p1',
          status: 'approved',
        } as never),
    ],
    [
      'a bank statement’s matches approved',
      (wrapper) => renderHook(() => useApproveMatches('s1'), { wrapper }).result.current.mutateAsync(),
    ],
  ];

  it.each(cases)('%s', async (_name, move) => {
    vi.stubGlobal('fetch', recordFetch(answer).fetchStub);
    const { wrapper, stale } = world();
    expect(stale()).toEqual([]);
    await move(wrapper);
    expect(stale()).toEqual(OTHER_SCREENS);
  });
});
