import {
  BULK_RELEASE_MAX,
  type BulkReleaseInput,
  type BulkSkipped,
  type BulkSkipReason,
  bulkReleaseMessages,
} from '../../../domain/bulk-release';
import type { TicketInstantWin } from '../../../domain/instant-wins';
import { lifecycleMessages, salesClosed } from '../../../domain/raffle-lifecycle';
import { raffleMessages } from '../../../domain/raffles';
import { exactNumberFromTerm, normalizeSearchTerm } from '../../../domain/tickets';
import type { Db, Executor } from '../../db/client';
import type { RaffleRow } from '../../db/rows';
import type { AuthContext } from '../../lib/auth-context';
import { ConflictError, NotFoundError, UnprocessableError } from '../../lib/errors';
import { canMoveMoney } from '../../lib/permissions';
import { lockPackageOrders, repriceKeptSales } from '../tickets/package-reprice';
import { describeChanges, recordChanges, type TicketChanges } from '../tickets/ticket-changes';
import { staffTicketsRepo } from './staff-tickets.repo';

/** History rows per INSERT (8 parameters each). */
const HISTORY_SLICE = 2_000;

const skip = (number: number, reason: BulkSkipReason): BulkSkipped => ({
  number,
  reason,
  message: bulkReleaseMessages.skipped[reason],
});

const tooMany = (n: number) =>
  new UnprocessableError(bulkReleaseMessages.tooMany(n), 'BULK_RELEASE_TOO_MANY', { max: BULK_RELEASE_MAX });

/**
 * What a bulk release selects and what it leaves: the single release's rules per number (a sale
 * with approved money needs a refund decision, so it is skipped and named; a number nobody holds
 * has nothing to release; an assigned seller releases only the sales credited to them, as the
 * single release's 403 NOT_YOUR_SALE says). Over BULK_RELEASE_MAX selected numbers is a 422, never
 * a partial run.
 */
async function plan(
  db: Executor,
  actor: AuthContext,
  raffle: RaffleRow,
  input: BulkReleaseInput,
  lock: boolean,
) {
  const skipped: BulkSkipped[] = [];
  let numbers: number[] | undefined;
  if (input.numbers) {
    numbers = [...new Set(input.numbers)].sort((a, b) => a - b);
    if (numbers.length > BULK_RELEASE_MAX) throw tooMany(numbers.length);
    for (const n of numbers) if (n >= raffle.totalNumbers) skipped.push(skip(n, 'OUT_OF_RANGE'));
    numbers = numbers.filter((n) => n < raffle.totalNumbers);
  }
  const term = input.filter?.search ? normalizeSearchTerm(input.filter.search) : '';
  const filters = input.filter
    ? { statuses: input.filter.status, term, exactNumber: term ? exactNumberFromTerm(term) : null }
    : undefined;
  const sales =
    numbers?.length === 0
      ? []
      : await staffTicketsRepo.selectForRelease(
          db,
          raffle,
          { numbers, cedula: input.buyer_cedula, filters },
          BULK_RELEASE_MAX + 1,
          lock,
        );
  if (sales.length > BULK_RELEASE_MAX) throw tooMany(sales.length);
  if (numbers) {
    const held = new Set(sales.map((s) => s.number));
    for (const n of numbers) if (!held.has(n)) skipped.push(skip(n, 'NOT_SOLD'));
  }
  const eligible = [];
  for (const s of sales) {
    if (!canMoveMoney(actor, raffle, s.credited_seller_id)) skipped.push(skip(s.number, 'NOT_YOUR_SALE'));
    else if (s.total_paid_cents > 0) skipped.push(skip(s.number, 'HAS_PAYMENTS'));
    // On a sealed pre-sorteo list not drawn yet (refunded since): the database would refuse the
    // whole release (migration 0038), so it is named and left.
    else if (s.pre_draw_kept) skipped.push(skip(s.number, 'ON_PRE_DRAW_LIST'));
    // A buyer's payment waits for the admin: decided first, as the single release asks.
    else if (s.under_review) skipped.push(skip(s.number, 'PAYMENT_UNDER_REVIEW'));
    // A paid number priced 0 has paid nothing itself (decision 061): paid by its order, or marked paid
    // by staff. The single release asks for the right to undo a paid sale: not released here either.
    else if (s.status === 'pagado')
      skipped.push(skip(s.number, s.status_by_hand ? 'PAID_BY_HAND' : 'PAID_WITH_ORDER'));
    else eligible.push(s);
  }
  skipped.sort((a, b) => a.number - b.number);
  return { eligible, buyers: new Set(eligible.map((s) => s.buyer)).size, skipped };
}

/** A raffle whose sold list is frozen (closed, finished, or past its closing date) refuses any release. */
function assertOpen(raffle: { status: string; closingDate: Date | null }) {
  if (salesClosed(raffle)) throw new ConflictError(lifecycleMessages.soldListFrozen, 'RAFFLE_CLOSED');
}

/**
 * `POST /api/raffles/:id/tickets/release` for a raffle the actor manages (checked by the route):
 * the dry run counts; the real run ends every eligible sale in one statement inside one
 * transaction, writes one history row per number and announces them after the commit, as the
 * single release (`PATCH` to 'disponible') does.
 */
export async function releaseMany(
  deps: {
    db: Db;
    changes: TicketChanges;
    /** The instant win each sale won, or null when this actor may not see them (decision 041). */
    awardsOf: (saleIds: string[]) => Promise<Map<string, TicketInstantWin> | null>;
  },
  actor: AuthContext,
  raffle: RaffleRow,
  input: BulkReleaseInput,
) {
  if (input.dry_run) {
    assertOpen(raffle);
    const { eligible, buyers, skipped } = await plan(deps.db, actor, raffle, input, false);
    const awards = await deps.awardsOf(eligible.map((s) => s.id));
    const delivered_prizes = eligible.flatMap((s) => {
      const won = awards?.get(s.id);
      return won?.delivered_at ? [{ number: s.number, prize: won.prize }] : [];
    });
    return { numbers: eligible.length, buyers, skipped, delivered_prizes };
  }
  return deps.changes.transaction(async (tx) => {
    // The raffle (KEY SHARE) before the sales: a close waits for this release, or it sees the close.
    const locked = await staffTicketsRepo.lockRaffle(tx, raffle.id);
    if (!locked) throw new NotFoundError(raffleMessages.notFound, 'RAFFLE_NOT_FOUND');
    assertOpen(locked);
    // Packages: every live sale of the orders this releases from, in id order, before the sales
    // themselves (in number order). The repricing after it locks those sales again; two releases of
    // numbers of one order then queue, where each held a number the other's repricing waited on.
    if (raffle.packages.length > 0) {
      const planned = await plan(tx, actor, raffle, input, false);
      await lockPackageOrders(
        tx,
        planned.eligible.map((sale) => sale.order_id),
      );
    }
    const { eligible, buyers, skipped } = await plan(tx, actor, raffle, input, true);
    const before = new Map(eligible.map((s) => [s.id, s.status]));
    const rows = await staffTicketsRepo.endSales(
      tx,
      eligible.map((s) => s.id),
    );
    const by = { id: actor.userId, email: actor.email };
    const note = bulkReleaseMessages.note(actor.email);
    // History in slices: 10,000 rows of 8 columns in one INSERT would pass PostgreSQL's 65,535 parameters.
    for (let i = 0; i < rows.length; i += HISTORY_SLICE) {
      const slice = rows.slice(i, i + HISTORY_SLICE);
      await recordChanges(
        tx,
        slice,
        describeChanges(slice, (row) => before.get(row.id) ?? 'apartado', note, by),
      );
    }
    await repriceKeptSales(tx, rows);
    return { released: rows.length, buyers, skipped };
  });
}
