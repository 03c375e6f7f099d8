import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { ApiError } from '../../domain/api';
import type { CashHandoverResult, SellerCash } from '../../domain/cash-held';
import type { PayoutResult } from '../../domain/commissions';
import { type CommissionWorld, commissionCalls } from './commission-calls';
import { makeUser, raffleInput } from './factories';

/**
 * The calls of the tests of cash held by vendedores (decision 062), on the world `world` answers
 * when called (made in a `beforeAll`), with the commission calls they also use. Each checks its
 * answer's status, but for the hand-overs and payouts a test expects refused.
 */
export function cashCalls(world: () => CommissionWorld) {
  const commission = commissionCalls(world, (actual, wanted) => expect(actual).toBe(wanted));

  async function freshSeller(fullName?: string) {
    const made = await makeUser(world().t, { role: 'vendedor', full_name: fullName });
    return { id: made.user.id, token: made.token };
  }

  /** A $10-a-number raffle the vendedor created: they own it. */
  async function raffleCreatedBy(vendedor: { token: string }) {
    const raffle = await world().t.api<{ id: string }>('POST', '/api/raffles', {
      token: vendedor.token,
      body: raffleInput({ price_cents: 1000 }),
    });
    expect(raffle.status).toBe(201);
    return raffle.body.id;
  }

  /** Cash recorded by hand on a number (`efectivo`): held when a vendedor records it. */
  async function recordCash(ticketId: string, amountCents: number, token: string) {
    const res = await world().t.api('POST', `/api/tickets/${ticketId}/payments`, {
      token,
      body: { amount_cents: amountCents, payment_method: 'efectivo' },
    });
    expect(res.status).toBe(201);
  }

  async function cashOf(sellerId: string, token = world().admin) {
    const res = await world().t.api<SellerCash>('GET', `/api/sellers/${sellerId}/cash`, { token });
    expect(res.status).toBe(200);
    return res.body;
  }

  const handover = (
    sellerId: string,
    amountCents: number,
    requestId: string = randomUUID(),
    token?: string,
  ) =>
    world().t.api<CashHandoverResult | ApiError>('POST', `/api/sellers/${sellerId}/cash-handovers`, {
      token: token ?? world().admin,
      body: { amount_cents: amountCents, note: 'Entregado en la oficina', request_id: requestId },
    });

  async function refundBy(
    ticketId: string,
    amountCents: number,
    token: string,
    fromSellerCash?: boolean,
    reason = 'Devolución',
  ) {
    const res = await world().t.api('POST', `/api/tickets/${ticketId}/refunds`, {
      token,
      body: { amount_cents: amountCents, reason, from_seller_cash: fromSellerCash },
    });
    expect(res.status).toBe(201);
  }

  const payout = (sellerId: string, amountCents: number) =>
    world().t.api<PayoutResult | ApiError>('POST', `/api/sellers/${sellerId}/payouts`, {
      token: world().admin,
      body: { amount_cents: amountCents, method: 'Pago móvil' },
    });

  return { ...commission, freshSeller, raffleCreatedBy, recordCash, cashOf, handover, refundBy, payout };
}
