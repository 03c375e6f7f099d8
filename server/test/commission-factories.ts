import { sql } from 'drizzle-orm';
import type { ReservationResult } from '../../domain/reservations';
import { type Executor, queryRows } from '../db/client';
import { buyer, makeRaffle } from './factories';
import type { TestApp } from './test-app';

/**
 * Commission tests (issue 22 part B) before attribution lands (part A): the credited seller is set
 * on the order directly, and a seller is assigned by inserting into raffle_sellers.
 */
export async function creditOrderTo(db: Executor, orderId: string, sellerId: string | null) {
  await db.execute(sql`update orders set seller_id = ${sellerId} where id = ${orderId}`);
}

export async function assignSeller(db: Executor, raffleId: string, sellerId: string) {
  await db.execute(
    sql`insert into raffle_sellers (raffle_id, seller_id) values (${raffleId}, ${sellerId}) on conflict do nothing`,
  );
}

let cedulas = 0;

/** A reservation of `numbers` in `raffleId` whose order is credited to `sellerId`. */
export async function creditedReservation(
  t: TestApp,
  raffleId: string,
  sellerId: string | null,
  numbers: number[],
) {
  const cedula = `V-${30_000_000 + process.pid * 10 + cedulas++}`;
  const reserved = await t.api<ReservationResult>('POST', `/api/raffles/${raffleId}/reservations`, {
    body: { numbers, buyer: buyer({ cedula }) },
  });
  if (reserved.status !== 201) throw new Error(`reservation failed: ${reserved.status}`);
  const ticketIds = reserved.body.tickets.map((tk) => tk.id as string);
  const [order] = await queryRows<{ order_id: string }>(
    t.db,
    sql`select order_id from tickets where id = ${ticketIds[0] ?? null}`,
  );
  if (!order) throw new Error('reservation without an order');
  if (sellerId) await creditOrderTo(t.db, order.order_id, sellerId);
  return { raffleId, ticketIds, orderId: order.order_id, cedula, orderCode: reserved.body.order.code };
}

/** A raffle (admin's) with `sellerId` assigned and a credited reservation of `numbers`. */
export async function creditedSale(
  t: TestApp,
  sellerId: string,
  options: { numbers?: number[]; raffle?: Record<string, unknown> } = {},
) {
  const raffle = await makeRaffle(t, { price_cents: 1000, ...options.raffle });
  await assignSeller(t.db, raffle.id, sellerId);
  return creditedReservation(t, raffle.id, sellerId, options.numbers ?? [1]);
}

/** An earned entry written straight into the ledger (for routes that need a balance to act on). */
export async function seedEarning(db: Executor, sellerId: string, amountCents: number) {
  await db.execute(
    sql`insert into seller_ledger (seller_id, kind, amount_cents, note) values (${sellerId}, 'earned', ${amountCents}, 'semilla de prueba')`,
  );
}
