import type { raffles, tickets } from './schema';

/** Row types shared by several modules (each module's repo still owns its queries). */
export type RaffleRow = typeof raffles.$inferSelect;
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
