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

/** Who the sale is for: changing these on a paid sale hands its number (and any prize) to someone else. */
const IDENTITY_FIELDS = BUYER_FIELDS.filter(([field]) => field === 'buyer_name' || field === 'buyer_cedula');

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
