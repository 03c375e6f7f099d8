import { forgetTab, keepTab, readTab } from '@/lib/tab-storage';

/**
 * The numbers a visitor chose on a raffle, kept for this tab (sessionStorage): they leave for
 * WhatsApp or the bank app before «Apartar», the phone discards the tab, and the reload must not
 * make them find their numbers again. Only a choice: nothing is held, the board still decides.
 */
const key = (raffleId: string) => `rifas:eleccion:${raffleId}`;

/** The kept numbers that are numbers of a board (anything else kept is dropped). */
function boardNumbers(stored: unknown): number[] | null {
  return Array.isArray(stored) ? stored.filter((n): n is number => Number.isInteger(n) && n >= 0) : null;
}

export function readKeptSelection(raffleId: string): number[] {
  return readTab(key(raffleId), boardNumbers) ?? [];
}

/** Unavailable storage keeps nothing: the choice lives until a reload, as before. */
export function keepSelection(raffleId: string, numbers: number[]) {
  if (numbers.length === 0) forgetTab(key(raffleId));
  else keepTab(key(raffleId), numbers);
}
