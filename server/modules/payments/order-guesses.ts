import { messages } from '../../../domain/messages';
import { TooManyRequestsError } from '../../lib/errors';
import type { MissBudget } from '../../lib/miss-budget';

/** Past an order code's misses of the hour: 429, the same for a right or a wrong cédula. */
export const orderLimitError = () => new TooManyRequestsError(messages.http.orderMisses, 'ORDER_LIMIT', 3600);

/**
 * An order code is shown to its buyer and travels in shared links and screenshots; what opens the
 * order (its numbers, payments, verification codes) or pays it is the code with the buyer's
 * cédula. Someone holding a code could otherwise try cédulas from many addresses. So each code has
 * `ORDER_MISSES_PER_CODE` wrong cédulas in the last 60 minutes, whatever the address (decision 083).
 */
export type OrderGuesses = MissBudget;
