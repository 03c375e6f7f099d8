import { drawRoundFor } from '../../../domain/beacon';
import {
  type DrawInput,
  type DrawResult,
  type DrawWinner,
  drawMessages,
  type ProofResult,
} from '../../../domain/draw';
import { statusChangeRefusal } from '../../../domain/raffle-lifecycle';
import { type RaffleStatus, raffleMessages } from '../../../domain/raffles';
import type { Db, Executor } from '../../db/client';
import type { AuthContext } from '../../lib/auth-context';
import { ConflictError, NotFoundError, UnprocessableError } from '../../lib/errors';
import type { FetchRound } from '../draw-beacon/beacon.remote';
import type { InstantWinsService } from '../instant-wins/instant-wins.service';
import { decideWinningNumber } from './draw-decision';
import { mainDrawView } from './draw-view';
import { mainWinner, winnerWithContacts } from './draw-winner';
import { createPrizeDrawService, type RaffleFailed } from './prize-draw.service';
import {
  createPublishedLists,
  type ListFigures,
  type ListPage,
  listPages,
  type PublishedFile,
} from './published-lists';
import type { RaffleSales } from './raffle-sales';
import { type RaffleRow, rafflesRepo } from './raffles.repo';
import type { RafflesService } from './raffles.service';

/** The lifecycle rule for close and draw, as a 409 with its code. */
function assertChange(from: string, to: RaffleStatus, via: 'close' | 'draw') {
  const refusal = statusChangeRefusal(from as RaffleStatus, to, { hasSales: false, via });
  if (refusal) throw new ConflictError(refusal.message, refusal.code);
}

/** What closing needs from the sealing and audit modules and the beacon's settings (wired in server/app.ts). */
export type CloseHooks = {
  /** Whether an RFC 3161 authority is configured: the close then leaves the seal pending. */
  sealEnabled: boolean;
  /** A drand raffle is decided by the first round at least this long after its close. */
  beaconMarginSeconds: number;
  /** The audit chain's head ("seq:hash") when the list froze, read in the close's transaction. */
  auditHead: (tx: Executor) => Promise<string | null>;
  /** After a close commits: seal now (the background job retries); `auto` when the job closed it. */
  onClosed: (raffleId: string, how: { auto: boolean; lineCount: number }) => void;
  /** After a pre-sorteo's list is sealed at its date: its RFC 3161 seal is asked for now. */
  onPreListFrozen: (raffleId: string, position: number) => void;
  /** Storing a closed list's text failed (it is tried again when read, and by the close job's sweep). */
  onTextFailed: (raffleId: string, error: unknown) => void;
};

/** Numbers read per query when a list is published: at most as many sales, 640 KB of leaves. */
const SALES_PAGE = 20_000;
const FIGURE_KEYS = ['apartado', 'abonado', 'pagado', 'paid', 'remaining'] as const;

const noHooks: CloseHooks = {
  sealEnabled: false,
  beaconMarginSeconds: 30,
  auditHead: async () => null,
  onClosed: () => {},
  onPreListFrozen: () => {},
  onTextFailed: () => {},
};

/**
 * Verifiable draw (decision 022): closing freezes the sold list, commits to it with an RFC 6962
 * Merkle root over one line per sale (domain/verification.ts) and records when; the winner comes
 * from the declared source: an official lottery result mapped by the declared rule, or a drand
 * round fixed at close (drawn by the beacon job).
 */
export function createRaffleDrawService(deps: {
  db: Db;
  raffles: RafflesService;
  tickets: () => RaffleSales;
  /** The instant-win list and salt, published with the draw once the raffle closed (decision 041). */
  instantWins: () => InstantWinsService;
  hooks?: Partial<CloseHooks>;
  /** Numbers read per query when publishing (tests make it small to cross page boundaries). */
  salesPage?: number;
  /**
   * Pages of a close's list read at once (1 by default): on PostgreSQL two, one query on each core
   * while the tree is hashed here; PGlite runs one query at a time anyway (decision 078).
   */
  pagesInFlight?: number;
}) {
  const { db } = deps;
  const hooks = { ...noHooks, ...deps.hooks };
  const salesPage = deps.salesPage ?? SALES_PAGE;
  const lists = createPublishedLists();
  const prizes = createPrizeDrawService({
    db,
    tickets: deps.tickets,
    lists,
    beaconMarginSeconds: hooks.beaconMarginSeconds,
    sealEnabled: hooks.sealEnabled,
    auditHead: (tx) => hooks.auditHead(tx),
    changed: (id) => deps.raffles.changed(id),
    onPreListFrozen: (id, position) => hooks.onPreListFrozen(id, position),
    soldListText: (id) => listText(id),
  });

  async function view(row: RaffleRow): Promise<DrawResult> {
    const winner = await mainWinner(deps.tickets(), row);
    return {
      ...(await mainDrawView(deps.instantWins(), row, winner)),
      prizes: await prizes.views(row, winner),
    };
  }

  /**
   * Phase 1 of a close, on a raffle locked FOR UPDATE in `tx`: the raffle becomes `cerrada`. From
   * that commit on the database refuses any change to its list, so phase 2 reads and hashes it
   * outside any transaction — on PGlite, the one connection every buyer waits for.
   */
  async function freeze(tx: Executor, raffle: RaffleRow) {
    assertChange(raffle.status, 'cerrada', 'close');
    const closedAt = new Date();
    return rafflesRepo.update(tx, raffle.id, {
      status: 'cerrada',
      closedAt,
      commitmentVersion: 2,
      sealStatus: hooks.sealEnabled ? 'pendiente' : null,
      beaconRound: raffle.drawKind === 'drand' ? drawRoundFor(closedAt, hooks.beaconMarginSeconds) : null,
      auditHead: await hooks.auditHead(tx),
    });
  }

  const pages = (
    raffle: Pick<RaffleRow, 'id' | 'totalNumbers'>,
    read: { lines: boolean; figures?: boolean; inFlight?: number },
  ) =>
    listPages(
      (from, to) =>
        deps
          .tickets()
          .listPage(db, raffle.id, 'sold', { from, to, lines: read.lines, figures: read.figures }),
      { numbers: raffle.totalNumbers, pageNumbers: salesPage, inFlight: read.inFlight },
    );

  /**
   * Phase 2: the frozen list committed once. The leaves are read here in pages of numbers (short
   * queries; the database keeps each sale's hashes, migration 0026), on PostgreSQL two at once,
   * and the tree is built as each arrives; its Merkle root and line count are stored.
   * The text is stored after (`listText`, decision 078): the close answers with what it commits to.
   * With `figures`, the pages also count the list's sales per status with their money, for the
   * close's answer (null when a page had to be read as sales).
   */
  async function publish(
    raffle: Pick<RaffleRow, 'id' | 'totalNumbers'>,
    options: { figures?: boolean } = {},
  ) {
    let figures: ListFigures | null = { apartado: 0, abonado: 0, pagado: 0, paid: 0, remaining: 0 };
    async function* counting(read: AsyncIterable<ListPage>) {
      for await (const page of read) {
        const counted = 'leaves' in page ? page.figures : null;
        if (figures && counted) for (const key of FIGURE_KEYS) figures[key] += counted[key];
        else figures = null;
        yield page;
      }
    }
    const read = pages(raffle, { lines: false, figures: options.figures, inFlight: deps.pagesInFlight });
    const tree = await lists.commit(options.figures ? counting(read) : read);
    const row = await rafflesRepo.publishList(db, raffle.id, {
      drawCommitment: tree.root,
      lineCount: tree.lineCount,
    });
    return { row, figures: options.figures ? figures : null };
  }

  /**
   * Stores a committed list's text: the database builds it from the line hashes it keeps, or, when
   * a sale has none (migration 0026), the server builds it and checks it against the root.
   */
  async function storeText(raffleId: string, again = true): Promise<void> {
    const stored = await deps.tickets().storeSoldListText(db, raffleId);
    if (stored.stored) return;
    const committed = await rafflesRepo.committedList(db, raffleId);
    if (!committed || committed.hasText) return; // nothing to store, or another instance stored it
    if (stored.hashed) {
      // Committed after the pass had begun (another instance's close): one more pass.
      if (stored.lineCount === committed.lineCount && again) return storeText(raffleId, false);
      throw new Error(`sold list of ${raffleId} changed after it was committed`);
    }
    const list = await lists.build(
      pages({ id: raffleId, totalNumbers: committed.totalNumbers }, { lines: true }),
    );
    if (list.root !== committed.commitment)
      throw new Error(`sold list of ${raffleId} changed after it was committed`);
    await rafflesRepo.storeListText(db, raffleId, { text: list.text, commitment: committed.commitment });
  }

  /** The text of each list being stored here: readers and the close share one pass. */
  const storing = new Map<string, Promise<void>>();
  function ensureText(raffleId: string): Promise<void> {
    let pending = storing.get(raffleId);
    if (!pending) {
      pending = storeText(raffleId).finally(() => storing.delete(raffleId));
      storing.set(raffleId, pending);
    }
    return pending;
  }

  /** For the jobs: a text that cannot be stored is reported and tried again, not in the way of other raffles. */
  const storeTextNow = (raffleId: string) =>
    ensureText(raffleId).catch((error) => hooks.onTextFailed(raffleId, error));

  /** A committed list's text: stored now when it is not yet (read right after its close). */
  async function listText(raffleId: string): Promise<string> {
    const text = await rafflesRepo.soldListText(db, raffleId);
    if (text !== null) return text;
    await ensureText(raffleId);
    return (await rafflesRepo.soldListText(db, raffleId)) ?? '';
  }

  /**
   * What a stopped process left half done: raffles frozen whose list was not committed, and lists
   * committed whose text was not stored.
   */
  async function publishPending(): Promise<number> {
    let published = 0;
    for (const raffle of await rafflesRepo.frozenUnpublished(db)) {
      // Frozen since its close: reading its sales now gives the list it closed with.
      await publish(raffle);
      await deps.raffles.changed(raffle.id);
      await storeTextNow(raffle.id);
      published++;
    }
    for (const raffleId of await rafflesRepo.committedWithoutText(db)) await storeTextNow(raffleId);
    return published;
  }

  /**
   * The raffle whose draw a visitor may check, without its list's text (read only when a file or
   * tree needs it): one they may see, or one archived after it published its list. Archiving hides a
   * finished raffle from the listings, never the proof of its draw: the result, the sold list and each
   * number's inclusion proof stay public (a buyer who disputes a draw must still be able to check it).
   */
  async function visibleRow(id: string): Promise<RaffleRow> {
    const row = await rafflesRepo.findWithoutList(db, id);
    if (!row || !(deps.raffles.isVisible(row) || deps.raffles.archivedWithProof(row)))
      throw new NotFoundError(raffleMessages.notFound, 'RAFFLE_NOT_FOUND');
    return row;
  }

  return {
    async close(actor: AuthContext, id: string) {
      await deps.raffles.getRowFor('edit', id, actor);
      const frozen = await db.transaction(async (tx) => {
        // FOR UPDATE waits for reservations in flight (they hold KEY SHARE) and blocks new ones.
        const raffle = await rafflesRepo.findById(tx, id, { lock: 'update' });
        if (!raffle) throw new NotFoundError(raffleMessages.notFound, 'RAFFLE_NOT_FOUND');
        return freeze(tx, raffle);
      });
      const published = await publish(frozen, { figures: true });
      // The answer's figures: counted by the pages that read the leaves, with the few live sales
      // outside the list; read whole when a page came as sales (a sale the database left unhashed).
      const counted = published.figures
        ? deps
            .tickets()
            .closedStats(frozen, published.figures)
            .then((stats) => new Map([[id, stats]]))
        : deps.tickets().statsFor([frozen]);
      await deps.raffles.changed(id);
      hooks.onClosed(id, { auto: false, lineCount: published.row.lineCount ?? 0 });
      // After the answer: the text, for the published file (a download before it waits for it).
      void storeTextNow(id);
      return deps.raffles.get(id, actor, counted);
    },

    /**
     * Closes every active raffle whose closing date has passed, one transaction each. SKIP LOCKED:
     * another instance's sweep (or a staff close) holding a raffle is left to it, so none closes
     * twice. First publishes any list a stopped process left frozen but unpublished.
     */
    async closeDue(limit = 50): Promise<string[]> {
      await publishPending();
      const closed: string[] = [];
      for (const id of await rafflesRepo.dueToClose(db, limit)) {
        const frozen = await db.transaction(async (tx) => {
          const raffle = await rafflesRepo.lockDue(tx, id);
          return raffle ? freeze(tx, raffle) : null;
        });
        if (!frozen) continue;
        const published = await publish(frozen);
        closed.push(id);
        await deps.raffles.changed(id);
        hooks.onClosed(id, { auto: true, lineCount: published.row.lineCount ?? 0 });
        // Nobody waits for the job's answer: the text now, before the next raffle.
        await storeTextNow(id);
      }
      return closed;
    },

    publishPending,

    /** Once every list text being stored here is (the app waits for it before it closes). */
    async settled(): Promise<void> {
      await Promise.allSettled([...storing.values()]);
    },

    async draw(id: string, input: DrawInput) {
      if (input.prize !== undefined && input.prize !== 1)
        return view(await prizes.drawLottery(id, input.prize, input.result, input.result_at));
      const row = await db.transaction(async (tx) => {
        const raffle = await rafflesRepo.findById(tx, id, { lock: 'update' });
        if (!raffle) throw new NotFoundError(raffleMessages.notFound, 'RAFFLE_NOT_FOUND');
        // Hidden from the public, its draw could not be checked (archived before that was refused).
        if (raffle.archivedAt) throw new ConflictError(raffleMessages.archivedStatus, 'RAFFLE_ARCHIVED');
        assertChange(raffle.status, 'finalizada', 'draw');
        if (raffle.drawCommitment === null)
          throw new ConflictError(drawMessages.listPublishing, 'LIST_PUBLISHING');
        const decided = decideWinningNumber(raffle, input);
        if (decided.winningNumber >= raffle.totalNumbers) {
          throw new UnprocessableError(drawMessages.numberOutOfRange, 'NUMBER_OUT_OF_RANGE');
        }
        return rafflesRepo.update(tx, id, { status: 'finalizada', ...decided, drawnAt: new Date() });
      });
      await deps.raffles.changed(id);
      return view(row);
    },

    /**
     * The winning sale of prize `position` (1: the raffle's own) with its buyer's contact details,
     * to deliver it: staff of the raffle only, once drawn (draw-winner.ts).
     */
    async winner(actor: AuthContext, id: string, position = 1): Promise<DrawWinner | null> {
      return winnerWithContacts(
        deps.tickets(),
        await deps.raffles.getRowFor('manage-sales', id, actor),
        position,
      );
    },

    async get(id: string): Promise<DrawResult> {
      return view(await visibleRow(id));
    },

    /** The published list of a closed raffle as one file compressed once, or null before it is published. */
    async soldList(id: string): Promise<PublishedFile | null> {
      const row = await visibleRow(id);
      if (row.drawCommitment === null) return null;
      return lists.file({ raffleId: row.id, commitment: row.drawCommitment }, () => listText(row.id));
    },

    /** Pre-sorteos whose date passed get their eligible list sealed (the pre-sorteo job). */
    sealDuePreDraws: prizes.sealDuePreDraws,
    /** Drand prizes: rounds fixed when due, drawn when out (the pre-sorteo job too). */
    drawDueBeaconPrizes: (fetchRound: FetchRound, failed?: RaffleFailed) =>
      prizes.drawDueBeaconPrizes(fetchRound, failed),

    /** A pre-sorteo's sealed list as one file compressed once, or null before it is sealed. */
    async preList(id: string, position: number): Promise<PublishedFile | null> {
      return prizes.preListFile(await visibleRow(id), position);
    },

    /** The inclusion proof of `number` in a pre-sorteo's sealed list. */
    async preListProof(id: string, position: number, number: number): Promise<ProofResult> {
      return prizes.preListProof(await visibleRow(id), position, number);
    },

    /** The RFC 6962 inclusion proof of the line of `number` in a closed raffle's list. */
    async proof(id: string, number: number): Promise<ProofResult> {
      const row = await visibleRow(id);
      if (row.drawCommitment === null) {
        throw new ConflictError(drawMessages.notClosed, 'RAFFLE_NOT_CLOSED');
      }
      if (row.commitmentVersion !== 2) {
        throw new ConflictError(drawMessages.flatCommitment, 'COMMITMENT_V1');
      }
      const proof = await lists.proof(
        { raffleId: row.id, commitment: row.drawCommitment },
        () => listText(row.id),
        number,
      );
      if (!proof) throw new NotFoundError(drawMessages.notInList, 'NOT_IN_LIST');
      return proof;
    },
  };
}

export type RaffleDrawService = ReturnType<typeof createRaffleDrawService>;
