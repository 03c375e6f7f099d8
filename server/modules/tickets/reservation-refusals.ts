import { raffleMessages } from '../../../domain/raffles';
import { reservationMessages } from '../../../domain/reservations';
import { padTicketNumber } from '../../../domain/tickets';
import { type AppError, ConflictError, NotFoundError, UnprocessableError } from '../../lib/errors';
import type { ReservationRefusal } from './reservations.repo';

/**
 * The answer to a request `reserve_sales` refused. The function decides why (the reservation rules
 * live there alone, migration 0008); this only puts the reason in the buyer's words.
 */
export function refusalError({ code, numbers, digits }: ReservationRefusal): AppError {
  switch (code) {
    case 'RAFFLE_NOT_FOUND':
      return new NotFoundError(raffleMessages.notFound, code);
    case 'RAFFLE_CLOSED':
      return new ConflictError(raffleMessages.closed, code);
    case 'RAFFLE_NOT_OPEN':
      return new ConflictError(raffleMessages.notOpen, code);
    case 'BUYER_LIMIT': {
      const [max = 0, held = 0] = numbers; // the function sends the cap and what the buyer holds
      return new ConflictError(reservationMessages.buyerLimit(max, held), code, {
        max_numbers_per_buyer: max,
        held,
      });
    }
    case 'PRICES_CHANGED':
      return new ConflictError(reservationMessages.pricesChanged, code);
    case 'NUMBERS_OUT_OF_RANGE':
      return new UnprocessableError(reservationMessages.outOfRange, code, { numbers });
    case 'TICKETS_UNAVAILABLE':
      return new ConflictError(
        reservationMessages.unavailable(numbers.map((n) => padTicketNumber(n, digits))),
        code,
        { numbers },
      );
  }
}
