import type { raffles, tickets } from './schema';

/** Row types shared by several modules (each module's repo still owns its queries). */
export type RaffleRow = typeof raffles.$inferSelect & {
  /** Vendedores an admin assigned to it (raffle_sellers), read with the row for the permission rule. */
  assignedSellerIds: string[];
};
/**
 * A raffle without its published sold list (megabytes after a big close): what every page, list and
 * board needs of it.
 */
export type PublicRaffleRow = Omit<RaffleRow, 'drawSoldList'>;
export type TicketRow = typeof tickets.$inferSelect;

/** A user's profile with their role (users and auth both read it). */
export type ProfileRow = {
  id: string;
  email: string;
  fullName: string;
  phone: string | null;
  disabled: boolean;
  createdAt: Date;
  role: string | null;
};
