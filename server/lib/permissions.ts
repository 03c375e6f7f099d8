import { messages } from '../../domain/messages';
import { raffleMessages } from '../../domain/raffles';
import type { Role } from '../../domain/roles';
import type { AuthContext } from './auth-context';
import { ForbiddenError } from './errors';

/**
 * Who may act on a raffle, decided here and nowhere else (as Infisical's permission service and
 * epic-stack's permissions.server.ts do). Routes gate by role before reading a body (guards.ts);
 * everything that depends on *which* raffle asks `can` / `assertCan`, and every list or query over
 * several raffles takes its filter from `managedRaffles`.
 */

/** What the rule needs of a raffle. `assignedSellerIds`: vendedores an admin assigned to it. */
export type RaffleOwnership = { sellerId: string | null; assignedSellerIds?: readonly string[] };

/** How the actor stands to one raffle. */
export type RaffleRelation = 'admin' | 'owner' | 'assigned' | 'none';

/** What each relation may do on a raffle (SPEC §1 and §6). */
const RAFFLE_RULES = {
  /** See it while it is a draft, and its money (collected, owed). */
  view: ['admin', 'owner', 'assigned'],
  /** Change its terms, status, photos; close it. */
  edit: ['admin', 'owner'],
  /** Work its sales: sold tickets, buyers, history, CSV, payment proofs, sales figures. */
  'manage-sales': ['admin', 'owner', 'assigned'],
  /**
   * Take a fully paid sale back (release, cancel, refund, lower its status), or give a sale with
   * money on it (paid or part-paid) to another buyer. An assigned seller could otherwise mark a number paid, see whether it won an instant
   * prize, and undo it for free: probing a list only its owner may know (decision 053).
   */
  'undo-paid-sale': ['admin', 'owner'],
} as const satisfies Record<string, readonly RaffleRelation[]>;

export type RaffleAction = keyof typeof RAFFLE_RULES;

export function relationTo(actor: AuthContext | undefined, raffle: RaffleOwnership): RaffleRelation {
  if (actor?.role === 'admin') return 'admin';
  if (actor?.role !== 'vendedor') return 'none';
  if (raffle.sellerId === actor.userId) return 'owner';
  return raffle.assignedSellerIds?.includes(actor.userId) ? 'assigned' : 'none';
}

export function can(actor: AuthContext | undefined, action: RaffleAction, raffle: RaffleOwnership): boolean {
  return (RAFFLE_RULES[action] as readonly RaffleRelation[]).includes(relationTo(actor, raffle));
}

/**
 * Record money on one sale (a cash payment, a refund, a status that moves money): admins and the
 * raffle's owner on any sale; an assigned vendedor only on the sales credited to them
 * (`orders.seller_id`, decision 036), so a seller never settles another seller's buyer.
 */
export function canMoveMoney(
  actor: AuthContext | undefined,
  raffle: RaffleOwnership,
  creditedSellerId: string | null | undefined,
): boolean {
  const relation = relationTo(actor, raffle);
  if (relation === 'admin' || relation === 'owner') return true;
  return relation === 'assigned' && creditedSellerId != null && creditedSellerId === actor?.userId;
}

/** Throws a 403 unless the actor may; `error` keeps a screen's own wording. */
export function assertCan(
  actor: AuthContext | undefined,
  action: RaffleAction,
  raffle: RaffleOwnership,
  error: () => Error = notYours,
): void {
  if (!can(actor, action, raffle)) throw error();
}

/**
 * What a role may do whatever the raffle. Route guards (guards.ts) gate whole routes by role; these
 * are the role rules inside a route that also serves other roles.
 */
const ROLE_RULES = {
  /** Choose or change who sells a raffle (a vendedor's raffles are always their own). */
  'assign-seller': ['admin'],
  'delete-raffle': ['admin'],
  /** Hide a raffle that has sales instead of deleting it (its money stays). */
  'archive-raffle': ['admin'],
} as const satisfies Record<string, readonly Role[]>;

export function allows(actor: AuthContext | undefined, action: keyof typeof ROLE_RULES): boolean {
  return actor?.role != null && (ROLE_RULES[action] as readonly Role[]).includes(actor.role);
}

export const notYours = () => new ForbiddenError(raffleMessages.notYours, 'NOT_YOUR_RAFFLE');
export const forbidden = () => new ForbiddenError(messages.auth.forbidden);

/**
 * The raffles an actor manages, as a filter for queries over many raffles (lists, history,
 * figures, proofs): `db/raffle-scope.ts` turns it into SQL.
 */
export type RaffleScope = { kind: 'all' } | { kind: 'managed-by'; userId: string } | { kind: 'none' };

export function managedRaffles(actor: AuthContext | undefined): RaffleScope {
  if (actor?.role === 'admin') return { kind: 'all' };
  if (actor?.role === 'vendedor') return { kind: 'managed-by', userId: actor.userId };
  return { kind: 'none' };
}

/**
 * A seller's commissions and credited sales (decision 037): the seller themself or an admin. A
 * vendedor asking for another seller's gets a 403, never their figures.
 */
export function canSeeSellerAccount(actor: AuthContext | undefined, sellerId: string): boolean {
  if (actor?.role === 'admin') return true;
  return actor?.role === 'vendedor' && actor.userId === sellerId;
}
