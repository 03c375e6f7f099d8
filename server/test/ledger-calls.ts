import { expect } from 'vitest';
import type { TicketLedgerEntry } from '../../domain/payments';
import type { ReservationResult } from '../../domain/reservations';
import type { StaffTicket } from '../../domain/staff-tickets';
import { buyer } from './factories';
import type { TestApp } from './test-app';

/**
 * The calls the money-ledger tests share: reserve as a buyer, patch and read a sale and its ledger
 * as staff. `world` is read at call time (the app and the admin token are made in `beforeAll`).
 */
export function ledgerCalls(world: () => { t: TestApp; admin: string }) {
  const CEDULA = 'V-7654321';
  async function reserve(raffleId: string, numbers: number[], cedula = CEDULA) {
    const { t } = world();
    const res = await t.api<ReservationResult>('POST', `/api/raffles/${raffleId}/reservations`, {
      body: { numbers, buyer: buyer({ cedula }) },
    });
    expect(res.status).toBe(201);
    return res.body;
  }
  const patch = <T = StaffTicket>(id: string, body: Record<string, unknown>, token?: string) =>
    world().t.api<T>('PATCH', `/api/tickets/${id}`, { token: token ?? world().admin, body });
  const ticket = async (id: string) =>
    (await world().t.api<StaffTicket>('GET', `/api/tickets/${id}`, { token: world().admin })).body;
  const ledger = async (id: string) =>
    (await world().t.api<TicketLedgerEntry[]>('GET', `/api/tickets/${id}/payments`, { token: world().admin }))
      .body;
  const first = (r: ReservationResult) => r.tickets[0] as StaffTicket & { id: string };
  return { CEDULA, reserve, patch, ticket, ledger, first };
}
