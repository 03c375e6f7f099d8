import { raffleMessages } from '../../../domain/raffles';
import {
  LEADERBOARD_SIZE,
  type Leaderboards,
  type RaffleSellers,
  type SellerMe,
  type SellerRaffles,
  sellerLinkPaths,
  sellerMessages,
} from '../../../domain/seller-network';
import { maskBuyerName } from '../../../domain/tracking';
import type { Db } from '../../db/client';
import type { PublicRaffleRow } from '../../db/rows';
import type { AuthContext } from '../../lib/auth-context';
import { BadRequestError, ForbiddenError, NotFoundError, uniqueViolation } from '../../lib/errors';
import { createSellerCodeCache, newSellerCode } from './seller-codes';
import { sellerNetworkRepo } from './seller-network.repo';

/** A leaderboard is counted again at most this often, however fast the raffle sells. */
const LEADERBOARD_MIN_INTERVAL_MS = 5_000;
/** And at least this often, even if the counts per status look the same (a sale moved buyers). */
const LEADERBOARD_MAX_AGE_MS = 60_000;
const MAX_LEADERBOARDS = 200;

type Counts = { apartado: number; abonado: number; pagado: number; cancelado: number; disponible: number };

export type SellerNetworkService = ReturnType<typeof createSellerNetworkService>;

/**
 * The seller network's assignment, codes and leaderboards (issue 22, decision 036). Who may act on
 * an assigned raffle is lib/permissions.ts' rule; this service only keeps the assignment.
 */
export function createSellerNetworkService(deps: {
  db: Db;
  /** The raffle without its sold list (null for none). */
  findRaffle: (id: string) => Promise<PublicRaffleRow | null>;
  /** Whether the public may see it (not a draft, not archived). */
  isPublic: (row: PublicRaffleRow) => boolean;
  /** A raffle's assignment changed: its cached answers are dropped (raffle-changes.ts). */
  onRaffleChanged?: (raffleId: string) => Promise<void>;
  /** The counts per status the boards keep in memory: a cheap "did anything sell" stamp. */
  counts?: (raffleId: string) => Promise<{ counts: Counts } | null>;
}) {
  const { db } = deps;
  const codes = createSellerCodeCache((code) => sellerNetworkRepo.sellerByCode(db, code));

  /** The seller's code, made the first time it is asked for (unique regardless of case). */
  async function ensureCode(sellerId: string): Promise<string> {
    for (let attempt = 0; attempt < 8; attempt++) {
      const existing = await sellerNetworkRepo.codeOf(db, sellerId);
      if (existing) return existing;
      const code = newSellerCode();
      try {
        await sellerNetworkRepo.setCodeIfMissing(db, sellerId, code);
        codes.forget(code);
      } catch (error) {
        // Another seller holds this code: draw again.
        if (uniqueViolation(error) !== 'profiles_seller_code_key') throw error;
      }
    }
    throw new Error('no free seller code after 8 attempts');
  }

  async function assertRaffle(raffleId: string) {
    const [found] = await sellerNetworkRepo.existingRaffles(db, [raffleId]);
    if (!found) throw new NotFoundError(raffleMessages.notFound, 'RAFFLE_NOT_FOUND');
  }

  /** Every id a vendedor (404 for an unknown id, 400 for another role); their codes made. */
  async function assertVendedores(ids: string[]) {
    const found = new Map((await sellerNetworkRepo.profiles(db, ids)).map((p) => [p.id, p]));
    for (const [index, id] of ids.entries()) {
      const profile = found.get(id);
      if (!profile) throw new NotFoundError(sellerMessages.sellerNotFound, 'SELLER_NOT_FOUND');
      if (profile.role !== 'vendedor')
        throw new BadRequestError(sellerMessages.notAVendedor, 'NOT_A_VENDEDOR', {
          fields: [{ path: `seller_ids.${index}`, message: sellerMessages.notAVendedor }],
        });
    }
    for (const id of ids) await ensureCode(id);
  }

  const changed = async (ids: string[]) => {
    for (const id of ids) await deps.onRaffleChanged?.(id);
  };

  const leaderboards = new Map<
    string,
    { stamp: string; at: number; value: Leaderboards } | { pending: Promise<Leaderboards> }
  >();

  async function countLeaderboards(raffleId: string): Promise<Leaderboards> {
    const { sellers, buyers } = await sellerNetworkRepo.leaderboards(db, raffleId, LEADERBOARD_SIZE);
    return {
      top_sellers: sellers.map((s) => ({ name_masked: maskBuyerName(s.name), numbers: Number(s.numbers) })),
      top_buyers: buyers.map((b) => ({ name_masked: maskBuyerName(b.name), numbers: Number(b.numbers) })),
    };
  }

  return {
    ensureCode,
    /** The seller a referral code names, from memory (null: nobody). */
    sellerIdForCode: (code: string) => codes.resolve(code),
    /** A user was disabled: their referral link stops crediting them (at once on this instance). */
    sellerLocked: (id: string) => codes.forgetSeller(id),

    async raffleSellers(raffleId: string): Promise<RaffleSellers> {
      await assertRaffle(raffleId);
      return { seller_ids: await sellerNetworkRepo.sellersOf(db, raffleId) };
    },

    /** The raffle's vendedores become exactly these: one removed loses access at once. */
    async setRaffleSellers(
      actor: AuthContext,
      raffleId: string,
      sellerIds: string[],
    ): Promise<RaffleSellers> {
      await assertRaffle(raffleId);
      await assertVendedores(sellerIds);
      await db.transaction((tx) => sellerNetworkRepo.setSellersOf(tx, raffleId, sellerIds, actor.userId));
      await changed([raffleId]);
      return { seller_ids: await sellerNetworkRepo.sellersOf(db, raffleId) };
    },

    async sellerRaffles(sellerId: string): Promise<SellerRaffles> {
      await assertVendedores([sellerId]);
      return { raffle_ids: await sellerNetworkRepo.rafflesOf(db, sellerId) };
    },

    /** The seller's page: the raffles assigned to this vendedor become exactly these. */
    async setSellerRaffles(
      actor: AuthContext,
      sellerId: string,
      raffleIds: string[],
    ): Promise<SellerRaffles> {
      await assertVendedores([sellerId]);
      const existing = new Set(await sellerNetworkRepo.existingRaffles(db, raffleIds));
      if (raffleIds.some((id) => !existing.has(id)))
        throw new NotFoundError(raffleMessages.notFound, 'RAFFLE_NOT_FOUND');
      const before = await sellerNetworkRepo.rafflesOf(db, sellerId);
      await db.transaction((tx) => sellerNetworkRepo.setRafflesOf(tx, sellerId, raffleIds, actor.userId));
      await changed([...new Set([...before, ...raffleIds])]);
      return { raffle_ids: await sellerNetworkRepo.rafflesOf(db, sellerId) };
    },

    /** `GET /api/sellers/me`: a vendedor's code and their link to each raffle they sell. */
    async me(actor: AuthContext): Promise<SellerMe> {
      if (actor.role !== 'vendedor')
        throw new ForbiddenError(sellerMessages.onlyVendedores, 'NOT_A_VENDEDOR');
      const code = await ensureCode(actor.userId);
      const raffles = await sellerNetworkRepo.myRaffles(db, actor.userId);
      return {
        seller_id: actor.userId,
        code,
        raffles: raffles.map((r) => ({
          raffle_id: r.id,
          name: r.name,
          status: r.status,
          relation: r.owner ? 'owner' : 'assigned',
          ...sellerLinkPaths(code, r.id),
          numbers_credited: Number(r.credited),
        })),
      };
    },

    /**
     * The public leaderboards of a raffle that shows them: counted in the database at most every
     * few seconds, and only when the board's counts moved (what a sale changes), so a rush of
     * visitors costs memory reads, not group-bys.
     */
    async leaderboards(raffleId: string): Promise<Leaderboards> {
      const row = await deps.findRaffle(raffleId);
      if (!row || !deps.isPublic(row)) throw new NotFoundError(raffleMessages.notFound, 'RAFFLE_NOT_FOUND');
      if (!row.showLeaderboards) throw new NotFoundError(sellerMessages.leaderboardsOff, 'LEADERBOARDS_OFF');
      const counted = await deps.counts?.(raffleId);
      const c = counted?.counts;
      const stamp = c ? `${c.apartado},${c.abonado},${c.pagado},${c.cancelado}` : '';
      const cached = leaderboards.get(raffleId);
      if (cached && 'pending' in cached) return cached.pending;
      const age = cached ? Date.now() - cached.at : Number.POSITIVE_INFINITY;
      if (
        cached &&
        (age < LEADERBOARD_MIN_INTERVAL_MS || (cached.stamp === stamp && age < LEADERBOARD_MAX_AGE_MS))
      )
        return cached.value;
      const pending = countLeaderboards(raffleId);
      leaderboards.set(raffleId, { pending });
      try {
        const value = await pending;
        leaderboards.delete(raffleId);
        leaderboards.set(raffleId, { stamp, at: Date.now(), value });
        while (leaderboards.size > MAX_LEADERBOARDS) {
          const oldest = leaderboards.keys().next().value;
          if (oldest === undefined) break;
          leaderboards.delete(oldest);
        }
        return value;
      } catch (error) {
        leaderboards.delete(raffleId);
        throw error;
      }
    },
  };
}
