// PostgreSQL only (vitest.config.ts runs *.pg.test.ts when TEST_DATABASE_URL is set): PGlite has one
// session, so two requests never run at the same time there. Cash held by vendedores (decision 062)
// under requests sent at once, over real HTTP.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiError } from '../../../domain/api';
import type { SellerCash } from '../../../domain/cash-held';
import { queryRows } from '../../db/client';
import { commissionCalls, commissionWorld } from '../../test/commission-calls';
import { creditedSale } from '../../test/commission-factories';
import { makeUser } from '../../test/factories';
import type { TestApp } from '../../test/test-app';
import { cashHeldRepo } from './cash-held.repo';

let t: TestApp;
let admin: string;
let seller: { id: string; token: string };
beforeAll(async () => {
  ({ t, admin, seller } = await commissionWorld());
});
afterAll(() => t?.close());

const { setTerms, ledgerOf } = commissionCalls(
  () => ({ t, admin, seller }),
  (actual, wanted) => expect(actual).toBe(wanted),
);

const ROUNDS = Number(process.env.CASH_ROUNDS ?? 4);

/** A vendedor with one $10 sale at 10 %, its money recorded by hand (by them: held; by an admin: not). */
async function sellerWithCash(recordedBy: 'seller' | 'admin' = 'seller') {
  const made = await makeUser(t, { role: 'vendedor' });
  const me = { id: made.user.id, token: made.token };
  const sale = await creditedSale(t, me.id);
  await setTerms(sale.raffleId, { percent: 10 }, me.id);
  const ticketId = sale.ticketIds[0] as string;
  const paid = await t.api('POST', `/api/tickets/${ticketId}/payments`, {
    token: recordedBy === 'seller' ? me.token : admin,
    body: { amount_cents: 1000, payment_method: 'efectivo' },
  });
  expect(paid.status).toBe(201);
  return { me, ticketId };
}

const handover = (sellerId: string, amountCents: number, requestId: string = randomUUID()) =>
  t.api<ApiError>('POST', `/api/sellers/${sellerId}/cash-handovers`, {
    token: admin,
    body: { amount_cents: amountCents, request_id: requestId },
  });
const payout = (sellerId: string, amountCents: number, requestId: string = randomUUID()) =>
  t.api<ApiError>('POST', `/api/sellers/${sellerId}/payouts`, {
    token: admin,
    body: { amount_cents: amountCents, method: 'Pago móvil', request_id: requestId },
  });
const refund = (ticketId: string, token: string, fromSellerCash?: boolean) =>
  t.api('POST', `/api/tickets/${ticketId}/refunds`, {
    token,
    body: { amount_cents: 1000, reason: 'Devolución', from_seller_cash: fromSellerCash },
  });

/** Cash taken off a holder's payments (hand-overs and refunds) and what they received. */
async function cashFigures(holderId: string) {
  const [row] = await queryRows<{ received: string; settled: string }>(
    t.db,
    sql`select (select coalesce(sum(amount_cents), 0) from cash_receipts where holder_id = ${holderId}) as received,
               (select coalesce(sum(s.amount_cents), 0) from cash_settlements s
                  join cash_receipts r on r.payment_id = s.payment_id where r.holder_id = ${holderId}) as settled`,
  );
  return { received: Number(row?.received), settled: Number(row?.settled) };
}

/** Resolves once another session of this database waits for a lock (at most after 5 s). */
async function waitUntilSomeoneWaitsForALock() {
  for (let i = 0; i < 100; i++) {
    const [row] = await queryRows<{ n: string }>(
      t.db,
      sql`select count(*) as n from pg_stat_activity
           where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (Number(row?.n) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('one request key sent for two sellers at once', () => {
  it('a hand-over: one is recorded, the other is 409 HANDOVER_REQUEST_REUSED, never a server error', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const [a, b] = await Promise.all([sellerWithCash(), sellerWithCash()]);
      const key = randomUUID();
      const answers = await Promise.all([handover(a.me.id, 500, key), handover(b.me.id, 500, key)]);
      expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
      expect(answers.find((r) => r.status === 409)?.body.error.code).toBe('HANDOVER_REQUEST_REUSED');
      const held = await Promise.all([a, b].map(async (s) => (await cashFigures(s.me.id)).settled));
      expect(held.sort()).toEqual([0, 500]);
    }
  });

  it('a payout: one is recorded, the other is 409 PAYOUT_REQUEST_REUSED, never a server error', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const [a, b] = await Promise.all([sellerWithCash('admin'), sellerWithCash('admin')]);
      const key = randomUUID();
      const answers = await Promise.all([payout(a.me.id, 50, key), payout(b.me.id, 50, key)]);
      expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
      expect(answers.find((r) => r.status === 409)?.body.error.code).toBe('PAYOUT_REQUEST_REUSED');
      const paid = await Promise.all([a, b].map(async (s) => (await ledgerOf(s.me.id)).paid_out_cents));
      expect(paid.sort()).toEqual([0, 50]);
    }
  });
});

describe('writers of the same cash at once', () => {
  it('a hand-over and a refund out of the seller’s cash never take more than was received', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { me, ticketId } = await sellerWithCash();
      const answers = await Promise.all([handover(me.id, 1000), refund(ticketId, admin, true)]);
      // Whichever came second found the cash gone: the hand-over is refused, or the refund came from
      // money the business already had. Never a server error (a deadlock undone, say).
      const [given, refunded] = answers.map((r) => r.status);
      expect(refunded).toBe(201);
      expect([201, 409]).toContain(given);
      const { received, settled } = await cashFigures(me.id);
      expect(settled).toBe(received);
      const ledger = await ledgerOf(me.id);
      expect(ledger.held_cents).toBe(0);
      expect(ledger.balance_cents).toBeGreaterThanOrEqual(0);
    }
  });

  it('a refund that has locked the sale’s cash, then a hand-over of its seller: both finish, no deadlock', async () => {
    // The interleaving that deadlocked: the refund holds the receipts; the hand-over locks the
    // seller's row and waits for the receipts; the refund's reversal then waits for the seller's row.
    const { me, ticketId } = await sellerWithCash();
    const original = cashHeldRepo.openOfTicket;
    let given: ReturnType<typeof handover> | undefined;
    const spy = vi.spyOn(cashHeldRepo, 'openOfTicket').mockImplementationOnce(async (tx, id) => {
      const open = await original.call(cashHeldRepo, tx, id);
      given = handover(me.id, 1000);
      await waitUntilSomeoneWaitsForALock();
      return open;
    });
    try {
      const refunded = await refund(ticketId, admin, true);
      expect(refunded.status).toBe(201);
      const answer = await given;
      // The refund took the cash first; the hand-over found none left.
      expect(answer?.status).toBe(409);
      expect(answer?.body.error.code).toBe('HANDOVER_EXCEEDS_HELD');
    } finally {
      spy.mockRestore();
    }
    const { received, settled } = await cashFigures(me.id);
    expect(settled).toBe(received);
  });

  it('a hand-over and a payout: the payout passes only on commission the hand-over freed first', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { me } = await sellerWithCash();
      const [given, paid] = await Promise.all([handover(me.id, 1000), payout(me.id, 100)]);
      expect(given.status).toBe(201);
      expect([201, 409]).toContain(paid.status);
      const ledger = await ledgerOf(me.id);
      expect(ledger).toMatchObject({ held_cents: 0, balance_cents: paid.status === 201 ? 0 : 100 });
      // Two payouts with their own keys that together exceed what is owed: one passes.
      if (paid.status === 409) {
        const both = await Promise.all([payout(me.id, 60), payout(me.id, 60)]);
        expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
        expect((await ledgerOf(me.id)).balance_cents).toBe(40);
      }
    }
  });

  it('a partial hand-over and a refund out of the same cash: what is left held is never negative', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { me, ticketId } = await sellerWithCash();
      // An assigned seller may not undo a paid sale (PAID_SALE_LOCKED): their refund is the admin's
      // word here, said to come out of the seller's cash.
      await Promise.all([handover(me.id, 600), refund(ticketId, admin, true)]);
      const { received, settled } = await cashFigures(me.id);
      expect(settled).toBeLessThanOrEqual(received);
      const cash = await t.api<SellerCash>('GET', `/api/sellers/${me.id}/cash`, { token: admin });
      expect(cash.body.held_cents).toBe(received - settled);
      expect(cash.body.held_cents).toBeGreaterThanOrEqual(0);
    }
  });
});
