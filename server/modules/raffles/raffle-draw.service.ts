import { drawRoundFor, QUICKNET, roundTime } from '../../../domain/beacon';
import {
  type DrawInput,
  type DrawResult,
  type DrawWinner,
  drawMessages,
  type ProofResult,
} from '../../../domain/draw';
import { drawTermsMessages, lotteryRuleText, numberFromLotteryResult } from '../../../domain/draw-terms';
import { maskName } from '../../../domain/privacy';
import { type RaffleStatus, raffleMessages, statusChangeRefusal } from '../../../domain/raffles';
import { saleLine, soldListText, toHex } from '../../../domain/verification';
import type { Db, Executor } from '../../db/client';
import type { AuthContext } from '../../lib/auth-context';
import { ConflictError, NotFoundError, UnprocessableError } from '../../lib/errors';
import { sealView } from '../draw-seal/draw-seal.service';
import { nodeSha256 } from '../receipts/receipt-signer';
import { createProofTrees } from './proof-trees';
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
};

const noHooks: CloseHooks = {
  sealEnabled: false,
  beaconMarginSeconds: 30,
  auditHead: async () => null,
  onClosed: () => {},
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
  hooks?: Partial<CloseHooks>;
}) {
  const { db } = deps;
  const hooks = { ...noHooks, ...deps.hooks };
  const trees = createProofTrees();

  async function view(row: RaffleRow): Promise<DrawResult> {
    let winner: DrawResult['winner'] = null;
    if (row.winningNumber !== null) {
      const ticket = await deps.tickets().findByNumber(row.id, row.winningNumber);
      if (ticket && ticket.status !== 'disponible' && ticket.status !== 'cancelado') {
        winner = {
          number: ticket.number,
          ticket_number: ticket.ticketNumber,
          status: ticket.status,
          buyer_name_masked: maskName(ticket.buyerName),
        };
      }
    }
    const iso = (d: Date | null) => d?.toISOString() ?? null;
    return {
      draw_source: row.drawSource,
      draw_commitment: row.drawCommitment,
      sold_list: row.drawSoldList,
      sold_list_url: row.drawCommitment !== null ? `/api/raffles/${row.id}/sold-list.txt` : null,
      commitment_version: row.commitmentVersion,
      line_count: row.lineCount,
      closed_at: iso(row.closedAt),
      timestamp: sealView(row),
      source: {
        kind: row.drawKind as DrawResult['source']['kind'],
        lottery: row.drawLottery,
        draw_at: iso(row.drawAt),
        rule: row.drawRule,
        rule_text: row.drawRule ? lotteryRuleText(row.drawRule, row.digitCount, row.totalNumbers) : null,
        beacon:
          row.beaconRound !== null
            ? {
                round: row.beaconRound,
                randomness: row.beaconRandomness,
                signature: row.beaconSignature,
                chain_hash: QUICKNET.chainHash,
                time: roundTime(row.beaconRound).toISOString(),
              }
            : null,
      },
      result: row.drawResult,
      winning_number: row.winningNumber,
      drawn_at: iso(row.drawnAt),
      audit_head: row.auditHead,
      winner,
    };
  }

  /** Freezes and commits the sold list of a raffle locked FOR UPDATE in `tx`. */
  async function closeLocked(tx: Executor, raffle: RaffleRow): Promise<RaffleRow> {
    assertChange(raffle.status, 'cerrada', 'close');
    const sold = await deps.tickets().soldTickets(tx, raffle.id);
    const lines = sold.map((t) =>
      saleLine(nodeSha256, {
        ticketNumber: t.ticketNumber,
        verificationCode: t.verificationCode,
        cedula: t.buyerCedula,
      }),
    );
    const closedAt = new Date();
    return rafflesRepo.update(tx, raffle.id, {
      status: 'cerrada',
      drawSoldList: soldListText(lines),
      drawCommitment: toHex(trees.rootOf(lines)),
      commitmentVersion: 2,
      lineCount: lines.length,
      closedAt,
      sealStatus: hooks.sealEnabled ? 'pendiente' : null,
      beaconRound: raffle.drawKind === 'drand' ? drawRoundFor(closedAt, hooks.beaconMarginSeconds) : null,
      auditHead: await hooks.auditHead(tx),
    });
  }

  return {
    async close(actor: AuthContext, id: string) {
      await deps.raffles.getRowFor('edit', id, actor);
      const closed = await db.transaction(async (tx) => {
        // FOR UPDATE waits for reservations in flight (they hold KEY SHARE) and blocks new ones.
        const raffle = await rafflesRepo.findById(tx, id, { lock: 'update' });
        if (!raffle) throw new NotFoundError(raffleMessages.notFound, 'RAFFLE_NOT_FOUND');
        return closeLocked(tx, raffle);
      });
      await deps.raffles.changed(id);
      hooks.onClosed(id, { auto: false, lineCount: closed.lineCount ?? 0 });
      return deps.raffles.get(id, actor);
    },

    /**
     * Closes every active raffle whose closing date has passed, one transaction each. SKIP LOCKED:
     * another instance's sweep (or a staff close) holding a raffle is left to it, so none closes twice.
     */
    async closeDue(limit = 50): Promise<string[]> {
      const closed: string[] = [];
      for (const id of await rafflesRepo.dueToClose(db, limit)) {
        const done = await db.transaction(async (tx) => {
          const raffle = await rafflesRepo.lockDue(tx, id);
          return raffle ? closeLocked(tx, raffle) : null;
        });
        if (done) {
          closed.push(id);
          await deps.raffles.changed(id);
          hooks.onClosed(id, { auto: true, lineCount: done.lineCount ?? 0 });
        }
      }
      return closed;
    },

    async draw(id: string, input: DrawInput) {
      const row = await db.transaction(async (tx) => {
        const raffle = await rafflesRepo.findById(tx, id, { lock: 'update' });
        if (!raffle) throw new NotFoundError(raffleMessages.notFound, 'RAFFLE_NOT_FOUND');
        assertChange(raffle.status, 'finalizada', 'draw');
        const decided = decide(raffle, input);
        if (decided.winningNumber >= raffle.totalNumbers) {
          throw new UnprocessableError(drawMessages.numberOutOfRange, 'NUMBER_OUT_OF_RANGE');
        }
        return rafflesRepo.update(tx, id, { status: 'finalizada', ...decided, drawnAt: new Date() });
      });
      await deps.raffles.changed(id);
      return view(row);
    },

    /** The winning sale with its buyer's contact details: staff of the raffle only, after the draw. */
    async winner(actor: AuthContext, id: string): Promise<DrawWinner | null> {
      const row = await deps.raffles.getRowFor('manage-sales', id, actor);
      if (row.winningNumber === null) return null;
      const ticket = await deps.tickets().findByNumber(row.id, row.winningNumber);
      if (!ticket || ticket.status === 'disponible' || ticket.status === 'cancelado') return null;
      return {
        number: ticket.number,
        ticket_number: ticket.ticketNumber,
        status: ticket.status,
        buyer_name: ticket.buyerName,
        buyer_phone: ticket.buyerPhone,
        buyer_cedula: ticket.buyerCedula,
        buyer_email: ticket.buyerEmail,
        total_paid_cents: ticket.totalPaidCents,
        remaining_cents: ticket.remainingCents,
      };
    },

    async get(id: string): Promise<DrawResult> {
      return view(await deps.raffles.getVisibleRow(id));
    },

    /** The published list of a closed raffle (its exact bytes), or null before close. */
    async soldList(id: string): Promise<{ text: string; commitment: string } | null> {
      const row = await deps.raffles.getVisibleRow(id);
      if (row.drawCommitment === null || row.drawSoldList === null) return null;
      return { text: row.drawSoldList, commitment: row.drawCommitment };
    },

    /** The RFC 6962 inclusion proof of the line of `number` in a closed raffle's list. */
    async proof(id: string, number: number): Promise<ProofResult> {
      const row = await deps.raffles.getVisibleRow(id);
      if (row.drawCommitment === null || row.drawSoldList === null) {
        throw new ConflictError(drawMessages.notClosed, 'RAFFLE_NOT_CLOSED');
      }
      if (row.commitmentVersion !== 2) {
        throw new ConflictError(drawMessages.flatCommitment, 'COMMITMENT_V1');
      }
      const proof = trees.proof(row.id, row.drawCommitment, row.drawSoldList, number);
      if (!proof) throw new NotFoundError(drawMessages.notInList, 'NOT_IN_LIST');
      return proof;
    },
  };

  /** The winning number (and the result as published) the declared source gives. */
  function decide(raffle: RaffleRow, input: DrawInput): { winningNumber: number; drawResult?: string } {
    if (raffle.drawKind === 'drand')
      throw new ConflictError(drawTermsMessages.beaconDrawsItself, 'BEACON_DRAW');
    if (raffle.drawKind === 'loteria') {
      if (input.result === undefined) {
        const message = drawTermsMessages.resultRequired;
        throw new UnprocessableError(message, 'VALIDATION_ERROR', { fields: [{ path: 'result', message }] });
      }
      if (raffle.drawAt && raffle.drawAt.getTime() > Date.now()) {
        throw new ConflictError(drawTermsMessages.resultTooEarly, 'DRAW_TOO_EARLY', {
          draw_at: raffle.drawAt.toISOString(),
        });
      }
      const derived = numberFromLotteryResult(raffle.drawRule ?? '', input.result, raffle);
      if (!derived.ok) {
        throw new UnprocessableError(derived.message, 'VALIDATION_ERROR', {
          fields: [{ path: 'result', message: derived.message }],
        });
      }
      return { winningNumber: derived.number, drawResult: input.result };
    }
    if (input.winning_number === undefined) {
      const message = drawTermsMessages.legacyNeedsNumber;
      throw new UnprocessableError(message, 'VALIDATION_ERROR', {
        fields: [{ path: 'winning_number', message }],
      });
    }
    return { winningNumber: input.winning_number };
  }
}

export type RaffleDrawService = ReturnType<typeof createRaffleDrawService>;
