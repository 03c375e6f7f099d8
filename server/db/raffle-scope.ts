import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { RaffleScope } from '../lib/permissions';

/**
 * The SQL form of `managedRaffles` (lib/permissions.ts): a condition on a raffle's id and seller
 * columns. Every query over the raffles an actor manages goes through here, so who manages a
 * raffle (its seller, or a vendedor an admin assigned to it: `raffle_sellers`, decision 036) is
 * written in this one place, beside the permission rule.
 */
export function managedRaffleSql(
  scope: RaffleScope,
  raffle: { id: AnyColumn | SQL; sellerId: AnyColumn | SQL },
): SQL {
  switch (scope.kind) {
    case 'all':
      return sql`true`;
    case 'none':
      return sql`false`;
    case 'managed-by':
      return sql`(${raffle.sellerId} = ${scope.userId} or exists (
        select 1 from raffle_sellers rs where rs.raffle_id = ${raffle.id} and rs.seller_id = ${scope.userId}))`;
  }
}

/**
 * The vendedores assigned to a raffle as a uuid array, selected beside every raffle row the
 * permission rule is asked about (`RaffleOwnership.assignedSellerIds`): one indexed lookup on the
 * assignment's primary key, no second round trip.
 */
export function assignedSellersSql(raffleId: AnyColumn | SQL) {
  return sql<
    string[]
  >`array(select rs.seller_id::text from raffle_sellers rs where rs.raffle_id = ${raffleId} order by rs.seller_id)`.mapWith(
    (value: unknown) => parseUuidArray(value),
  );
}

/** PGlite hands a uuid[] back as an array, node-postgres as one too; a text form is parsed just in case. */
function parseUuidArray(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string') {
    const inner = value.replace(/^\{|\}$/g, '');
    return inner ? inner.split(',') : [];
  }
  return [];
}
