import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PublicRaffle } from '../../../domain/raffles';
import type { Board, LuckyPickResult, ReservationResult } from '../../../domain/reservations';
import { buyer, makeRaffle } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** Opens the SSE stream and collects its `ticket` events. */
async function openEvents(raffleId: string) {
  const controller = new AbortController();
  const res = await fetch(`${t.baseUrl}/api/raffles/${raffleId}/events`, { signal: controller.signal });
  const events: { number: number; status: string; version: number }[] = [];
  let text = '';
  let consumed = 0; // complete blocks already parsed
  const reader = res.body?.getReader();
  const pump = (async () => {
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) return;
        text += decoder.decode(chunk.value, { stream: true });
        const complete = text.split('\n\n').slice(0, -1);
        for (const block of complete.slice(consumed)) {
          const data = block.split('\n').find((l) => l.startsWith('data: '));
          if (block.includes('event: ticket') && data) events.push(JSON.parse(data.slice(6)));
        }
        consumed = complete.length;
      }
    } catch {
      /* aborted */
    }
  })();
  return {
    res,
    events,
    raw: () => text,
    async waitFor(count: number, timeoutMs = 3000) {
      const until = Date.now() + timeoutMs;
      while (events.length < count && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      return events;
    },
    close: async () => {
      controller.abort();
      await pump;
    },
  };
}

describe('GET /api/raffles/:id/events', () => {
  it('streams every change of that raffle, in commit order, with no buyer data', async () => {
    const raffle = await makeRaffle(t);
    const other = await makeRaffle(t);
    const stream = await openEvents(raffle.id);
    expect(stream.res.headers.get('content-type')).toMatch(/text\/event-stream/);
    await t.api('POST', `/api/raffles/${other.id}/reservations`, { body: { numbers: [1], buyer: buyer() } });
    await t.api('POST', `/api/raffles/${raffle.id}/reservations`, {
      body: { numbers: [5, 6], buyer: buyer() },
    });
    const events = await stream.waitFor(2);
    expect(events.map((e) => [e.number, e.status])).toEqual([
      [5, 'apartado'],
      [6, 'apartado'],
    ]);
    expect(events[0]?.version).toBeGreaterThan(0);
    for (const secret of ['maría', '0414', 'V-12345678', 'Bolívar', 'maria@example.com']) {
      expect(stream.raw()).not.toContain(secret);
    }
    await stream.close();
  });

  it('the rounds that write the streams see the reservations under way (decision 048)', async () => {
    const raffle = await makeRaffle(t);
    const stream = await openEvents(raffle.id);
    // What the rounds read, round after round: their windows follow one another, so together they
    // span the reservations' whole time in flight. (The last round alone may begin after every
    // answer: on PostgreSQL a change can be announced after its reservation was answered.)
    const { buyersWaiting } = t.app.services;
    const tracked = vi.spyOn(buyersWaiting, 'track');
    const looked = vi.spyOn(buyersWaiting, 'meanSinceLastLook');
    try {
      const reservations = Array.from({ length: 12 }, (_, i) =>
        t.api('POST', `/api/raffles/${raffle.id}/reservations`, {
          body: { numbers: [20 + i], buyer: buyer({ cedula: `V-${20_000_000 + i}` }) },
        }),
      );
      expect((await Promise.all(reservations)).map((r) => r.status)).toEqual(Array(12).fill(201));
      await stream.waitFor(12);
      expect(tracked).toHaveBeenCalledTimes(12);
      // The round that wrote the last of them ends just after its writes.
      const means = () => looked.mock.results.map((result) => result.value as number);
      await vi.waitFor(() => expect(Math.max(0, ...means())).toBeGreaterThan(0));
    } finally {
      tracked.mockRestore();
      looked.mockRestore();
      await stream.close();
    }
  });

  it('tells released reservations too (expiry job) and records them in history', async () => {
    const raffle = await makeRaffle(t);
    await t.api('POST', `/api/raffles/${raffle.id}/reservations`, { body: { numbers: [9], buyer: buyer() } });
    await t.db.execute(
      sql`update tickets set reserved_until = now() - interval '1 minute' where raffle_id = ${raffle.id}`,
    );
    const stream = await openEvents(raffle.id);
    expect(await t.app.services.tickets.releaseExpired()).toBeGreaterThanOrEqual(1);
    await vi.waitFor(() =>
      expect(stream.events).toContainEqual(expect.objectContaining({ number: 9, status: 'disponible' })),
    );
    expect((await t.api<Board>('GET', `/api/raffles/${raffle.id}/board`)).body.statuses[9]).toBe('d');
    const history = await t.db.execute(
      sql`select from_status, to_status, note from ticket_events where raffle_id = ${raffle.id} order by id`,
    );
    expect((history as unknown as { rows: unknown[] }).rows).toEqual([
      { from_status: 'disponible', to_status: 'apartado', note: 'Reserva en línea' },
      { from_status: 'apartado', to_status: 'disponible', note: 'Reserva vencida: número liberado' },
    ]);
    await stream.close();
  });

  it('keeps an expired reservation whose payment (covering the price) awaits review', async () => {
    const raffle = await makeRaffle(t, { price_cents: 100 });
    const reserved = await t.api<ReservationResult>('POST', `/api/raffles/${raffle.id}/reservations`, {
      body: { numbers: [4, 5], buyer: buyer() },
    });
    const [four] = reserved.body.tickets;
    const paid = await t.api('POST', '/api/payments', {
      body: { ticket_id: four.id, amount_cents: 100, cedula: 'V-12345678' },
    });
    expect(paid.status).toBe(201);
    await t.db.execute(
      sql`update tickets set reserved_until = now() - interval '1 minute' where raffle_id = ${raffle.id}`,
    );
    await t.app.services.tickets.releaseExpired();
    const board = (await t.api<Board>('GET', `/api/raffles/${raffle.id}/board`)).body.statuses;
    expect(board.slice(4, 6)).toBe('ad');
  });

  it('answers 404 for unknown or draft raffles', async () => {
    const draft = await makeRaffle(t, { status: 'borrador' });
    expect((await t.api('GET', `/api/raffles/${draft.id}/events`)).status).toBe(404);
    expect((await t.api('GET', '/api/raffles/00000000-0000-4000-8000-000000000000/events')).status).toBe(404);
  });
});

describe('public responses never carry buyer data', () => {
  it('raffles, board, lucky pick and events are free of names, phones, cedulas, addresses and e-mails', async () => {
    const raffle = await makeRaffle(t);
    await t.api('POST', `/api/raffles/${raffle.id}/reservations`, {
      body: { numbers: [1, 2], buyer: buyer({ name: 'Secreto Nombre', email: 'secreto@example.com' }) },
    });
    const bodies = await Promise.all([
      t.api<PublicRaffle[]>('GET', '/api/raffles'),
      t.api<PublicRaffle>('GET', `/api/raffles/${raffle.id}`),
      t.api<Board>('GET', `/api/raffles/${raffle.id}/board`),
      t.api<LuckyPickResult>('POST', `/api/raffles/${raffle.id}/lucky-pick`, { body: { count: 5 } }),
    ]);
    for (const res of bodies) {
      // Ids and dates are random hex/digits that could contain a phone fragment by chance.
      const text = JSON.stringify(res.body)
        .toLowerCase()
        .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<id>')
        .replace(/\d{4}-\d\d-\d\dt[\d:.]+z/g, '<date>');
      for (const secret of ['secreto', '0414', '1234567', '12345678', 'bolívar', 'example.com', 'buyer_']) {
        expect(text).not.toContain(secret);
      }
    }
  });
});
