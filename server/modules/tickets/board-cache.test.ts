import { describe, expect, it, vi } from 'vitest';
import type { TicketEvent } from '../../../domain/reservations';
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
