import { describe, expect, it } from 'vitest';
import {
  packTicketEvents,
  RAFFLE_REFRESH_SPREAD_MS,
  raffleRefreshSpreadMs,
  spreadOf,
  unpackTicketEvents,
} from './live-events';

describe('the spread of the reads after a raffle edit (event: raffle, decision 089)', () => {
  it('is 3 s for a few pages, as long as 1,000 reads a second need for more, 15 s at most', () => {
    expect([0, 1, 2_999, 3_000, 3_001, 10_000, 15_000, 100_000].map(raffleRefreshSpreadMs)).toEqual([
      3_000, 3_000, 3_000, 3_000, 3_001, 10_000, 15_000, 15_000,
    ]);
  });

  it('a page takes the spread the server names, and the default for anything else', () => {
    expect(spreadOf('{"spread_ms":10000}')).toBe(10_000);
    expect(spreadOf('{"spread_ms":0}')).toBe(0);
    for (const data of [
      '{}',
      'null',
      'not json',
      '{"spread_ms":-1}',
      '{"spread_ms":"9"}',
      '{"spread_ms":900000}',
    ])
      expect(spreadOf(data)).toBe(RAFFLE_REFRESH_SPREAD_MS);
  });
});

describe('the packed live frame (event: tickets)', () => {
  it('gives back every change in order, and is less than half the objects’ size', () => {
    const events = [
      { number: 12345, status: 'apartado', version: 1_000_001 },
      { number: 7, status: 'pagado', version: 1_000_002 },
      { number: 12345, status: 'disponible', version: 1_000_003 },
      { number: 99, status: 'abonado', version: 1_000_004 },
    ];
    const packed = packTicketEvents(events);
    expect(packed).toEqual({
      numbers: [12345, 7, 12345, 99],
      statuses: 'apdb',
      versions: [1_000_001, 1_000_002, 1_000_003, 1_000_004],
    });
    expect(unpackTicketEvents(JSON.parse(JSON.stringify(packed)))).toEqual(events);
    expect(JSON.stringify(packed).length * 2).toBeLessThan(JSON.stringify(events).length);
  });

  it('leaves out what is malformed', () => {
    expect(unpackTicketEvents(null)).toEqual([]);
    expect(unpackTicketEvents({ numbers: [1], statuses: 'a' })).toEqual([]);
    expect(unpackTicketEvents({ numbers: [1, 2], statuses: 'a', versions: [5, 6] })).toEqual([
      { number: 1, status: 'apartado', version: 5 },
    ]);
  });
});
