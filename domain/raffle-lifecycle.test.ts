import { describe, expect, it } from 'vitest';
import {
  canChangeStatus,
  formStatusOptions,
  isClosedStatus,
  lifecycleMessages,
  salesClosed,
  statusChangeRefusal,
} from './raffle-lifecycle';
import { RAFFLE_STATUSES, type RaffleStatus } from './raffles';

const none = { hasSales: false };
const sold = { hasSales: true };

describe('raffle status changes by edit', () => {
  it('allows borrador <-> activa and the same status, nothing else', () => {
    const allowed: [RaffleStatus, RaffleStatus][] = [];
    for (const from of RAFFLE_STATUSES)
      for (const to of RAFFLE_STATUSES) if (canChangeStatus(from, to, none)) allowed.push([from, to]);
    expect(allowed).toEqual([
      ['borrador', 'borrador'],
      ['borrador', 'activa'],
      ['activa', 'borrador'],
      ['activa', 'activa'],
      ['cerrada', 'cerrada'],
      ['finalizada', 'finalizada'],
    ]);
  });

  it('keeps an activa raffle with sales out of borrador', () => {
    expect(statusChangeRefusal('activa', 'borrador', sold)).toEqual({
      code: 'INVALID_TRANSITION',
      message: lifecycleMessages.backToDraftWithSales,
    });
    expect(canChangeStatus('borrador', 'activa', sold)).toBe(true);
  });

  it('says why, in Spanish: closing and drawing have their own actions; a closed raffle never goes back', () => {
    expect(statusChangeRefusal('activa', 'cerrada', none)?.message).toBe(lifecycleMessages.toClosedByEdit);
    expect(statusChangeRefusal('borrador', 'finalizada', none)?.message).toBe(
      lifecycleMessages.toFinishedByEdit,
    );
    expect(statusChangeRefusal('cerrada', 'activa', none)?.message).toBe(lifecycleMessages.reopen);
    expect(statusChangeRefusal('cerrada', 'finalizada', none)?.message).toBe(lifecycleMessages.reopen);
    expect(statusChangeRefusal('finalizada', 'cerrada', none)?.message).toBe(lifecycleMessages.finished);
  });
});

describe('close and draw', () => {
  it('closes only an activa raffle; a closed one says it is already closed', () => {
    expect(statusChangeRefusal('activa', 'cerrada', { ...sold, via: 'close' })).toBeNull();
    expect(statusChangeRefusal('borrador', 'cerrada', { ...none, via: 'close' })?.code).toBe(
      'INVALID_TRANSITION',
    );
    expect(statusChangeRefusal('cerrada', 'cerrada', { ...none, via: 'close' })?.code).toBe('RAFFLE_CLOSED');
    expect(statusChangeRefusal('finalizada', 'cerrada', { ...none, via: 'close' })?.code).toBe(
      'RAFFLE_CLOSED',
    );
  });

  it('draws only a cerrada raffle, once', () => {
    expect(statusChangeRefusal('cerrada', 'finalizada', { ...none, via: 'draw' })).toBeNull();
    expect(statusChangeRefusal('activa', 'finalizada', { ...none, via: 'draw' })?.code).toBe(
      'RAFFLE_NOT_CLOSED',
    );
    expect(statusChangeRefusal('finalizada', 'finalizada', { ...none, via: 'draw' })?.code).toBe(
      'ALREADY_DRAWN',
    );
  });

  it('treats cerrada and finalizada as closed', () => {
    expect(RAFFLE_STATUSES.filter(isClosedStatus)).toEqual(['cerrada', 'finalizada']);
  });
});

describe('formStatusOptions', () => {
  it('offers borrador or activa on create, and only what an edit may reach', () => {
    expect(formStatusOptions(null, none)).toEqual(['borrador', 'activa']);
    expect(formStatusOptions('borrador', sold)).toEqual(['borrador', 'activa']);
    expect(formStatusOptions('activa', none)).toEqual(['borrador', 'activa']);
    expect(formStatusOptions('activa', sold)).toEqual(['activa']);
    expect(formStatusOptions('cerrada', sold)).toEqual(['cerrada']);
    expect(formStatusOptions('finalizada', sold)).toEqual(['finalizada']);
  });
});

describe('salesClosed: the one rule for when a raffle stops selling', () => {
  const now = Date.parse('2026-12-24T18:00:00Z');
  const before = new Date(now - 1);
  const after = new Date(now + 1);

  it('is closed once the sold list is published or drawn, whatever the closing date', () => {
    for (const status of ['cerrada', 'finalizada'])
      for (const closingDate of [null, before, after])
        expect(salesClosed({ status, closingDate }, now), `${status} ${closingDate}`).toBe(true);
  });

  it('is closed from the closing date itself (not only once the close job ran), open before it', () => {
    for (const status of ['borrador', 'activa']) {
      expect(salesClosed({ status, closingDate: before }, now)).toBe(true);
      expect(salesClosed({ status, closingDate: new Date(now) }, now)).toBe(true);
      expect(salesClosed({ status, closingDate: after }, now)).toBe(false);
      expect(salesClosed({ status, closingDate: null }, now)).toBe(false);
    }
  });

  it('takes the date as the API sends it and `now` as a Date too', () => {
    expect(salesClosed({ status: 'activa', closingDate: before.toISOString() }, new Date(now))).toBe(true);
    expect(salesClosed({ status: 'activa', closingDate: after.toISOString() }, new Date(now))).toBe(false);
  });
});
