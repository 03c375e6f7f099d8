import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import type { TicketEvent } from '../../../domain/reservations';
import { boardSchema } from '../../../domain/reservations';
import type { RaffleRow } from '../../db/rows';
import type { RealtimeHub } from '../realtime/realtime.hub';
import { createBoardCache } from './board-cache';

const RAFFLE_ID = '00000000-0000-4000-8000-000000000001';
const raffle = { id: RAFFLE_ID, totalNumbers: 10, digitCount: 1 } as RaffleRow;

/** A hub the test drives by hand: `emit` plays the change stream, in whatever order the test wants. */
function fakeHub() {
  const listeners = new Set<(events: TicketEvent[]) => void>();
  const hub = {
    subscribe: (_id: string, listener: (events: TicketEvent[]) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } as unknown as RealtimeHub;
  const emit = (events: TicketEvent[]) => {
    for (const listener of listeners) listener(events);
  };
  return { hub, emit };
}

async function statuses(boards: ReturnType<typeof createBoardCache>) {
  const board = await boards.get(RAFFLE_ID, 'identity');
  return JSON.parse(String(board?.body)).statuses as string;
}

describe('board cache with changes announced after commit (decision 011)', () => {
  it('keeps the newest change of each number whatever order the events arrive in', async () => {
    const { hub, emit } = fakeHub();
    const boards = createBoardCache({ hub, findRaffle: async () => raffle, latestSales: async () => [] });
    expect(await statuses(boards)).toBe('dddddddddd');

    emit([{ number: 3, status: 'pagado', version: 20 }]);
    emit([{ number: 3, status: 'apartado', version: 19 }]); // older: arrived late from another instance
    emit([{ number: 4, status: 'apartado', version: 18 }]);
    expect(await statuses(boards)).toBe('dddpaddddd');
  });

  it('drops a late event older than the released sale the board was read from', async () => {
    const { hub, emit } = fakeHub();
    const boards = createBoardCache({
      hub,
      findRaffle: async () => raffle,
      // Number 5 was sold (version 10) and released (its sale ended at version 12) before the read.
      latestSales: async () => [{ number: 5, status: 'disponible', version: 12 }],
    });
    expect(await statuses(boards)).toBe('dddddddddd');
    emit([{ number: 5, status: 'apartado', version: 10 }]);
    expect(await statuses(boards)).toBe('dddddddddd');
    emit([{ number: 5, status: 'apartado', version: 13 }]);
    expect(await statuses(boards)).toBe('dddddadddd');
  });

  it('reads an old board again in the background, so a change whose announcement was lost heals', async () => {
    const { hub } = fakeHub();
    let sales = [{ number: 1, status: 'apartado', version: 1 }];
    const latestSales = vi.fn(async () => sales);
    const boards = createBoardCache({ hub, findRaffle: async () => raffle, latestSales, maxAgeMs: 0 });
    expect(await statuses(boards)).toBe('dadddddddd');
    // Number 2 sold on an instance that died before announcing it: no event ever comes.
    sales = [...sales, { number: 2, status: 'pagado', version: 2 }];
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await statuses(boards)).toBe('dadddddddd'); // the stale board answers at once…
    await vi.waitFor(async () => expect(await statuses(boards)).toBe('dapddddddd')); // …then heals
    expect(latestSales.mock.calls.length).toBeGreaterThanOrEqual(2);
  });
});

describe('board bodies (decision 032)', () => {
  const big = { id: RAFFLE_ID, totalNumbers: 5_000, digitCount: 4 } as RaffleRow;

  it('are the board schema’s JSON in every encoding, the compressed ones the same bytes', async () => {
    const { hub, emit } = fakeHub();
    const boards = createBoardCache({ hub, findRaffle: async () => big, latestSales: async () => [] });
    await boards.get(RAFFLE_ID, 'br'); // loaded (and an older version compressed) before the change
    emit([{ number: 4_999, status: 'abonado', version: 7 }]);
    const plain = await boards.get(RAFFLE_ID, 'identity');
    const br = await boards.get(RAFFLE_ID, 'br');
    const gz = await boards.get(RAFFLE_ID, 'gzip');
    expect(boardSchema.parse(JSON.parse(String(plain?.body)))).toEqual({
      raffle_id: RAFFLE_ID,
      total_numbers: 5_000,
      digit_count: 4,
      version: 7,
      statuses: `${'d'.repeat(4_999)}b`,
    });
    expect(brotliDecompressSync(br?.body ?? Buffer.alloc(0)).equals(plain?.body ?? Buffer.alloc(1))).toBe(
      true,
    );
    expect(gunzipSync(gz?.body ?? Buffer.alloc(0)).equals(plain?.body ?? Buffer.alloc(1))).toBe(true);
    expect([br?.encoding, gz?.encoding, br?.etag, gz?.etag]).toEqual([
      'br',
      'gzip',
      plain?.etag,
      plain?.etag,
    ]);
  });

  it('have an ETag of the statuses: the same statuses however reached, another for any change', async () => {
    const { hub, emit } = fakeHub();
    const read = createBoardCache({
      hub,
      findRaffle: async () => big,
      latestSales: async () => [
        { number: 10, status: 'apartado', version: 3 },
        { number: 20, status: 'pagado', version: 4 },
      ],
    });
    const live = createBoardCache({
      hub: fakeHub().hub,
      findRaffle: async () => big,
      latestSales: async () => [],
    });
    const etag = async (boards: typeof read) => (await boards.get(RAFFLE_ID, 'identity'))?.etag;
    const empty = await etag(live);
    const liveHub = fakeHub();
    const followed = createBoardCache({
      hub: liveHub.hub,
      findRaffle: async () => big,
      latestSales: async () => [],
    });
    await etag(followed);
    liveHub.emit([{ number: 20, status: 'apartado', version: 1 }]);
    liveHub.emit([{ number: 10, status: 'apartado', version: 3 }]);
    liveHub.emit([{ number: 20, status: 'pagado', version: 4 }]);
    expect(await etag(followed)).toBe(await etag(read));
    expect(await etag(read)).not.toBe(empty);
    emit([{ number: 10, status: 'disponible', version: 5 }]);
    emit([{ number: 20, status: 'disponible', version: 6 }]);
    expect(await etag(read)).toBe(empty);
  });

  it('answer a request made during a compression with a version at least as new as the board then', async () => {
    const { hub, emit } = fakeHub();
    const boards = createBoardCache({ hub, findRaffle: async () => big, latestSales: async () => [] });
    await boards.get(RAFFLE_ID, 'identity');
    const asked: Promise<{ version: number; body: Buffer } | null>[] = [];
    for (let v = 1; v <= 20; v++) {
      emit([{ number: v, status: 'apartado', version: v }]);
      asked.push(boards.get(RAFFLE_ID, v % 2 ? 'br' : 'gzip'));
      // Let that request start its compression before the next change.
      await new Promise((resolve) => setImmediate(resolve));
    }
    const answers = await Promise.all(asked);
    answers.forEach((answer, i) => {
      expect(answer?.version).toBeGreaterThanOrEqual(i + 1);
      const json =
        (i + 1) % 2
          ? brotliDecompressSync(answer?.body ?? Buffer.alloc(0))
          : gunzipSync(answer?.body ?? Buffer.alloc(0));
      const board = JSON.parse(String(json)) as { version: number; statuses: string };
      expect(board.statuses.slice(1, (answer?.version ?? 0) + 1)).toBe('a'.repeat(answer?.version ?? 0));
    });
    expect(answers.at(-1)?.version).toBe(20);
  });
});
