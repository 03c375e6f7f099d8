/**
 * The numbers a visitor chose on a raffle, kept for this tab (sessionStorage): they leave for
 * WhatsApp or the bank app before «Apartar», the phone discards the tab, and the reload must not
 * make them find their numbers again. Only a choice: nothing is held, the board still decides.
 */
const key = (raffleId: string) => `rifas:eleccion:${raffleId}`;

export function readKeptSelection(raffleId: string): number[] {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(key(raffleId)) ?? '[]');
    return Array.isArray(value) ? value.filter((n): n is number => Number.isInteger(n) && n >= 0) : [];
  } catch {
    return [];
  }
}

export function keepSelection(raffleId: string, numbers: number[]) {
  try {
    if (numbers.length === 0) sessionStorage.removeItem(key(raffleId));
    else sessionStorage.setItem(key(raffleId), JSON.stringify(numbers));
  } catch {
    // Private mode or full storage: the choice lives until a reload, as before.
  }
}
