/*
 * When a raffle stops selling, for raffle-lifecycle.ts (which re-exports it) and the public raffle
 * page, which imports this small module alone: no zod, no messages.
 */

/** Sales can no longer change: the sold list is published (cerrada) or drawn (finalizada). */
export const isClosedStatus = (status: string) => status === 'cerrada' || status === 'finalizada';

/**
 * Whether a raffle's sales are closed at `now`: its sold list is published (cerrada), drawn
 * (finalizada), or its closing date came (the close job runs within a minute; the database's
 * frozen-list trigger counts from the date too). From then on no number is sold, released or given to
 * another buyer, and a number still held stays in the published list. The one rule: the web app and
 * the server call it; SQL that needs it per row uses its twin `salesClosedSql` (server/db/sales-closed.ts,
 * tested against it), and the sold_list_frozen trigger and reserve_sales (migrations) say the same.
 * `closingDate` as the server has it (Date) or as the API sends it (ISO text).
 */
export function salesClosed(
  raffle: { status: string; closingDate: Date | string | null },
  now: Date | number = Date.now(),
): boolean {
  if (isClosedStatus(raffle.status)) return true;
  if (raffle.closingDate === null) return false;
  return new Date(raffle.closingDate).getTime() <= (typeof now === 'number' ? now : now.getTime());
}
