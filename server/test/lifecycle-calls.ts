import type { DrawResult } from '../../domain/draw';
import type { PublicCreatePaymentResult, ReviewedPayment } from '../../domain/payments';
import type { Raffle, RaffleStatus } from '../../domain/raffles';
import type { StaffTicket } from '../../domain/staff-tickets';
import { buyer, makeRaffle, makeRaffleIn, reserveNumbers } from './factories';
import type { TestApp } from './test-app';

/** A sale as a reservation answers it, with what the lifecycle tests look at. */
export type LifecycleTicket = {
  id: string;
  number: number;
  verification_code: string | null;
  status: string;
  total_paid_cents: number;
  remaining_cents: number;
};

/**
 * The calls of the raffle lifecycle tests, on the test app and admin session `world` answers when
 * called (they are made in a `beforeAll`). Each answers its success type unless told otherwise
 * (`patchRaffle<ApiError>(…)` for a refusal).
 */
export function lifecycleCalls(world: () => { t: TestApp; admin: string }) {
  const api = <T>(...args: Parameters<TestApp['api']>) => world().t.api<T>(...args);
  return {
    reserve: async (raffleId: string, numbers: number[], cedula = 'V-12345678') =>
      (await reserveNumbers(world().t, raffleId, numbers, buyer({ cedula }))) as LifecycleTicket[],
    patchRaffle: <T = Raffle>(id: string, body: Record<string, unknown>, token = world().admin) =>
      api<T>('PATCH', `/api/raffles/${id}`, { token, body }),
    patchTicket: <T = StaffTicket>(id: string, body: Record<string, unknown>) =>
      api<T>('PATCH', `/api/tickets/${id}`, { token: world().admin, body }),
    patchNumber: <T = StaffTicket>(raffleId: string, number: number, body: Record<string, unknown>) =>
      api<T>('PATCH', `/api/raffles/${raffleId}/numbers/${number}`, { token: world().admin, body }),
    pay: <T = PublicCreatePaymentResult>(ticketId: string, amount: number, cedula = 'V-12345678') =>
      api<T>('POST', '/api/payments', { body: { ticket_id: ticketId, amount_cents: amount, cedula } }),
    review: <T = ReviewedPayment>(paymentId: string, status: 'approved' | 'rejected') =>
      api<T>('PATCH', `/api/payments/${paymentId}`, { token: world().admin, body: { status } }),
    close: <T = Raffle>(id: string) => api<T>('POST', `/api/raffles/${id}/close`, { token: world().admin }),
    draw: <T = DrawResult>(id: string, winning_number: number) =>
      api<T>('POST', `/api/raffles/${id}/draw`, { token: world().admin, body: { winning_number } }),
    /** A raffle in `status`, reached the only way the API allows. */
    async raffleIn(status: RaffleStatus) {
      const { t } = world();
      if (status === 'borrador' || status === 'activa') return makeRaffle(t, { status });
      return makeRaffleIn(t, status);
    },
  };
}
