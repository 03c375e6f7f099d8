import { describe, expect, it } from 'vitest';
import { packTicketEvents, unpackTicketEvents } from './live-events';

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
