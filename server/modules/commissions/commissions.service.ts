import type { cashHandoverInput } from '../../../domain/cash-held';
import {
  bpToPercent,
  CHART_DAYS,
  type CommissionTerms,
  commissionMessages,
  type commissionTermsInput,
  type LedgerEntry,
  type LedgerTotals,
  type ledgerQuery,
  type PayoutResult,
  type payoutInput,
  percentToBp,
  type SellerLedger,
  type SellerRanking,
  type SellerSales,
} from '../../../domain/commissions';
import { vesCentsAt } from '../../../domain/money';
import { caracasDate } from '../../../domain/rates';
import type { z } from '../../../domain/zod';
import type { Db, Executor } from '../../db/client';
import type { AuthContext } from '../../lib/auth-context';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  UnprocessableError,
  uniqueViolation,
} from '../../lib/errors';
import { canSeeSellerAccount } from '../../lib/permissions';
import { cashHeldRepo } from './cash-held.repo';
import { heldCommissionBySeller, recordHandover, sellerCash } from './cash-held.service';
import { commissionsRepo, type LedgerRow, type Totals } from './commissions.repo';
import { sellerRankingCsv } from './sellers-csv';

type Deps = {
  db: Db;
  /** Rates service: today's Bs per USD, kept with each payout. */
  currentRate?: (executor?: Executor) => Promise<number | null>;
};

/** `held`: commission waiting for cash the seller holds (decision 062), not payable yet. */
const toTotals = (t: Totals, held: number): LedgerTotals => ({
  earned_cents: t.earned,
  reversed_cents: t.reversed,
  paid_out_cents: t.paidOut,
  held_cents: held,
  balance_cents: t.earned - t.reversed - t.paidOut - held,
});

/**
 * A seller's ledger sums with the commission held for their cash. One query after the other: a
 * payout reads them inside its transaction, whose one connection takes a statement at a time.
 */
async function totalsOf(executor: Executor, sellerId: string) {
  const totals = await commissionsRepo.totals(executor, sellerId);
  const held = await heldCommissionBySeller(executor, sellerId);
  return toTotals(totals, held.get(sellerId) ?? 0);
}

export function toLedgerEntry(
  e: LedgerRow,
  extra: { raffleName: string | null; ticketNumber: string | null },
): LedgerEntry {
  return {
    id: e.id,
    kind: e.kind,
    amount_cents: e.amountCents,
    amount_ves_cents: e.amountVesCents,
    rate_to_usd: e.rateToUsd === null ? null : Number(e.rateToUsd),
    raffle_id: e.raffleId,
    raffle_name: extra.raffleName,
    ticket_number: extra.ticketNumber,
    percent_bp: e.percentBp,
    per_number_cents: e.perNumberCents,
    method: e.method,
    reference: e.reference,
    paid_on: e.paidOn,
    note: e.note,
    created_at: e.createdAt.toISOString(),
  };
}

export type CommissionsService = ReturnType<typeof createCommissionsService>;

/** Commission terms, the seller's ledger and payouts, and the sellers' figures (decision 037). */
export function createCommissionsService(deps: Deps) {
  const { db } = deps;

  async function requireSeller(executor: Executor, sellerId: string, options: { lock?: boolean } = {}) {
    const seller = await commissionsRepo.profile(executor, sellerId, options);
    if (!seller) throw new NotFoundError(commissionMessages.sellerNotFound, 'SELLER_NOT_FOUND');
    return seller;
  }

  /** The seller themself or an admin (lib/permissions.ts); checked before anything is read. */
  function assertSeesSeller(actor: AuthContext, sellerId: string) {
    if (!canSeeSellerAccount(actor, sellerId))
      throw new ForbiddenError(commissionMessages.notYourLedger, 'NOT_YOUR_LEDGER');
  }

  async function requireRaffle(raffleId: string) {
    if (!(await commissionsRepo.raffleExists(db, raffleId)))
      throw new NotFoundError(commissionMessages.raffleNotFound, 'RAFFLE_NOT_FOUND');
  }

  return {
    /** A new row of terms: it applies to money approved from now on; earlier entries keep theirs. */
    async setTerms(
      actor: AuthContext,
      raffleId: string,
      input: z.output<typeof commissionTermsInput>,
    ): Promise<CommissionTerms> {
      await requireRaffle(raffleId);
      const seller = await commissionsRepo.profile(db, input.seller_id);
      if (!seller)
        throw new UnprocessableError(commissionMessages.sellerNotFound, 'SELLER_NOT_FOUND', {
          fields: [{ path: 'seller_id', message: commissionMessages.sellerNotFound }],
        });
      const percentBp = input.percent === undefined ? null : percentToBp(input.percent);
      const row = await commissionsRepo.insertTerms(db, {
        raffleId,
        sellerId: seller.id,
        percentBp,
        perNumberCents: percentBp === null ? (input.per_number_cents ?? 0) : null,
        createdBy: actor.userId,
      });
      return {
        raffle_id: raffleId,
        seller_id: seller.id,
        seller_name: seller.fullName,
        seller_email: seller.email,
        percent: row.percentBp === null ? null : bpToPercent(row.percentBp),
        percent_bp: row.percentBp,
        per_number_cents: row.perNumberCents,
        since: row.createdAt.toISOString(),
      };
    },

    async listTerms(raffleId: string): Promise<{ items: CommissionTerms[] }> {
      await requireRaffle(raffleId);
      const rows = await commissionsRepo.termsOfRaffle(db, raffleId);
      return {
        items: rows.map((r) => ({
          raffle_id: raffleId,
          seller_id: r.seller_id,
          seller_name: r.full_name,
          seller_email: r.email,
          percent: r.percent_bp === null ? null : bpToPercent(r.percent_bp),
          percent_bp: r.percent_bp,
          per_number_cents: r.per_number_cents === null ? null : Number(r.per_number_cents),
          since: new Date(r.created_at).toISOString(),
        })),
      };
    },

    async ledger(
      actor: AuthContext,
      sellerId: string,
      query: z.output<typeof ledgerQuery>,
    ): Promise<SellerLedger> {
      assertSeesSeller(actor, sellerId);
      await requireSeller(db, sellerId);
      const [totals, rows] = await Promise.all([
        totalsOf(db, sellerId),
        commissionsRepo.page(db, sellerId, { before: query.before, limit: query.limit + 1 }),
      ]);
      const page = rows.slice(0, query.limit);
      const last = page[page.length - 1];
      return {
        seller_id: sellerId,
        ...totals,
        entries: page.map((r) => toLedgerEntry(r.entry, r)),
        next_before: rows.length > query.limit && last ? last.entry.id : null,
      };
    },

    /**
     * A payout to a seller, never beyond what is owed (409): the seller's row is locked so two
     * payouts at once queue, and the second sees the first.
     */
    async payout(
      actor: AuthContext,
      sellerId: string,
      input: z.output<typeof payoutInput>,
    ): Promise<PayoutResult> {
      const rate = (await deps.currentRate?.()) ?? null;
      return db.transaction(async (tx) => {
        await requireSeller(tx, sellerId, { lock: true });
        // Sent again (a double tap, a retry after a lost answer): the payout it recorded, once. Read
        // after the seller's lock, so a sending still in flight has committed by now.
        const earlier = input.request_id ? await commissionsRepo.payoutByRequest(tx, input.request_id) : null;
        if (earlier) {
          if (earlier.sellerId !== sellerId || earlier.amountCents !== input.amount_cents)
            throw new ConflictError(commissionMessages.payoutRequestReused, 'PAYOUT_REQUEST_REUSED');
          return {
            entry: toLedgerEntry(earlier, { raffleName: null, ticketNumber: null }),
            totals: await totalsOf(tx, sellerId),
          };
        }
        // Only released commission is payable: what waits for cash the seller holds is not (062).
        const before = await totalsOf(tx, sellerId);
        if (input.amount_cents > before.balance_cents)
          throw new ConflictError(
            commissionMessages.payoutExceedsBalance(Math.max(0, before.balance_cents)),
            'PAYOUT_EXCEEDS_BALANCE',
            { balance_cents: before.balance_cents },
          );
        const row = await commissionsRepo
          .insertPayout(tx, {
            sellerId,
            kind: 'paid_out',
            amountCents: input.amount_cents,
            amountVesCents: vesCentsAt(input.amount_cents, rate),
            rateToUsd: rate === null ? null : String(rate),
            method: input.method,
            reference: input.reference ?? null,
            paidOn: input.paid_on ?? caracasDate(),
            note: input.note ?? null,
            requestId: input.request_id ?? null,
            createdBy: actor.userId,
          })
          .catch((error: unknown) => {
            // The same key sent at the same moment for another seller (whose row this one did not
            // lock) took the key first: the same refusal as when it had committed before this read.
            if (uniqueViolation(error) === 'seller_ledger_payout_request_key')
              throw new ConflictError(commissionMessages.payoutRequestReused, 'PAYOUT_REQUEST_REUSED');
            throw error;
          });
        return {
          entry: toLedgerEntry(row, { raffleName: null, ticketNumber: null }),
          totals: await totalsOf(tx, sellerId),
        };
      });
    },

    /** "Mis ventas": the seller's credited sales and commissions by raffle, totals and a chart. */
    async sales(actor: AuthContext, sellerId: string): Promise<SellerSales> {
      assertSeesSeller(actor, sellerId);
      const seller = await requireSeller(db, sellerId);
      const [byRaffle, totals, perDay] = await Promise.all([
        commissionsRepo.salesByRaffle(db, sellerId),
        totalsOf(db, sellerId),
        commissionsRepo.perDay(db, sellerId),
      ]);
      const sum = (pick: (r: (typeof byRaffle)[number]) => number) =>
        byRaffle.reduce((total, r) => total + pick(r), 0);
      return {
        seller_id: sellerId,
        seller_name: seller.fullName,
        raffles: byRaffle.map((r) => ({
          raffle_id: r.raffleId,
          raffle_name: r.raffleName,
          numbers_sold: r.numbersSold,
          numbers_paid: r.numbersPaid,
          buyers: r.buyers,
          collected_cents: r.collectedCents,
          earned_cents: r.earnedCents,
          reversed_cents: r.reversedCents,
        })),
        totals: {
          ...totals,
          numbers_sold: sum((r) => r.numbersSold),
          numbers_paid: sum((r) => r.numbersPaid),
          // A buyer of two raffles counts in each.
          buyers: sum((r) => r.buyers),
          collected_cents: sum((r) => r.collectedCents),
        },
        per_day: perDay
          .slice(-CHART_DAYS)
          .map((d) => ({ day: d.day, commission_cents: d.commissionCents, numbers: d.numbers })),
      };
    },

    /** The sellers' ranking (by numbers sold, then money), overall or in one raffle. */
    async ranking(raffleId?: string): Promise<SellerRanking> {
      if (raffleId) await requireRaffle(raffleId);
      const [rows, terms, held, cash] = await Promise.all([
        commissionsRepo.ranking(db, raffleId),
        raffleId ? commissionsRepo.termsOfRaffle(db, raffleId) : Promise.resolve([]),
        heldCommissionBySeller(db),
        cashHeldRepo.heldBySeller(db),
      ]);
      const termsOf = new Map(terms.map((t) => [t.seller_id, t]));
      const items = rows.map((r) => {
        const t = termsOf.get(r.sellerId);
        return {
          seller_id: r.sellerId,
          seller_name: r.sellerName,
          seller_email: r.sellerEmail,
          numbers_sold: r.numbersSold,
          numbers_paid: r.numbersPaid,
          buyers: r.buyers,
          collected_cents: r.collectedCents,
          earned_cents: r.earnedCents,
          reversed_cents: r.reversedCents,
          paid_out_cents: r.paidOutCents,
          held_cents: held.get(r.sellerId) ?? 0,
          balance_cents: r.balanceCents - (held.get(r.sellerId) ?? 0),
          cash_held_cents: cash.get(r.sellerId)?.heldCents ?? 0,
          cash_held_ves_cents: cash.get(r.sellerId)?.heldVesCents ?? (cash.has(r.sellerId) ? null : 0),
          cash_payments: cash.get(r.sellerId)?.payments ?? 0,
          percent: t?.percent_bp == null ? null : bpToPercent(t.percent_bp),
          per_number_cents: t?.per_number_cents == null ? null : Number(t.per_number_cents),
        };
      });
      const sum = (pick: (r: (typeof items)[number]) => number) => items.reduce((s, r) => s + pick(r), 0);
      return {
        raffle_id: raffleId ?? null,
        items,
        totals: {
          numbers_sold: sum((r) => r.numbers_sold),
          numbers_paid: sum((r) => r.numbers_paid),
          buyers: sum((r) => r.buyers),
          collected_cents: sum((r) => r.collected_cents),
          earned_cents: sum((r) => r.earned_cents),
          reversed_cents: sum((r) => r.reversed_cents),
          paid_out_cents: sum((r) => r.paid_out_cents),
          held_cents: sum((r) => r.held_cents),
          balance_cents: sum((r) => r.balance_cents),
          cash_held_cents: sum((r) => r.cash_held_cents),
        },
      };
    },

    /** Cash the seller recorded by hand and holds, the commission waiting for it, hand-overs. */
    async cash(actor: AuthContext, sellerId: string) {
      assertSeesSeller(actor, sellerId);
      await requireSeller(db, sellerId);
      return sellerCash(db, sellerId);
    },

    /** An admin records cash a vendedor handed over (oldest payments first; 409 beyond what they hold). */
    async handover(actor: AuthContext, sellerId: string, input: z.output<typeof cashHandoverInput>) {
      return recordHandover(db, actor, sellerId, input, (tx) => requireSeller(tx, sellerId, { lock: true }));
    },

    /** The ranking as CSV text (the same rows as the screen). */
    async rankingCsv(raffleId?: string) {
      return sellerRankingCsv((await this.ranking(raffleId)).items);
    },
  };
}
