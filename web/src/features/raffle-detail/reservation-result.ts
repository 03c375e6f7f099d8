import type { BuyerTicket, PaymentMethod } from '@domain/reservations';

/** What the success screen needs after a reservation (kept in memory only: it holds buyer data). */
export type ReservationResult = {
  tickets: BuyerTicket[];
  paymentMethod: PaymentMethod;
  /** Normalized cedula: a public payment must repeat it to prove the tickets are the buyer's. */
  cedula: string;
  buyerName: string;
  proofSent: boolean;
};
