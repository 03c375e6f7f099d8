import type { Executor } from '../../db/client';
import type { TicketRow } from '../../db/rows';
import { type Actor, describeChanges, recordChanges } from './ticket-changes';
import { ticketsRepo } from './tickets.repo';

/**
 * What the history says of a number priced 0 that its order's payment made paid, or took back; and,
 * on staff's status change, that the number keeps the status they chose or follows its order again.
 */
export const freeSaleNotes = {
  paid: 'Pagado con su pedido: los números con precio del pedido están pagados por completo',
  unpaid: 'Vuelve a apartado: su pedido ya no está pagado por completo',
  byHand: (status: string) =>
    `Queda ${status} a mano: los pagos y reembolsos de su pedido no lo cambian hasta que el personal lo cambie`,
  followsOrder:
    'Vuelve a seguir a su pedido: pagado cuando sus números con precio estén pagados por completo, apartado si no',
} as const;

/** The statuses the order's rule gives a number priced 0. */
const ORDER_RULE_STATUSES = new Set(['apartado', 'pagado']);

/**
 * A number a package priced 0 is paid when its order is (decision 061): once every live number of the
 * order that costs something is paid in full, its numbers priced 0 become `pagado` (they enter the
 * published list and the draw with the rest); when that stops being so (a refund, a repriced
 * number), they go back to `apartado`. An order with no number that costs something (a raffle
 * priced 0) is left as the other rules leave it. Runs inside the transaction that moved the money or
 * ended the sales (TicketChanges.transaction), after the sales it changed; records and announces
 * what it changes and answers those rows. `nowait` as in repriceKeptSales (the expiry sweep).
 * A number whose status staff chose by hand (`status_by_hand`, staffChoiceOnFreeSale) is left as it is.
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
    if (sale.status_by_hand) continue; // staff chose its status: theirs stands
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

/**
 * Staff change the status of a number priced 0 (inside that change's transaction, the sale locked):
 * whether the status they chose stands against its order's rule from now on (`statusByHand`), and
 * the history line that says so. A choice the rule would make now (apartado on an unpaid order,
 * pagado on a paid one) hands the number back to its order, so undoing a goodwill "pagado" never
 * leaves it out of the draw once the buyer pays. Any other choice stands until staff change it
 * again: a later payment or refund of the order leaves it. In an order with nothing that costs
 * something (a raffle priced 0) no rule applies and staff's status is theirs (a bulk release names
 * it so). Cancelled (or released) it leaves the rule's statuses, and the mark goes.
 */
export async function staffChoiceOnFreeSale(
  tx: Executor,
  sale: Pick<TicketRow, 'orderId' | 'statusByHand'>,
  status: string,
): Promise<{ statusByHand: boolean; note: string | null }> {
  if (!ORDER_RULE_STATUSES.has(status)) return { statusByHand: false, note: null };
  const orderPaid = sale.orderId
    ? (await ticketsRepo.pricedSalesPaid(tx, [sale.orderId])).get(sale.orderId)
    : undefined;
  if (orderPaid === undefined) return { statusByHand: true, note: null };
  const statusByHand = status !== (orderPaid ? 'pagado' : 'apartado');
  if (statusByHand) return { statusByHand, note: freeSaleNotes.byHand(status) };
  return { statusByHand, note: sale.statusByHand ? freeSaleNotes.followsOrder : null };
}
