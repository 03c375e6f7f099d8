import { sellerMessages } from '../../../domain/seller-network';
import { ticketMessages } from '../../../domain/tickets';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../lib/auth-context';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { assertCan, canMoveMoney, forbidden } from '../../lib/permissions';
import { staffTicketsRepo } from './staff-tickets.repo';

/** The sale a staff request names, and whether this actor may touch it (lib/permissions.ts decides). */

/** Taking a paid sale back is for admins and the raffle's owner (decision 053). */
export const paidSaleLocked = () => new ForbiddenError(sellerMessages.paidSaleLocked, 'PAID_SALE_LOCKED');
/** Giving a sale with money on it to another buyer is theirs too, paid in full or not (decision 053). */
export const saleWithMoneyLocked = () =>
  new ForbiddenError(sellerMessages.saleWithMoneyLocked, 'PAID_SALE_LOCKED');

export type SaleAccess = ReturnType<typeof createSaleAccess>;

export function createSaleAccess(db: Db) {
  async function getOwned(actor: AuthContext, id: string) {
    const row = await staffTicketsRepo.findById(db, id);
    if (!row) throw new NotFoundError(ticketMessages.notFound, 'TICKET_NOT_FOUND');
    assertCan(actor, 'manage-sales', row.raffle, forbidden);
    return row;
  }

  /** A sale whose money the actor may move (an assigned seller: only the sales credited to them). */
  async function getOwnedForMoney(
    actor: AuthContext,
    id: string,
    message: string = sellerMessages.notYourSale,
  ) {
    const row = await getOwned(actor, id);
    if (!canMoveMoney(actor, row.raffle, row.creditedSellerId))
      throw new ForbiddenError(message, 'NOT_YOUR_SALE');
    return row;
  }

  return { getOwned, getOwnedForMoney };
}
