import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReservationResult } from '../../../domain/reservations';
import { queryRows } from '../../db/client';
import { buyer, makeRaffle } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { TICKET_CHANGES_CHANNEL } from '../realtime/realtime.hub';
import { createTicketChanges, describeChanges, recordChanges } from './ticket-changes';
import type { TicketRow } from './tickets.repo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** What the change channel carried for one raffle, as every instance hears it. */
async function heard(raffleId: string) {
  const payloads: { raffle_id: string; tickets: { number: number; status: string }[] }[] = [];
  const unlisten = await t.database.listen(TICKET_CHANGES_CHANNEL, (payload) => {
    const change = JSON.parse(payload);
    if (change.raffle_id === raffleId) payloads.push(change);
  });
  return { payloads, unlisten };
}

async function reservedSale(raffleId: string, number: number): Promise<TicketRow> {
  const res = await t.api<ReservationResult>('POST', `/api/raffles/${raffleId}/reservations`, {
    body: { numbers: [number], buyer: buyer() },
  });
  expect(res.status).toBe(201);
  const [row] = await queryRows<{ version: string }>(
    t.db,
    sql`select version from tickets where id = ${res.body.tickets[0].id}`,
  );
  const id = String(res.body.tickets[0].id);
  return { id, raffleId, number, status: 'apartado', version: Number(row?.version) } as TicketRow;
}

describe('ticket changes are announced one way: after their commit', () => {
  it('announces what a transaction recorded once it commits, and nothing of one that rolls back', async () => {
    const raffle = await makeRaffle(t);
    const { payloads, unlisten } = await heard(raffle.id);
    const sale = await reservedSale(raffle.id, 7);
    // The reservation's own announcement may reach the channel after its answer: heard first, then
    // set aside (listening only after the answer caught it some of the time on PostgreSQL).
    await expect.poll(() => payloads.map((p) => p.tickets[0]?.status)).toEqual(['apartado']);
    payloads.length = 0;
    const changes = createTicketChanges({ db: t.db });
    const changed = { ...sale, status: 'pagado', version: sale.version + 1000 };

    await expect(
      changes.transaction(async (tx) => {
        await recordChanges(tx, [changed], describeChanges([changed], 'apartado', 'prueba'));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await changes.transaction((tx) =>
      recordChanges(tx, [changed], describeChanges([changed], 'apartado', 'prueba')),
    );
    await changes.flush();
    await expect.poll(() => payloads.length).toBe(1);
    expect(payloads[0]?.tickets).toEqual([{ number: 7, status: 'pagado', version: changed.version }]);
    await unlisten();
  });

  it('refuses a change recorded in a transaction that would not announce it', async () => {
    const raffle = await makeRaffle(t);
    const sale = await reservedSale(raffle.id, 3);
    await expect(
      t.db.transaction((tx) => recordChanges(tx, [sale], describeChanges([sale], 'apartado', 'prueba'))),
    ).rejects.toThrow(/TicketChanges.transaction/);
  });

  it('tells this instance of committed versions before announcing them (a board waits for its own)', async () => {
    const changes = createTicketChanges({ db: t.db });
    const told: [string, number[]][] = [];
    changes.onCommitted((raffleId, versions) => told.push([raffleId, versions]));
    const raffle = await makeRaffle(t);
    const sale = await reservedSale(raffle.id, 1);
    await changes.announce([sale, { ...sale, number: 2, version: sale.version + 1 }]);
    expect(told).toEqual([[raffle.id, [sale.version, sale.version + 1]]]);
  });
});
