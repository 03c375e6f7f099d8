import type { QueryClient } from '@tanstack/react-query';
import { raffleKeys } from './raffles';

/** Every commission query (a seller's sales, ledger and cash, the ranking) shares this prefix. */
export const commissionsKey = ['commissions'] as const;

/**
 * What a staff screen may show that money moving changes, beyond the sale itself: the raffle's
 * counts, totals and buyers, every list and detail of numbers, the payments queue and its badge, the
 * history, the insight figures, and the sellers' commissions and cash. Several of these are kept
 * fresh for 15-60 s (or the app's 5 min), so without this a screen opened right after a payment,
 * an approval, a refund or a release showed the figures from before it.
 */
const MONEY_FIGURES = [raffleKeys.all, ['tickets'], ['payments'], ['history'], ['insight'], commissionsKey];

export const refreshMoneyFigures = (queryClient: QueryClient) =>
  Promise.all(MONEY_FIGURES.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
