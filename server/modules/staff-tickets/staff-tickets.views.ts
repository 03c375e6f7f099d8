import type { TicketInstantWin } from '../../../domain/instant-wins';
import type { StaffTicket } from '../../../domain/staff-tickets';
import { availableView, saleView } from '../tickets/tickets.views';
import type { NumberRow } from './staff-tickets.sql';

/**
 * A number in the staff list: its live sale, or nobody's (id null). An ended sale reads as its
 * number back on sale: 'disponible', no buyer (the row keeps them for history and payments).
 * With `holds` (what `reviewHolds` read for the page), each sale says until when a payment under
 * review keeps it (null for the others). With `awards` (for those who may edit the raffle), each
 * live sale says which instant win it won and whether it was handed over (null for the others).
 */
export const toStaffTicket = (
  row: NumberRow,
  holds?: Map<string, Date>,
  awards?: Map<string, TicketInstantWin> | null,
): StaffTicket => {
  const view: StaffTicket = row.endedAt
    ? { ...availableView(row), id: row.id }
    : {
        ...saleView(row),
        status_by_hand: row.statusByHand,
        ...(row.orderCode !== undefined && { order_code: row.orderCode }),
        ...(row.sellerName !== undefined && { seller_name: row.sellerName }),
      };
  const sale = row.id && !row.endedAt ? row.id : null;
  const won = awards ? { instant_win: (sale && awards.get(sale)) || null } : {};
  if (!holds) return { ...view, ...won };
  const until = sale ? holds.get(sale) : undefined;
  return { ...view, review_hold_until: until?.toISOString() ?? null, ...won };
};
