import { statusForMoney } from '../../../domain/ledger';
import { keptSalePrices } from '../../../domain/package-pricing';
import type { Executor } from '../../db/client';
import type { TicketRow } from '../../db/rows';
import { settleFreeSales } from './order-free-sales';
import { describeChanges, recordChanges } from './ticket-changes';
import { ticketsRepo } from './tickets.repo';

/** What the history says of a number priced again because its order no longer holds a package. */
export const repricedNote = 'Precio ajustado: el pedido ya no completa su paquete de números';

/**
 * Before a change that may touch other numbers of these orders (a release or a cancellation reprices
 * what they keep; money moving settles their numbers priced 0): every live sale of those in raffles
 * with packages, locked in id order, before the change locks its own. Two such changes of one order
 * then queue: each used to hold its own number while the other's repricing waited on it (a deadlock,
 * undone and run again a second later).
 */
export const lockPackageOrders = (tx: Executor, orderIds: readonly (string | null)[]) =>
  ticketsRepo.lockPackagedOrders(tx, [...new Set(orderIds.flatMap((id) => (id ? [id] : [])))]);

/** lockPackageOrders for the orders of these sales (an approval knows the sales it pays). */
export const lockPackageOrdersOfSales = (tx: Executor, saleIds: readonly string[]) =>
  ticketsRepo.lockPackagedOrdersOfSales(tx, [...new Set(saleIds)]);

/**
 * After sales of orders ended (expired, released): the numbers those orders keep, in raffles that
 * sell packages, are priced again for what they now are (`keptSalePrices`): a package's discount is
 * for the whole package. Their status follows the money (a number paid at the package share now
 * owes the rest: abonado), and the change is recorded and announced as any other. Runs inside the
 * transaction that ended them (TicketChanges.transaction); then the numbers those orders' packages
 * priced 0 follow their order (settleFreeSales). Answers the sales it changed. The
 * sweep passes `nowait`: rather than wait on a payment in flight (which may wait on a sale the
 * sweep holds), its round fails and the next one does it all again.
 */
export async function repriceKeptSales(
  tx: Executor,
  ended: readonly TicketRow[],
  options: { nowait?: boolean } = {},
): Promise<TicketRow[]> {
  const orderIds = [...new Set(ended.flatMap((row) => (row.orderId ? [row.orderId] : [])))];
  if (orderIds.length === 0) return [];
  const kept = await ticketsRepo.keptPackagedSales(tx, orderIds, options);
  if (kept.length === 0) return []; // no raffle of these orders sells packages: nothing priced 0
  const byOrder = new Map<string, typeof kept>();
  for (const sale of kept) byOrder.set(sale.order_id, [...(byOrder.get(sale.order_id) ?? []), sale]);
  const changed: TicketRow[] = [];
  const before = new Map<string, string>();
  for (const sales of byOrder.values()) {
    const terms = sales[0];
    if (!terms) continue;
    const prices = keptSalePrices(
      sales.map((s) => ({
        id: s.id,
        number: Number(s.number),
        priceCents: Number(s.price_cents),
        paidCents: Number(s.total_paid_cents),
      })),
      Number(terms.unit_cents),
      terms.packages,
    );
    for (const { id, priceCents } of prices) {
      const sale = sales.find((s) => s.id === id);
      if (!sale) continue;
      const row = await ticketsRepo.reprice(
        tx,
        id,
        priceCents,
        statusForMoney(Number(sale.total_paid_cents), priceCents),
      );
      if (!row) continue;
      changed.push(row);
      before.set(row.id, sale.status);
    }
  }
  if (changed.length > 0)
    await recordChanges(
      tx,
      changed,
      describeChanges(changed, (row) => before.get(row.id) ?? row.status, repricedNote),
    );
  // What the order keeps may now be paid in full, or no longer: its numbers priced 0 follow it.
  return [...changed, ...(await settleFreeSales(tx, orderIds, options))];
}
