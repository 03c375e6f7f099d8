import type { Executor } from '../../db/client';
import type { TicketRow } from '../../db/rows';
import { type Actor, describeChanges, recordChanges } from './ticket-changes';
import { ticketsRepo } from './tickets.repo';

/** What the history says of a number priced 0 that its order's payment made paid, or took back. */
export const freeSaleNotes = {
  paid: 'Pagado con su pedido: los números con precio del pedido están pagados por completo',
  unpaid: 'Vuelve a apartado: su pedido ya no está pagado por completo',
} as const;

/**
 * A number a package priced 0 is paid when its order is (decision 061): once every live number of the
 * order that costs something is paid in full, its numbers priced 0 become `pagado` (they enter the
 * published list and the draw with the rest); when that stops being so (a refund, a repriced
 * number), they go back to `apartado`. An order with no number that costs something (a raffle
 * priced 0) is left as the other rules leave it. Runs inside the transaction that moved the money or
 * ended the sales (TicketChanges.transaction), after the sales it changed; records and announces
 * what it changes and answers those rows. `nowait` as in repriceKeptSales (the expiry sweep).
 */
export async function settleFreeSales(
  tx: Executor,
  orderIds: readonly (string | null)[],
  options: { actor?: Actor; nowait?: boolean } = {},
): Promise<TicketRow[]> {
  const orders = [...new Set(orderIds.flatMap((id) => (id ? [id] : [])))];
  if (orders.length === 0) return [];
  const free = await ticketsRepo.lockFreeSales(tx, orders, options);
  if (free.length === 0) return [];
  // Read after the lock: a payment that completed the order meanwhile has committed and is seen.
  const paid = await ticketsRepo.pricedSalesPaid(tx, orders);
  const toPaid: string[] = [];
  const toReserved: string[] = [];
  for (const sale of free) {
    const orderPaid = paid.get(sale.order_id);
    if (orderPaid === undefined) continue; // nothing in the order costs anything
    if (orderPaid && sale.status !== 'pagado') toPaid.push(sale.id);
    if (!orderPaid && sale.status !== 'apartado') toReserved.push(sale.id);
  }
  const changed: TicketRow[] = [];
  for (const [ids, status, from, note] of [
    [toPaid, 'pagado', 'apartado', freeSaleNotes.paid],
    [toReserved, 'apartado', 'pagado', freeSaleNotes.unpaid],
  ] as const) {
    const rows = await ticketsRepo.setStatus(tx, ids, status);
    if (rows.length === 0) continue;
    await recordChanges(tx, rows, describeChanges(rows, from, note, options.actor));
    changed.push(...rows);
  }
  return changed;
}
