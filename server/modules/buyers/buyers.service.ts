import type { RaffleBuyersPage } from '../../../domain/staff-tickets';
import { exactNumberFromTerm, normalizeSearchTerm, padTicketNumber } from '../../../domain/tickets';
import type { Db } from '../../db/client';
import { buyersRepo } from './buyers.repo';

export type BuyersService = ReturnType<typeof createBuyersService>;

/** A raffle's buyers, one per cedula: what they hold, paid and owe (staff; ownership checked by the route). */
export function createBuyersService({
  db,
  paymentReviewHours,
}: {
  db: Db;
  /** PAYMENT_REVIEW_HOURS: how long a pending payment keeps its numbers from expiring. */
  paymentReviewHours: number;
}) {
  return {
    async list(
      raffle: { id: string; digitCount: number },
      query: { search?: string; page: number; per_page: number },
    ): Promise<RaffleBuyersPage> {
      const term = query.search ? normalizeSearchTerm(query.search) : '';
      const page = buyersRepo.page(
        db,
        raffle.id,
        {
          term,
          exactNumber: term ? exactNumberFromTerm(term) : null,
          limit: query.per_page,
          offset: (query.page - 1) * query.per_page,
        },
        paymentReviewHours,
      );
      // Without a search the page's own pass counted the totals; with one, they are over every buyer.
      const [{ items, count, totals: fromPage }, searched] = await Promise.all([
        page,
        term ? buyersRepo.totals(db, raffle.id) : null,
      ]);
      const totals = searched ?? fromPage ?? (await buyersRepo.totals(db, raffle.id));
      return {
        items: items.map((row) => {
          const numbers = row.numbers.map(Number);
          return {
            cedula: row.cedula,
            buyer_name: row.buyer_name,
            buyer_phone: row.buyer_phone,
            buyer_email: row.buyer_email,
            numbers,
            ticket_numbers: numbers.map((n) => padTicketNumber(n, raffle.digitCount)),
            tickets: Number(row.tickets),
            total_paid_cents: Number(row.paid),
            remaining_cents: Number(row.remaining),
            statuses: [...row.statuses].sort(),
            reserved_until: row.reserved_until ? new Date(row.reserved_until).toISOString() : null,
            review_hold_until: row.review_hold_until ? new Date(row.review_hold_until).toISOString() : null,
            sellers: row.sellers ?? [],
          };
        }),
        count,
        page: query.page,
        per_page: query.per_page,
        totals,
      };
    },
  };
}
