import { drawMessages } from '../../../domain/draw';
import {
  type DrawKind,
  drawDeclarationProblems,
  drawTermsMessages,
  undeclaredSourceProblem,
} from '../../../domain/draw-terms';
import { instantWinsProblem } from '../../../domain/instant-wins';
import { packagesProblem } from '../../../domain/packages';
import {
  CREATABLE_STATUSES,
  isClosedStatus,
  lifecycleMessages,
  salesClosed,
  statusChangeRefusal,
} from '../../../domain/raffle-lifecycle';
import {
  type CreateRaffle,
  changedSaleTerms,
  type PaymentType,
  type Raffle,
  type RaffleStats,
  type RaffleStatus,
  raffleMessages,
  raffleRuleViolations,
  termsLockedMessage,
  type UpdateRaffle,
} from '../../../domain/raffles';
import type { Db, Executor } from '../../db/client';
import type { AuthContext } from '../../lib/auth-context';
import { ConflictError, NotFoundError, UnprocessableError } from '../../lib/errors';
import { allows, assertCan, can, forbidden, managedRaffles, type RaffleAction } from '../../lib/permissions';
import type { InstantWinsService } from '../instant-wins/instant-wins.service';
import { changesPrize, closingDateChange } from './raffle-draw-terms';
import { prizeColumnsForCreate, prizeColumnsForUpdate } from './raffle-prizes';
import {
  changesSaleTerms,
  countsOnly,
  declaredSourceChanges,
  mergedDeclaration,
  termsOf,
  toApiPaymentType,
  toColumns,
  toRaffle,
  toStoredPaymentType,
} from './raffle-rows';
import type { RaffleSales } from './raffle-sales';
import { type PublicRaffleRow, type RaffleInsert, type RaffleRow, rafflesRepo } from './raffles.repo';

const canView = (row: PublicRaffleRow, actor?: AuthContext) => can(actor, 'view', row);

export type RafflesService = ReturnType<typeof createRafflesService>;

export function createRafflesService(deps: {
  db: Db;
  tickets: () => RaffleSales;
  /** Instant-win numbers: stored with the raffle's terms, only their commitment on the raffle row. */
  instantWins: () => InstantWinsService;
  /** Files service: whether a URL is an uploaded raffle image. */
  isRaffleImage?: (url: string) => Promise<boolean>;
  /** After a raffle row changed and committed: the public answers cached from it are dropped (decision 027). */
  onChanged?: (raffleId: string) => Promise<void>;
}) {
  const { db } = deps;
  const changed = async (id: string) => deps.onChanged?.(id);

  /** `viewer` given: the money only on the raffles they manage. */
  async function withStats(
    rows: PublicRaffleRow[],
    viewer?: { actor?: AuthContext },
    counted?: Promise<Map<string, RaffleStats>>,
  ): Promise<Raffle[]> {
    const ids = rows.map((row) => row.id);
    const [stats, sold] = await Promise.all([
      counted ?? deps.tickets().statsFor(rows),
      rafflesRepo.withSales(db, ids),
    ]);
    return rows.map((row) => {
      const raffle = toRaffle(row, stats.get(row.id), sold.has(row.id));
      return viewer && !canView(row, viewer.actor) ? countsOnly(raffle) : raffle;
    });
  }

  /**
   * Whether the actor may see this raffle: a draft or an archived raffle only admins and its
   * seller see; to everyone else it does not exist.
   */
  const isVisible = (row: PublicRaffleRow, actor?: AuthContext) =>
    (row.status !== 'borrador' && row.archivedAt === null) || canView(row, actor);

  /**
   * Archived after it published its sold list: hidden from the listings, never the proof of its
   * draw (the result, the sold list, each number's inclusion proof), which a buyer who disputes a
   * draw must still be able to check (decision 021).
   */
  const archivedWithProof = (row: PublicRaffleRow) => row.archivedAt !== null && row.drawCommitment !== null;

  /**
   * Whether the raffle's page (`GET /api/raffles/:id`) answers the actor: a raffle they may see, or
   * a finished raffle archived with its proof, whose page shows the result and its verification. Its
   * board, live events and lucky pick stay hidden (isVisible): nothing of it is on sale.
   */
  const isPageVisible = (row: PublicRaffleRow, actor?: AuthContext) =>
    isVisible(row, actor) || (row.status === 'finalizada' && archivedWithProof(row));

  /** A raffle the actor may see (`visible`, isVisible unless told), else 404; without its sold list's text. */
  async function getVisibleSummary(
    id: string,
    actor?: AuthContext,
    visible: typeof isVisible = isVisible,
  ): Promise<PublicRaffleRow> {
    const row = await rafflesRepo.findPublicById(db, id);
    if (!row || !visible(row, actor)) {
      throw new NotFoundError(raffleMessages.notFound, 'RAFFLE_NOT_FOUND');
    }
    return row;
  }

  /**
   * A raffle the actor may act on this way (lib/permissions.ts), else 403; one they may not even see
   * (another seller's draft or archived raffle) is a 404 like one that does not exist, so its id
   * tells nothing.
   */
  async function getRowFor(
    action: RaffleAction,
    id: string,
    actor: AuthContext,
    executor: Executor = db,
  ): Promise<RaffleRow> {
    const row = await rafflesRepo.findById(executor, id, executor === db ? {} : { lock: 'update' });
    if (!row || !isVisible(row, actor)) throw new NotFoundError(raffleMessages.notFound, 'RAFFLE_NOT_FOUND');
    assertCan(actor, action, row);
    return row;
  }

  /** A 422 that forms can show beside the field. */
  const invalid = (path: string, message: string) =>
    new UnprocessableError(message, 'VALIDATION_ERROR', { fields: [{ path, message }] });

  async function assertImages(images?: string[]) {
    if (!images || !deps.isRaffleImage) return;
    for (const [index, url] of images.entries()) {
      if (!(await deps.isRaffleImage(url))) throw invalid(`images.${index}`, raffleMessages.invalidImage);
    }
  }

  return {
    /** `archived`: the archived raffles the actor manages (none for the public) instead of the others. */
    async list(
      filters: { status?: string; payment_type?: PaymentType; seller_id?: string; archived?: boolean },
      actor?: AuthContext,
    ) {
      const rows = await rafflesRepo.list(db, {
        status: filters.status,
        paymentType: filters.payment_type && toStoredPaymentType(filters.payment_type),
        sellerId: filters.seller_id,
        draftsOf: managedRaffles(actor),
        archivedOf: filters.archived ? managedRaffles(actor) : undefined,
      });
      return withStats(rows, { actor });
    },

    /** `counted`: the raffle's figures when they were already being counted (a close). */
    async get(id: string, actor?: AuthContext, counted?: Promise<Map<string, RaffleStats>>): Promise<Raffle> {
      const [raffle] = await withStats(
        [await getVisibleSummary(id, actor, isPageVisible)],
        { actor },
        counted,
      );
      if (!raffle) throw new NotFoundError(raffleMessages.notFound, 'RAFFLE_NOT_FOUND');
      return raffle;
    },

    getVisibleSummary: (id: string, actor?: AuthContext) => getVisibleSummary(id, actor),
    isVisible,
    isPageVisible,
    archivedWithProof,
    /** The raffle without its sold list (null for none, whoever may see it). */
    findPublicRow: (id: string) => rafflesRepo.findPublicById(db, id),
    /** What the public home list shows: no drafts, no archived raffles (counts added by the caller). */
    publicRows: (filters: { status?: string; payment_type?: PaymentType; seller_id?: string }) =>
      rafflesRepo.list(db, {
        status: filters.status,
        paymentType: filters.payment_type && toStoredPaymentType(filters.payment_type),
        sellerId: filters.seller_id,
        draftsOf: managedRaffles(undefined),
      }),
    /** A raffle row changed outside this service (close, draw): told like the service's own changes. */
    changed,

    /** The first raffle on the home page that has a photo: the page's largest paint. */
    async homeCover(): Promise<{ photo: string; name: string } | null> {
      const [first] = await rafflesRepo.list(db, { status: 'activa' });
      const photo = first?.images[0];
      return first && photo ? { photo, name: first.name } : null;
    },

    /** The raffle, if the actor may act on it this way: `manage-sales` for its sales, `edit` for the raffle. */
    getRowFor: (action: RaffleAction, id: string, actor: AuthContext) => getRowFor(action, id, actor),
    findRow: (executor: Executor, id: string, lock?: 'key share') =>
      rafflesRepo.findById(executor, id, { lock }),

    /** Only the raffle row: its numbers are all 'disponible' until sold, at any size. */
    async create(actor: AuthContext, input: CreateRaffle): Promise<Raffle> {
      // Closed and finished come only from the close and draw actions (decision 010).
      if (!(CREATABLE_STATUSES as readonly string[]).includes(input.status)) {
        throw new ConflictError(lifecycleMessages.createClosed, 'INVALID_TRANSITION');
      }
      if (input.closing_date && new Date(input.closing_date).getTime() <= Date.now()) {
        throw invalid('closing_date', raffleMessages.closingInPast);
      }
      const declaration = mergedDeclaration(null, input);
      const [declared] = drawDeclarationProblems(declaration);
      if (declared) throw invalid(declared.path, declared.message);
      const undeclared = undeclaredSourceProblem(null, { status: input.status, ...declaration });
      if (undeclared) throw invalid(undeclared.path, undeclared.message);
      const dearer = packagesProblem(input.packages, input.price_cents);
      if (dearer) throw invalid('packages', dearer);
      const outside = instantWinsProblem(input.instant_wins, input.total_numbers);
      if (outside) throw invalid(outside.path, outside.message);
      await assertImages(input.images);
      const sellerId = allows(actor, 'assign-seller') ? (input.seller_id ?? actor.userId) : actor.userId;
      // Neither minutes nor hours given: the default hold, 120 minutes (issue 21).
      const held = input.reservation_minutes ?? input.reservation_hours ?? null;
      const columns = toColumns(held === null ? { ...input, reservation_minutes: 120 } : input);
      Object.assign(columns, prizeColumnsForCreate(input));
      const row = await db.transaction(async (tx) => {
        const inserted = await rafflesRepo.insert(tx, { ...(columns as RaffleInsert), sellerId });
        const commitment = await deps.instantWins().replace(tx, inserted.id, [], input.instant_wins, null);
        return commitment
          ? rafflesRepo.update(tx, inserted.id, { instantWinCommitment: commitment })
          : inserted;
      });
      await changed(row.id);
      const [raffle] = await withStats([row]);
      return raffle ?? toRaffle(row);
    },

    async update(actor: AuthContext, id: string, input: UpdateRaffle): Promise<Raffle> {
      // Who sells a raffle is an admin's call: a vendedor cannot hand theirs over, or take another's.
      if (input.seller_id !== undefined && !allows(actor, 'assign-seller')) throw forbidden();
      // Switching to a single payment drops the installments the raffle had.
      if (input.payment_type === 'pago_unico' && input.installments === undefined)
        input = { ...input, installments: null };
      if (input.images !== undefined) {
        // Checked outside the transaction (the files lookups use their own connection), after
        // ownership so another seller's raffle still answers 403 first.
        await getRowFor('edit', id, actor);
        await assertImages(input.images);
      }
      const row = await db.transaction(async (tx) => {
        const current = await getRowFor('edit', id, actor, tx);
        const currentWins = await deps.instantWins().list(tx, id);
        const merged = {
          total_numbers: input.total_numbers ?? current.totalNumbers,
          digit_count: input.digit_count ?? current.digitCount,
          payment_type: input.payment_type ?? toApiPaymentType(current.paymentType),
          installments: input.installments !== undefined ? input.installments : current.installments,
          packages: input.packages ?? current.packages,
          instant_wins: input.instant_wins ?? currentWins,
        };
        const [problem] = raffleRuleViolations(merged);
        if (problem) throw invalid(problem.path, problem.message);
        // Each package must stay cheaper than its numbers alone at the (new) price.
        const dearer = packagesProblem(merged.packages, input.price_cents ?? current.priceCents);
        if (dearer) throw invalid('packages', dearer);
        // A smaller raffle must still hold every instant-win number.
        const outside = instantWinsProblem(merged.instant_wins, merged.total_numbers);
        if (outside) throw invalid(outside.path, outside.message);
        const from = current.status as RaffleStatus;
        // An archived raffle is hidden, not paused: going back on sale unseen is never right.
        if (current.archivedAt && input.status !== undefined && input.status !== from) {
          throw new ConflictError(raffleMessages.archivedStatus, 'RAFFLE_ARCHIVED');
        }
        if (input.status !== undefined && input.status !== from) {
          // Only going back to borrador depends on sales; the count runs under the raffle's lock.
          const hasSales =
            from === 'activa' &&
            input.status === 'borrador' &&
            (await deps.tickets().countNotAvailable(tx, id)) > 0;
          const refusal = statusChangeRefusal(from, input.status, { hasSales });
          if (refusal) throw new ConflictError(refusal.message, refusal.code);
        }
        if (isClosedStatus(from) && changesSaleTerms(current, currentWins, merged, input)) {
          throw new ConflictError(lifecycleMessages.termsFrozen, 'RAFFLE_CLOSED');
        }
        // What a number was sold under stays: once any number was ever taken (its sale live or
        // ended), none of these terms changes. Read under the raffle's lock, like the sales it counts.
        const changedTerms = changedSaleTerms(termsOf(current, currentWins), merged);
        if (changedTerms.length > 0 && (await rafflesRepo.withSales(tx, [id])).has(id)) {
          throw new ConflictError(termsLockedMessage(changedTerms), 'TERMS_LOCKED', { terms: changedTerms });
        }
        // The official draw that decides the raffle is fixed once someone has bought into it.
        if (declaredSourceChanges(current, input) && (await deps.tickets().countNotAvailable(tx, id)) > 0) {
          throw new ConflictError(drawMessages.drawSourceLocked, 'DRAW_SOURCE_LOCKED');
        }
        const declaration = mergedDeclaration(current, input);
        const [declared] = drawDeclarationProblems(declaration);
        if (declared) throw invalid(declared.path, declared.message);
        const undeclared = undeclaredSourceProblem(
          { status: current.status, draw_kind: current.drawKind as DrawKind | null },
          { status: input.status ?? current.status, ...declaration },
        );
        if (undeclared) throw invalid(undeclared.path, undeclared.message);
        if (changesPrize(current, input) && salesClosed(current)) {
          throw new ConflictError(drawTermsMessages.prizeFrozen, 'RAFFLE_CLOSED');
        }
        const prizeColumns = await prizeColumnsForUpdate(current, input, {
          hasLiveSales: async () => (await deps.tickets().countNotAvailable(tx, id)) > 0,
          frozen: salesClosed(current),
        });
        const extension = await closingDateChange(tx, current, input);
        await deps
          .tickets()
          .resize(tx, current, { totalNumbers: merged.total_numbers, digitCount: merged.digit_count });
        const columns = { ...toColumns(input), ...prizeColumns };
        if (input.seller_id !== undefined) columns.sellerId = input.seller_id;
        if (extension) columns.closingExtensions = [...current.closingExtensions, extension];
        if (input.instant_wins !== undefined)
          columns.instantWinCommitment = await deps
            .instantWins()
            .replace(tx, id, currentWins, input.instant_wins, current.instantWinCommitment);
        return rafflesRepo.update(tx, id, columns);
      });
      await changed(id);
      const [raffle] = await withStats([row]);
      return raffle ?? toRaffle(row);
    },

    /**
     * A closed or finished raffle stays: its published sold list is the proof of the draw. A raffle
     * with any sale or payment stays too: deleting it would delete money (it can be archived).
     */
    async remove(id: string): Promise<void> {
      await db.transaction(async (tx) => {
        // Locked like the close locks it: a delete and a close never both go through, and a
        // reservation in flight (KEY SHARE) either lands before the sales check or finds no raffle.
        const row = await rafflesRepo.findById(tx, id, { lock: 'update' });
        if (!row) throw new NotFoundError(raffleMessages.notFound, 'RAFFLE_NOT_FOUND');
        if (isClosedStatus(row.status))
          throw new ConflictError(lifecycleMessages.deleteClosed, 'RAFFLE_CLOSED');
        if ((await rafflesRepo.withSales(tx, [id])).has(id))
          throw new ConflictError(raffleMessages.hasSales, 'RAFFLE_HAS_SALES');
        if (!(await rafflesRepo.delete(tx, id)))
          throw new NotFoundError(raffleMessages.notFound, 'RAFFLE_NOT_FOUND');
      });
      await changed(id);
    },

    /** A dated note under the prize text (which freezes at close): shown as such, never edited. */
    async addClarification(actor: AuthContext, id: string, text: string): Promise<Raffle> {
      const row = await db.transaction(async (tx) => {
        const current = await getRowFor('edit', id, actor, tx);
        const clarification = { at: new Date().toISOString(), text };
        return rafflesRepo.update(tx, id, { clarifications: [...current.clarifications, clarification] });
      });
      await changed(id);
      const [raffle] = await withStats([row], { actor });
      return raffle ?? toRaffle(row);
    },

    /**
     * Hides a raffle from the public and from the default staff list, keeping everything it has
     * (sales, payments, history, its published draw). Not an active one: it would go on selling
     * unseen. Not a closed one awaiting its draw: its published list must stay public until drawn,
     * and an archived raffle is never drawn.
     */
    async archive(actor: AuthContext, id: string): Promise<Raffle> {
      const row = await db.transaction(async (tx) => {
        const current = await rafflesRepo.findById(tx, id, { lock: 'update' });
        if (!current) throw new NotFoundError(raffleMessages.notFound, 'RAFFLE_NOT_FOUND');
        if (current.archivedAt) throw new ConflictError(raffleMessages.alreadyArchived, 'RAFFLE_ARCHIVED');
        if (current.status === 'activa')
          throw new ConflictError(raffleMessages.archiveActive, 'RAFFLE_ACTIVE');
        if (current.status === 'cerrada')
          throw new ConflictError(raffleMessages.archiveAwaitingDraw, 'RAFFLE_AWAITING_DRAW');
        // The 2.º, 3.º… are drawn after the 1.º (decision 042): hidden, they could never be drawn or checked.
        if (current.prizes.some((prize) => prize.drawn_at === null))
          throw new ConflictError(raffleMessages.archivePrizesPending, 'RAFFLE_AWAITING_DRAW');
        return rafflesRepo.update(tx, id, { archivedAt: new Date() });
      });
      await changed(id);
      const [raffle] = await withStats([row], { actor });
      return raffle ?? toRaffle(row);
    },
  };
}
