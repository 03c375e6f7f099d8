import type { OrderVisit } from './order-visit';

/** What the checkout hands the page after reserving: the order's code and who opens it. */
export type ReservationResult = { orderCode: string; visit: OrderVisit };
