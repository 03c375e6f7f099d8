import type { StaffTicket } from '../../../domain/staff-tickets';
import { availableView, saleView } from '../tickets/tickets.views';
import type { NumberRow } from './staff-tickets.sql';

/**
 * A number in the staff list: its live sale, or nobody's (id null). An ended sale reads as its
 * number back on sale: 'disponible', no buyer (the row keeps them for history and payments).
 * With `holds` (what `reviewHolds` read for the page), each sale says until when a payment under
 * review keeps it (null for the others).
 */
export const toStaffTicket = (row: NumberRow, holds?: Map<string, Date>): StaffTicket => {
  const view: StaffTicket = row.endedAt
    ? { ...availableView(row), id: row.id }
    : {
        ...saleView(row),
        status_by_hand: row.statusByHand,
        ...(row.orderCode !== undefined && { order_code: row.orderCode }),
        ...(row.sellerName !== undefined && { seller_name: row.sellerName }),
      };
  if (!holds) return view;
  const until = row.id && !row.endedAt ? holds.get(row.id) : undefined;
  return { ...view, review_hold_until: until?.toISOString() ?? null };
};
