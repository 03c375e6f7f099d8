import { createHash } from 'node:crypto';
import { type DrawResult, type DrawWinner, drawMessages } from '../../../domain/draw';
import { maskName } from '../../../domain/privacy';
import { type RaffleStatus, raffleMessages, statusChangeRefusal } from '../../../domain/raffles';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../lib/auth-context';
import { ConflictError, NotFoundError, UnprocessableError } from '../../lib/errors';
import type { RaffleSales } from './raffle-sales';
import { type RaffleRow, rafflesRepo } from './raffles.repo';
import type { RafflesService } from './raffles.service';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * One line per sale in the published list: the ticket number and a hash of the secret ticket id
 * with the buyer's cedula. No payment status: payments go on after close (decision 010).
 */
export const soldListLine = (t: { id: string; ticketNumber: string; buyerCedula: string | null }) =>
  `${t.ticketNumber}:${sha256(`${t.id}:${t.buyerCedula ?? ''}`)}`;

/** The lifecycle rule for close and draw, as a 409 with its code. */
function assertChange(from: string, to: RaffleStatus, via: 'close' | 'draw') {
  const refusal = statusChangeRefusal(from as RaffleStatus, to, { hasSales: false, via });
  if (refusal) throw new ConflictError(refusal.message, refusal.code);
}

/**
 * Verifiable draw: closing publishes the sold list and its SHA-256; the winner comes from the
 * official lottery result named in draw_source, so anyone can recompute and check.
 */
export function createRaffleDrawService(deps: {
  db: Db;
  raffles: RafflesService;
  tickets: () => RaffleSales;
}) {
  const { db } = deps;

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
    return {
      draw_source: row.drawSource,
      draw_commitment: row.drawCommitment,
      sold_list: row.drawSoldList,
      winning_number: row.winningNumber,
      drawn_at: row.drawnAt?.toISOString() ?? null,
      winner,
    };
  }

  return {
    async close(actor: AuthContext, id: string) {
      await deps.raffles.getRowFor('edit', id, actor);
      const row = await db.transaction(async (tx) => {
        // FOR UPDATE waits for reservations in flight (they hold KEY SHARE) and blocks new ones.
        const raffle = await rafflesRepo.findById(tx, id, { lock: 'update' });
        if (!raffle) throw new NotFoundError(raffleMessages.notFound, 'RAFFLE_NOT_FOUND');
        assertChange(raffle.status, 'cerrada', 'close');
        const sold = await deps.tickets().soldTickets(tx, id);
        const soldList = sold.map(soldListLine).join('\n');
        return rafflesRepo.update(tx, id, {
          status: 'cerrada',
          drawSoldList: soldList,
          drawCommitment: sha256(soldList),
        });
      });
      return deps.raffles.get(row.id, actor);
    },

    async draw(id: string, winningNumber: number) {
      const row = await db.transaction(async (tx) => {
        const raffle = await rafflesRepo.findById(tx, id, { lock: 'update' });
        if (!raffle) throw new NotFoundError(raffleMessages.notFound, 'RAFFLE_NOT_FOUND');
        assertChange(raffle.status, 'finalizada', 'draw');
        if (winningNumber >= raffle.totalNumbers) {
          throw new UnprocessableError(drawMessages.numberOutOfRange, 'NUMBER_OUT_OF_RANGE');
        }
        return rafflesRepo.update(tx, id, { status: 'finalizada', winningNumber, drawnAt: new Date() });
      });
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
  };
}

export type RaffleDrawService = ReturnType<typeof createRaffleDrawService>;
