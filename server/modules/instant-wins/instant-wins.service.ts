import { createHash, randomBytes } from 'node:crypto';
import {
  type InstantWin,
  instantWinCommitment,
  instantWinMessages,
  type RevealedInstantWin,
  type StaffInstantWins,
  sameInstantWins,
  sortedInstantWins,
  type TicketInstantWin,
} from '../../../domain/instant-wins';
import { maskName } from '../../../domain/privacy';
import type { Db, Executor } from '../../db/client';
import { NotFoundError, UnprocessableError } from '../../lib/errors';
import { instantWinsRepo } from './instant-wins.repo';

const sha256 = (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest());

export type InstantWinsService = ReturnType<typeof createInstantWinsService>;

/**
 * Instant-win numbers (issue 23, decision 041). Before the close only the commitment is public;
 * the award is made by the database when a sale becomes fully paid (migration 0023), so neither a
 * reservation nor a payment path reads this list.
 */
export function createInstantWinsService(deps: { db: Db }) {
  const { db } = deps;
  return {
    /** The stored list, in number order (inside the caller's transaction). */
    list: (executor: Executor, raffleId: string) => instantWinsRepo.list(executor, raffleId),

    /**
     * Stores a new list under a fresh 32-byte salt and returns its commitment (null for none). The
     * same list sent again keeps its salt and commitment: an edit form sends every field back.
     */
    async replace(
      tx: Executor,
      raffleId: string,
      current: readonly InstantWin[],
      next: readonly InstantWin[],
      currentCommitment: string | null,
    ): Promise<string | null> {
      if (sameInstantWins(current, next)) return currentCommitment;
      const list = sortedInstantWins(next);
      const salt = list.length > 0 ? randomBytes(32).toString('hex') : null;
      await instantWinsRepo.replace(tx, raffleId, list, salt);
      return salt === null ? null : instantWinCommitment(sha256, list, salt);
    },

    /** What the organizer sees on the edit form: each number, its prize, and the sale that won it. */
    async forStaff(raffleId: string, commitment: string | null): Promise<StaffInstantWins> {
      const rows = await instantWinsRepo.listWithWinners(db, raffleId);
      return {
        instant_wins: rows.map((r) => ({
          number: r.number,
          prize: r.prize,
          ticket_number: r.awardedAt ? r.ticketNumber : null,
          awarded_at: r.awardedAt?.toISOString() ?? null,
          winner_name: r.awardedAt ? r.buyerName : null,
          delivered_at: r.deliveredAt?.toISOString() ?? null,
          delivered_by_name: r.deliveredAt ? (r.deliveredByName ?? r.deliveredByEmail) : null,
        })),
        instant_win_commitment: commitment,
      };
    },

    /**
     * Records that the prize of `number` was handed over (decision 081); marking it again changes
     * nothing. From then on the database keeps the award with the sale that won it (migration 0044).
     * No way back: a mark taken back would let the prize be won again.
     */
    async markDelivered(raffleId: string, number: number, userId: string): Promise<void> {
      const outcome = await instantWinsRepo.markDelivered(db, raffleId, number, userId);
      if (outcome === 'none')
        throw new NotFoundError(instantWinMessages.notAnInstantWin(number), 'INSTANT_WIN_NOT_FOUND');
      if (outcome === 'not-won')
        throw new UnprocessableError(instantWinMessages.notWon(number), 'INSTANT_WIN_NOT_WON');
    },

    /** The list and salt as published once the raffle closed; winners masked. */
    async revealed(raffleId: string): Promise<{ list: RevealedInstantWin[]; salt: string | null }> {
      const [rows, salt] = await Promise.all([
        instantWinsRepo.listWithWinners(db, raffleId),
        instantWinsRepo.salt(db, raffleId),
      ]);
      return {
        list: rows.map((r) => ({
          number: r.number,
          prize: r.prize,
          winner_masked: r.awardedAt ? maskName(r.buyerName) : null,
        })),
        salt,
      };
    },

    /** The prize each of these sales won (payments screen, tracking); sales that won nothing are absent. */
    async prizesOf(ticketIds: readonly string[], executor: Executor = db): Promise<Map<string, string>> {
      const awards = await instantWinsRepo.awardsOf(executor, ticketIds);
      return new Map([...awards].map(([id, award]) => [id, award.prize]));
    },

    /** What each of these sales won and whether it was handed over (the staff ticket views). */
    async awardsOf(ticketIds: readonly string[]): Promise<Map<string, TicketInstantWin>> {
      const awards = await instantWinsRepo.awardsOf(db, ticketIds);
      return new Map(
        [...awards].map(([id, a]) => [
          id,
          { prize: a.prize, delivered_at: a.deliveredAt?.toISOString() ?? null },
        ]),
      );
    },
  };
}
