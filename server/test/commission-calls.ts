import type { CommissionTerms, SellerLedger } from '../../domain/commissions';
import type { PublicCreatePaymentResult } from '../../domain/payments';
import { makeUser } from './factories';
import { createTestApp, type TestApp } from './test-app';

/** The commission tests' world: the app, its admin and the vendedor the terms are for. */
export type CommissionWorld = { t: TestApp; admin: string; seller: { id: string; token: string } };

let references = 0;

/**
 * A test app with its admin, two vendedores (`seller`, the one terms are set for, and `other`) and
 * a VES rate of 40: what each commission test file starts from.
 */
export async function commissionWorld() {
  const t = await createTestApp();
  const admin = await t.signInAdmin();
  const a = await makeUser(t, { role: 'vendedor' });
  const b = await makeUser(t, { role: 'vendedor' });
  const rate = await t.api('PUT', '/api/exchange-rates/VES', { token: admin, body: { rate_to_usd: 40 } });
  if (rate.status !== 200) throw new Error(`rate: ${rate.status}`);
  return {
    t,
    admin,
    seller: { id: a.user.id, token: a.token },
    other: { id: b.user.id, token: b.token },
  };
}

/**
 * The calls of the commission tests (decision 037), on the world `world` answers when called (it
 * is made in a `beforeAll`). Each checks its answer's status.
 */
export function commissionCalls(
  world: () => CommissionWorld,
  expectStatus: (actual: number, wanted: number) => void,
) {
  const setTerms = (raffleId: string, body: Record<string, unknown>, sellerId = world().seller.id) =>
    world().t.api<CommissionTerms>('PUT', `/api/raffles/${raffleId}/commissions`, {
      token: world().admin,
      body: { seller_id: sellerId, ...body },
    });

  /** A buyer reports a payment of a sale; the admin approves it. */
  async function buyerPaysApproved(ticketId: string, cedula: string, amountCents: number) {
    const { t, admin } = world();
    const paid = await t.api<PublicCreatePaymentResult>('POST', '/api/payments', {
      body: {
        ticket_id: ticketId,
        amount_cents: amountCents,
        cedula,
        reference: `${7_100_000 + references++}`,
      },
    });
    expectStatus(paid.status, 201);
    const approved = await t.api('PATCH', `/api/payments/${paid.body.payment.id}`, {
      token: admin,
      body: { status: 'approved' },
    });
    expectStatus(approved.status, 200);
    return paid.body.payment.id;
  }

  const refund = async (ticketId: string, amountCents: number) => {
    const { t, admin } = world();
    const res = await t.api('POST', `/api/tickets/${ticketId}/refunds`, {
      token: admin,
      body: { amount_cents: amountCents, reason: 'Devolución' },
    });
    expectStatus(res.status, 201);
  };

  const ledgerOf = async (sellerId: string, token = world().admin, query = '') => {
    const res = await world().t.api<SellerLedger>('GET', `/api/sellers/${sellerId}/ledger${query}`, {
      token,
    });
    expectStatus(res.status, 200);
    return res.body;
  };

  /** The entries of one raffle, oldest first. */
  const entriesIn = async (sellerId: string, raffleId: string) =>
    (await ledgerOf(sellerId, world().admin, '?limit=200')).entries
      .filter((e) => e.raffle_id === raffleId)
      .reverse();

  return { setTerms, buyerPaysApproved, refund, ledgerOf, entriesIn };
}
