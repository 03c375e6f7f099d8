import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { RaffleScope } from '../lib/permissions';

/**
 * The SQL form of `managedRaffles` (lib/permissions.ts): a condition on a raffle's seller column.
 * Every query over the raffles an actor manages goes through here, so who manages a raffle
 * changes in this one place (with the permission rule) when sellers are assigned to raffles.
 */
export function managedRaffleSql(scope: RaffleScope, raffle: { sellerId: AnyColumn | SQL }): SQL {
  switch (scope.kind) {
    case 'all':
      return sql`true`;
    case 'none':
      return sql`false`;
    case 'managed-by':
      return sql`${raffle.sellerId} = ${scope.userId}`;
  }
}
