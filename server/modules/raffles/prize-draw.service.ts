import { createHash } from 'node:crypto';
import { drawRoundFor, numberOnLine, roundTime, winnerIndex } from '../../../domain/beacon';
import type { DrawResult, ProofResult } from '../../../domain/draw';
import { drawMessages } from '../../../domain/draw-messages';
import { maskName } from '../../../domain/privacy';
import { pendingEarlierPrize, prizeMessages, type StoredPrize } from '../../../domain/prize-rules';
import { isClosedStatus } from '../../../domain/raffle-lifecycle';
import { raffleMessages } from '../../../domain/raffles';
import { saleLine, soldListLines } from '../../../domain/verification';
import type { Db, Executor } from '../../db/client';
import { ConflictError, NotFoundError } from '../../lib/errors';
import type { FetchRound } from '../draw-beacon/beacon.remote';
import { holderOf as holderOfSale } from './draw-winner';
import {
  lotteryNumber,
  nextResultAt,
  prizeSlots,
  prizeToDraw,
  recordOutcome,
  type SourceOutcome,
} from './prize-draws';
import { prizesRepo } from './prizes.repo';
import { listPages, type PublishedFile, type PublishedLists } from './published-lists';
import { prizeViews } from './raffle-prizes';
import type { RaffleSales } from './raffle-sales';
import { type RaffleRow, rafflesRepo } from './raffles.repo';

const sha256 = (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest());
const PAGE = 20_000;
/** Raffles with a pending drand prize read per query by the prize job. */
const PENDING_PAGE = 50;

/** Told of a raffle whose part of a job's pass failed (the others went on). */
export type RaffleFailed = (raffleId: string, error: unknown) => void;

/**
 * A job's pass, raffle by raffle: one that fails is told to `failed` and the pass goes on, so a
 * raffle whose work keeps failing cannot leave every later raffle's pre-sorteo unsealed past its
 * date or its prize undrawn. Without `failed`, the failures are thrown together at the end.
 */
async function eachRaffle(
  ids: Iterable<string> | AsyncIterable<string>,
  failed: RaffleFailed | undefined,
  work: (raffleId: string) => Promise<void>,
) {
  const errors: unknown[] = [];
  for await (const id of ids) {
    try {
      await work(id);
    } catch (error) {
      if (failed) failed(id, error);
      else errors.push(error);
    }
  }
  if (errors.length > 0) throw new AggregateError(errors, `${errors.length} raffle(s) failed in this pass`);
}

/**
 * The additional prizes' draws and the pre-sorteos (decision 042). Every decision is taken on the
 * raffle row locked FOR UPDATE; what needs another query (the winner's masked name, a list's text,
 * a drand round) is read before the transaction and re-checked under the lock, because on PGlite
 * a query outside an open transaction would wait for it (decision 004).
 */
export function createPrizeDrawService(deps: {
  db: Db;
  tickets: () => RaffleSales;
  lists: PublishedLists;
  beaconMarginSeconds: number;
  /** An RFC 3161 authority is configured: a pre-sorteo's list is sealed 'pendiente', then stamped. */
  sealEnabled: boolean;
  auditHead: (tx: Executor) => Promise<string | null>;
  changed: (raffleId: string) => Promise<void>;
  onPreListFrozen: (raffleId: string, position: number) => void;
  /** The text of the list published at close (stored after the close's answer, decision 078). */
  soldListText: (raffleId: string) => Promise<string>;
}) {
  const { db } = deps;

  /** The holder of a number now, masked, with their sale's list line (null: nobody holds it). */
  async function holderOf(raffleId: string, number: number) {
    const ticket = await holderOfSale(deps.tickets(), raffleId, number);
    if (!ticket) return null;
    const masked = { ticket_number: ticket.ticketNumber, buyer_name_masked: maskName(ticket.buyerName) };
    const line = saleLine(sha256, {
      ticketNumber: ticket.ticketNumber,
      verificationCode: ticket.verificationCode,
      cedula: ticket.buyerCedula,
    });
    return { masked, line, saleId: ticket.id };
  }

  /** The lines a prize is drawn from: the pre-sorteo's sealed list, or the list published at close. */
  async function linesFor(
    row: RaffleRow,
    position: number,
  ): Promise<{ lines: string[]; root: string | null }> {
    const prize = row.prizes[position - 2] as StoredPrize;
    if (prize.pre_list) {
      const text = (await prizesRepo.preListText(db, row.id, position)) ?? '';
      return { lines: soldListLines(text), root: prize.pre_list.commitment };
    }
    return {
      lines: soldListLines(await deps.soldListText(row.id)),
      root: row.drawCommitment,
    };
  }

  /**
   * Records what the source gave under the raffle's lock, if the prize is still exactly as it was
   * read (same round, same results passed over); returns the row after, or null when it moved on.
   */
  async function record(
    id: string,
    before: RaffleRow,
    position: number,
    outcome: SourceOutcome,
    extra: Partial<StoredPrize> = {},
  ) {
    const number = outcome.number;
    const [current, lines] = await Promise.all([
      number === null ? null : holderOf(id, number),
      (before.prizes[position - 2] as StoredPrize).pre_list && number !== null
        ? linesFor(before, position).then((list) => list.lines)
        : null,
    ]);
    // A pre-sorteo's list names sales, not numbers: the number is eligible only while the sale
    // sealed on it still holds it (not one sold again, or handed to another cédula, since).
    const eligible =
      lines === null ||
      (current !== null ? lines.includes(current.line) : lines.some((l) => numberOnLine(l) === number));
    const holder = current?.masked ?? null;
    return db.transaction(async (tx) => {
      const row = await rafflesRepo.findById(tx, id, { lock: 'update' });
      if (!row) throw new NotFoundError(raffleMessages.notFound, 'RAFFLE_NOT_FOUND');
      const prize = prizeToDraw(row, position);
      const was = before.prizes[position - 2] as StoredPrize;
      if (prize.skipped.length !== was.skipped.length || prize.beacon_round !== was.beacon_round) return null;
      const done = recordOutcome(row, position, outcome, { eligible: () => eligible, winner: () => holder });
      if (!done.waitsForNext) {
        const won = done.prizes[position - 2] as StoredPrize;
        // Which sale won, for staff's winner (raffle-draw.service.ts): the number may change hands later.
        Object.assign(won, extra, { winner_sale_id: won.winner_masked ? (current?.saleId ?? null) : null });
      }
      return rafflesRepo.update(tx, id, { prizes: done.prizes });
    });
  }

  return {
    /** `POST /draw` with `prize` ≥ 2: a lottery result typed by staff after the prize's draw_at. */
    async drawLottery(
      id: string,
      position: number,
      result: string | undefined,
      resultAt?: string,
    ): Promise<RaffleRow> {
      const before = await rafflesRepo.findWithoutList(db, id);
      if (!before) throw new NotFoundError(raffleMessages.notFound, 'RAFFLE_NOT_FOUND');
      if (before.archivedAt) throw new ConflictError(raffleMessages.archivedStatus, 'RAFFLE_ARCHIVED');
      const prize = prizeToDraw(before, position);
      const number = lotteryNumber(before, prize, result);
      const at = nextResultAt(prize, resultAt);
      const after = await record(id, before, position, {
        result: result ?? null,
        round: null,
        number,
        resultAt: at,
      });
      if (!after) throw new ConflictError(prizeMessages.alreadyDrawn, 'ALREADY_DRAWN');
      await deps.changed(id);
      return after;
    },

    /** The draw view's prizes: position 1 with its winner looked up now, the others as drawn. */
    async views(row: RaffleRow, mainWinner: DrawResult['winner']) {
      const [main, ...rest] = prizeViews(row);
      return [
        {
          ...(main as ReturnType<typeof prizeViews>[number]),
          winner: mainWinner
            ? { ticket_number: mainWinner.ticket_number, buyer_name_masked: mainWinner.buyer_name_masked }
            : null,
        },
        ...rest,
      ];
    },

    /**
     * Seals every pre-sorteo whose date passed: under the raffle's lock (SKIP LOCKED: another
     * instance holding it does it), the sales fully paid at its date are recorded as its list
     * (migration 0039: the database keeps them on it until the pre-sorteo is drawn), hashed like a
     * close's (published-lists.ts), stored once with its Merkle root, line count, time and audit
     * head; a drand pre-sorteo's round is fixed then. Returns the raffles sealed.
     */
    async sealDuePreDraws(failed?: RaffleFailed): Promise<string[]> {
      const sealed: string[] = [];
      await eachRaffle(await prizesRepo.dueForPreDraw(db), failed, async (id) => {
        const frozen = await db.transaction(async (tx) => {
          const row = await rafflesRepo.lockIfFree(tx, id);
          if (!row) return [];
          const now = new Date();
          const prizes = row.prizes.map((p) => ({ ...p }));
          const positions: number[] = [];
          for (const [i, prize] of prizes.entries()) {
            if (!prize.pre_draw_at || prize.pre_list || new Date(prize.pre_draw_at) > now) continue;
            // The numbers fully paid at its date, however late this pass runs, recorded as the list.
            const position = i + 2;
            await deps.tickets().recordPreDrawList(tx, id, position, new Date(prize.pre_draw_at));
            const read = (from: number, to: number) =>
              deps.tickets().listPage(tx, id, { preDraw: position }, { from, to, lines: true });
            const range = { numbers: row.totalNumbers, pageNumbers: PAGE };
            const list = await deps.lists.build(listPages(read, range));
            await prizesRepo.insertPreList(tx, {
              raffleId: id,
              position,
              text: list.text,
              commitment: list.root,
              sealStatus: deps.sealEnabled ? 'pendiente' : null,
            });
            prize.pre_list = {
              frozen_at: now.toISOString(),
              commitment: list.root,
              line_count: list.lineCount,
              audit_head: await deps.auditHead(tx),
              seal: deps.sealEnabled ? { status: 'pendiente', authority: null, time: null } : null,
            };
            if (prize.draw_kind === 'drand') prize.beacon_round = drawRoundFor(now, deps.beaconMarginSeconds);
            positions.push(position);
          }
          if (positions.length > 0) await rafflesRepo.update(tx, id, { prizes });
          return positions;
        });
        if (frozen.length > 0) {
          sealed.push(id);
          for (const position of frozen) deps.onPreListFrozen(id, position);
          await deps.changed(id);
        }
      });
      return sealed;
    },

    /**
     * One pass over the drand prizes: a main prize whose turn came (the raffle closed, every
     * earlier main prize drawn) gets its round fixed — the first at least the margin after now,
     * unknown to anyone yet —; a prize whose round is out is drawn from it (fetched and verified
     * outside any transaction) over its list, like the main draw (decision 024).
     */
    async drawDueBeaconPrizes(
      fetchRound: FetchRound,
      failed?: RaffleFailed,
    ): Promise<{ raffleId: string; position: number }[]> {
      const drawn: { raffleId: string; position: number }[] = [];
      await eachRaffle(pendingBeaconRaffles(), failed, async (id) => {
        const row = await rafflesRepo.findWithoutList(db, id);
        if (!row) return;
        for (const [i, prize] of row.prizes.entries()) {
          const position = i + 2;
          if (prize.draw_kind !== 'drand' || prize.drawn_at) continue;
          if (prize.beacon_round === null) {
            const due =
              !prize.pre_draw_at &&
              isClosedStatus(row.status) &&
              row.drawCommitment !== null &&
              pendingEarlierPrize(prizeSlots(row), position) === null;
            if (due) await fixRound(id, position);
            continue;
          }
          const round = prize.beacon_round;
          if (roundTime(round).getTime() > Date.now()) continue;
          const beacon = await fetchRound(round);
          const { lines, root } = await linesFor(row, position);
          const number =
            lines.length === 0 || !root
              ? null
              : numberOnLine(lines[winnerIndex(sha256, beacon.randomness, root, lines.length)] as string);
          const after = await record(
            id,
            row,
            position,
            { result: null, round, number },
            {
              beacon_randomness: beacon.randomness,
              beacon_signature: beacon.signature,
            },
          );
          if (after) {
            // A round passed over (its number already won) leaves the prize waiting for the next.
            if (after.prizes[position - 2]?.drawn_at) drawn.push({ raffleId: id, position });
            await deps.changed(id);
          }
          break; // the next prize's turn is looked at on the next pass, from the row as it is then
        }
      });
      return drawn;
    },

    /** A pre-sorteo's sealed list, compressed once (null before it is sealed). */
    async preListFile(row: RaffleRow, position: number): Promise<PublishedFile | null> {
      const sealed = sealedPreList(row, position);
      return sealed ? deps.lists.file(sealed.key, sealed.text) : null;
    },

    /**
     * The RFC 6962 inclusion proof of `number`'s line in a pre-sorteo's sealed list: a buyer checks
     * their number took part with ~20 hashes, as in the close's list (the same tree code).
     */
    async preListProof(row: RaffleRow, position: number, number: number): Promise<ProofResult> {
      const sealed = sealedPreList(row, position);
      if (!sealed) throw new ConflictError(prizeMessages.preDrawNotFrozen, 'PRE_DRAW_NOT_SEALED');
      const proof = await deps.lists.proof(sealed.key, sealed.text, number);
      if (!proof) throw new NotFoundError(drawMessages.notInList, 'NOT_IN_LIST');
      return proof;
    },
  };

  /** A pre-sorteo's sealed list: its cache key (a root of its own) and how to read its text. */
  function sealedPreList(row: RaffleRow, position: number) {
    const prize = row.prizes[position - 2];
    if (!prize) throw new NotFoundError(prizeMessages.noSuchPrize, 'PRIZE_NOT_FOUND');
    if (!prize.pre_draw_at) throw new NotFoundError(prizeMessages.noPreList, 'PRIZE_NOT_FOUND');
    if (!prize.pre_list) return null;
    return {
      key: { raffleId: `${row.id}:pre${position}`, commitment: prize.pre_list.commitment },
      text: async () => (await prizesRepo.preListText(db, row.id, position)) ?? '',
    };
  }

  /** Every raffle the drand prizes job may act on, read in pages of ids. */
  async function* pendingBeaconRaffles() {
    let after: string | null = null;
    for (;;) {
      const ids = await prizesRepo.withPendingBeaconPrize(db, after, PENDING_PAGE);
      yield* ids;
      if (ids.length < PENDING_PAGE) return;
      after = ids[ids.length - 1] as string;
    }
  }

  async function fixRound(id: string, position: number) {
    await db.transaction(async (tx) => {
      const row = await rafflesRepo.findById(tx, id, { lock: 'update' });
      const prize = row?.prizes[position - 2];
      if (!row || !prize || prize.beacon_round !== null || prize.drawn_at) return;
      const prizes = row.prizes.map((p) => ({ ...p }));
      (prizes[position - 2] as StoredPrize).beacon_round = drawRoundFor(new Date(), deps.beaconMarginSeconds);
      await rafflesRepo.update(tx, id, { prizes });
    });
    await deps.changed(id);
  }
}

export type PrizeDrawService = ReturnType<typeof createPrizeDrawService>;
