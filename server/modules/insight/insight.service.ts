import type { SalesInsight } from '../../../domain/insight';
import type { RaffleStatus } from '../../../domain/raffles';
import { raffleMessages } from '../../../domain/raffles';
import { caracasDate, type ExchangeRate } from '../../../domain/rates';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../lib/auth-context';
import { NotFoundError } from '../../lib/errors';
import { managedRaffles } from '../../lib/permissions';
import type { RafflesService } from '../raffles/raffles.service';
import { type InsightScope, insightRepo } from './insight.repo';

export type InsightService = ReturnType<typeof createInsightService>;

const DAY_MS = 86_400_000;

/** The `days` Caracas days ending on `today` ("YYYY-MM-DD"), oldest first. */
export function lastDays(today: string, days: number): string[] {
  const end = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: days }, (_, i) =>
    new Date(end - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
}

/** Sales insight for the staff dashboard: an admin sees every raffle, a vendedor only their own. */
export function createInsightService(deps: {
  db: Db;
  raffles: RafflesService;
  /** The current VES rate (Bs per dollar), or null when none was ever set. */
  vesRate: () => Promise<ExchangeRate | null>;
}) {
  const { db } = deps;

  async function scopeFor(actor: AuthContext, raffleId?: string): Promise<InsightScope> {
    if (!raffleId) return { raffles: managedRaffles(actor) };
    // 404 for an unknown raffle, 403 for another seller's; a sandbox raffle does not exist for staff.
    const row = await deps.raffles.getRowFor('manage-sales', raffleId, actor);
    if (row.isSandbox) throw new NotFoundError(raffleMessages.notFound, 'RAFFLE_NOT_FOUND');
    return { raffleId: row.id };
  }

  return {
    async get(actor: AuthContext, query: { raffle_id?: string; days: number }): Promise<SalesInsight> {
      const scope = await scopeFor(actor, query.raffle_id);
      const days = lastDays(caracasDate(), query.days);
      const [raffles, sales, rate] = await Promise.all([
        insightRepo.raffleFigures(db, scope),
        insightRepo.salesPerDay(db, scope, days[0] as string, days[days.length - 1] as string),
        deps.vesRate(),
      ]);
      const byDay = new Map(sales.map((s) => [s.day, s]));
      const sum = (pick: (r: (typeof raffles)[number]) => number) => raffles.reduce((n, r) => n + pick(r), 0);
      const totals = {
        reserved: sum((r) => r.reserved),
        partially_paid: sum((r) => r.partiallyPaid),
        paid: sum((r) => r.paid),
        collected_cents: sum((r) => r.collectedCents),
        owed_cents: sum((r) => r.owedCents),
      };
      return {
        currency_rate: rate && {
          rate_to_usd: rate.rate_to_usd,
          rate_date: rate.rate_date,
          is_stale: rate.is_stale,
          updated_at: rate.updated_at,
        },
        days: query.days,
        totals: { ...totals, sold: totals.reserved + totals.partially_paid + totals.paid },
        per_day: days.map((day) => ({
          day,
          numbers: byDay.get(day)?.numbers ?? 0,
          amount_cents: byDay.get(day)?.amountCents ?? 0,
        })),
        raffles: raffles.map((r) => ({
          id: r.id,
          name: r.name,
          status: r.status as RaffleStatus,
          total_numbers: r.totalNumbers,
          reserved: r.reserved,
          partially_paid: r.partiallyPaid,
          paid: r.paid,
          collected_cents: r.collectedCents,
          owed_cents: r.owedCents,
        })),
      };
    },
  };
}
