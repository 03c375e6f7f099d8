import type { TicketPatch } from '../../../domain/staff-tickets';
import type { TicketRow } from '../../db/rows';

/*
 * What a staff patch does to a sale, read from the patch and the sale alone: whether it moves money,
 * changes a closed raffle's sold list, or takes a paid sale back. The service asks; permissions and
 * the database decide the rest.
 */

/** Buyer fields as a patch names them, and how the sale stores them. */
const BUYER_FIELDS = [
  ['buyer_name', 'buyerName'],
  ['buyer_phone', 'buyerPhone'],
  ['buyer_address', 'buyerAddress'],
  ['buyer_cedula', 'buyerCedula'],
  ['buyer_email', 'buyerEmail'],
] as const;
/** Money moves on a status change, on one more abono, or with a refund. */
export const patchMovesMoney = (sale: TicketRow, patch: TicketPatch) =>
  (patch.status !== undefined && patch.status !== sale.status) ||
  patch.amount_cents !== undefined ||
  patch.refund !== undefined;

/** Who the sale is for: changing these on a sale with money on it hands that money, its number and any prize to someone else. */
const IDENTITY_FIELDS = BUYER_FIELDS.filter(([field]) => field === 'buyer_name' || field === 'buyer_cedula');
/** Who holds the sale and how they prove it: tracking asks the cédula and the phone's last digits. */
const HOLDER_FIELDS = BUYER_FIELDS.filter(([field]) => field !== 'buyer_address' && field !== 'buyer_email');

/** Buyer fields the patch sets to something else (edit forms send every field, most unchanged). */
function changesBuyer(
  ticket: TicketRow,
  patch: TicketPatch,
  fields: readonly (typeof BUYER_FIELDS)[number][],
) {
  return fields.some(([field, column]) => {
    const value = field === 'buyer_name' && patch.buyer_name ? patch.buyer_name.toLowerCase() : patch[field];
    return value !== undefined && value !== ticket[column];
  });
}

/** Whether a patch sets another hold than the sale's (a field sent with its current value is no change). */
export function changesHold(sale: TicketRow, patch: TicketPatch) {
  if (patch.reserved_until === undefined) return false;
  const next = patch.reserved_until === null ? null : new Date(patch.reserved_until).getTime();
  return next !== (sale.reservedUntil?.getTime() ?? null);
}

/**
 * Whether a patch decides the sale: moves its money, gives it (and what was paid on it) to another
 * holder, or changes how long it is held. The same people do all three (`canMoveMoney`: an assigned
 * vendedor only on the sales credited to them): handing another seller's buyer's number to someone
 * else, or backdating its hold so the sweep frees it, is a release by another name.
 */
export const patchDecidesSale = (sale: TicketRow, patch: TicketPatch) =>
  patchMovesMoney(sale, patch) || changesBuyer(sale, patch, HOLDER_FIELDS) || changesHold(sale, patch);

/**
 * Whether a patch gives a sale with money on it to another buyer (name or cédula): what the first
 * buyer paid would count for the second, fully paid or not (decision 053, its 2026-12 section).
 */
export const handsPaidMoneyOver = (sale: TicketRow, patch: TicketPatch) =>
  sale.totalPaidCents > 0 && changesBuyer(sale, patch, IDENTITY_FIELDS);

/** Whether a patch takes a fully paid sale back or gives it to another buyer (decision 053). */
export function undoesPaidSale(sale: TicketRow, patch: TicketPatch) {
  if (sale.status !== 'pagado') return false;
  if (patch.status !== undefined && patch.status !== 'pagado') return true;
  return patch.refund !== undefined || changesBuyer(sale, patch, IDENTITY_FIELDS);
}

/** Statuses that take a number out of the published list. */
const LEAVES_LIST = new Set(['disponible', 'cancelado']);

/**
 * Whether a patch would change a closed raffle's sold list: release, cancel, bring a cancelled
 * number back, or change who holds it. Payments (apartado <-> abonado <-> pagado, amounts) go on;
 * a field sent with its current value is no change (edit forms send them all).
 */
export function changesSoldList(ticket: TicketRow, patch: TicketPatch) {
  const statusChanges = patch.status !== undefined && patch.status !== ticket.status;
  if (statusChanges && (LEAVES_LIST.has(patch.status ?? '') || LEAVES_LIST.has(ticket.status))) return true;
  return changesBuyer(ticket, patch, BUYER_FIELDS);
}
