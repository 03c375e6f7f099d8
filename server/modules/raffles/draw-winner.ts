import type { DrawResult, DrawWinner } from '../../../domain/draw';
import { maskName } from '../../../domain/privacy';
import { prizeMessages, type StoredPrize } from '../../../domain/prize-rules';
import { NotFoundError } from '../../lib/errors';
import type { RaffleSales } from './raffle-sales';
import type { RaffleRow } from './raffles.repo';

/** The sale holding `number` now, if any: a released or cancelled sale holds nothing. */
export async function holderOf(sales: Pick<RaffleSales, 'findByNumber'>, raffleId: string, number: number) {
  const ticket = await sales.findByNumber(raffleId, number);
  return ticket && ticket.status !== 'disponible' && ticket.status !== 'cancelado' ? ticket : null;
}

/** The raffle's own winner as the public sees it: number, status and masked name. */
export async function mainWinner(
  sales: Pick<RaffleSales, 'findByNumber'>,
  row: RaffleRow,
): Promise<DrawResult['winner']> {
  const ticket = row.winningNumber === null ? null : await holderOf(sales, row.id, row.winningNumber);
  if (!ticket) return null;
  return {
    number: ticket.number,
    ticket_number: ticket.ticketNumber,
    status: ticket.status,
    buyer_name_masked: maskName(ticket.buyerName),
  };
}

/**
 * The winning sale of prize `position` (1: the raffle's own) with its buyer's contact details, to
 * deliver it. A later prize's winner is the sale that held the number when it was drawn: null when
 * nobody won it, or another buyer holds it now.
 */
export async function winnerWithContacts(
  sales: Pick<RaffleSales, 'findByNumber'>,
  row: RaffleRow,
  position: number,
): Promise<DrawWinner | null> {
  const drawn = position === 1 ? null : (row.prizes[position - 2] as StoredPrize | undefined);
  if (position > 1 && !drawn) throw new NotFoundError(prizeMessages.noSuchPrize, 'PRIZE_NOT_FOUND');
  const number = drawn ? (drawn.winner_masked ? drawn.winning_number : null) : row.winningNumber;
  if (number === null) return null;
  const ticket = await holderOf(sales, row.id, number);
  if (!ticket) return null;
  // A later prize (a pre-sorteo drawn while the raffle still sells): its winner is the sale that
  // held the number at its draw; released since, whoever holds the number now is no winner.
  // Prizes drawn before the sale was kept are matched by the masked name, as they were.
  if (
    drawn?.winner_sale_id
      ? ticket.id !== drawn.winner_sale_id
      : drawn && maskName(ticket.buyerName) !== drawn.winner_masked?.buyer_name_masked
  )
    return null;
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
}
