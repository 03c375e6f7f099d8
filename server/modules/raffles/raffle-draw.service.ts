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
import { createPublishedLists, listPages, type PublishedFile } from './published-lists';
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
};

/** Numbers read per query when a list is published: at most as many sales, 640 KB of leaves. */
const SALES_PAGE = 20_000;

const noHooks: CloseHooks = {
  sealEnabled: false,
  beaconMarginSeconds: 30,
  auditHead: async () => null,
  onClosed: () => {},
  onPreListFrozen: () => {},
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

  /**
   * Phase 2: the frozen list published once. The database builds and stores its text from the
   * line hashes it keeps while the leaves are read here in pages of numbers (short queries) and the
   * tree is built as each arrives; then the Merkle root and line count are stored. A list with a
   * sale the database could not hash (migration 0026) is built here whole. Answers the published
   * row and, when the database stored the text, the raffle's figures counted in that same pass.
   */
  async function publish(raffle: Pick<RaffleRow, 'id' | 'totalNumbers'>) {
    const raffleId = raffle.id;
    const pages = (lines: boolean) =>
      listPages((from, to) => deps.tickets().listPage(db, raffleId, 'sold', { from, to, lines }), {
        numbers: raffle.totalNumbers,
        pageNumbers: salesPage,
      });
    const [text, tree] = await Promise.all([
      deps.tickets().storeSoldListText(db, raffle),
      lists.commit(pages(false)),
    ]);
    if (text.stored) {
      if (text.lineCount !== tree.lineCount)
        throw new Error(`sold list of ${raffleId} changed while published`);
      const row = await rafflesRepo.publishList(db, raffleId, {
        drawCommitment: tree.root,
        lineCount: tree.lineCount,
      });
      return { row, stats: text.stats };
    }
    const list = await lists.build(pages(true));
    const row = await rafflesRepo.publishList(db, raffleId, {
      drawSoldList: list.text,
      drawCommitment: list.root,
      lineCount: list.lineCount,
    });
    return { row, stats: null };
  }

  /** A raffle frozen whose list was not published (the process stopped between the phases). */
  async function publishPending(): Promise<number> {
    let published = 0;
    for (const raffle of await rafflesRepo.frozenUnpublished(db)) {
      // Frozen since its close: reading its sales now gives the list it closed with.
      await publish(raffle);
      await deps.raffles.changed(raffle.id);
      published++;
    }
    return published;
  }

  /** The raffle a visitor may see, without its list's text (read only when a file or tree needs it). */
  async function visibleRow(id: string): Promise<RaffleRow> {
    const row = await rafflesRepo.findWithoutList(db, id);
    if (!row || !deps.raffles.isVisible(row))
      throw new NotFoundError(raffleMessages.notFound, 'RAFFLE_NOT_FOUND');
    return row;
  }
  const listText = (id: string) => async () => (await rafflesRepo.soldListText(db, id)) ?? '';

  return {
    async close(actor: AuthContext, id: string) {
      await deps.raffles.getRowFor('edit', id, actor);
      const frozen = await db.transaction(async (tx) => {
        // FOR UPDATE waits for reservations in flight (they hold KEY SHARE) and blocks new ones.
        const raffle = await rafflesRepo.findById(tx, id, { lock: 'update' });
        if (!raffle) throw new NotFoundError(raffleMessages.notFound, 'RAFFLE_NOT_FOUND');
        return freeze(tx, raffle);
      });
      const published = await publish(frozen);
      // The answer's figures: counted in the pass that stored the text (a close changes no sale),
      // or, when the server built the text, read now.
      const counted = published.stats
        ? Promise.resolve(new Map([[frozen.id, published.stats]]))
        : deps.tickets().statsFor([frozen]);
      await deps.raffles.changed(id);
      hooks.onClosed(id, { auto: false, lineCount: published.row.lineCount ?? 0 });
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
      }
      return closed;
    },

    publishPending,

    async draw(id: string, input: DrawInput) {
      if (input.prize !== undefined && input.prize !== 1)
        return view(await prizes.drawLottery(id, input.prize, input.result));
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
      return lists.file({ raffleId: row.id, commitment: row.drawCommitment }, listText(row.id));
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
        listText(row.id),
        number,
      );
      if (!proof) throw new NotFoundError(drawMessages.notInList, 'NOT_IN_LIST');
      return proof;
    },
  };
}

export type RaffleDrawService = ReturnType<typeof createRaffleDrawService>;
