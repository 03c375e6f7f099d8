import type { StaffTicket } from '@domain/staff-tickets';
import { describe, expect, it } from 'vitest';
import { staffTicketFixture } from '@/test/staff-ticket';
import { reservedUntil, reviewHoldUntil, unbrokenTime } from './ticket-fields';

const sale: StaffTicket = staffTicketFixture({
  purchased_at: '2026-11-21T22:00:00.000Z',
  remaining_cents: 1000,
  price_cents: 1000,
  // 21 nov 2026, 8:00 p. m. in Caracas.
  reserved_until: '2026-11-22T00:00:00.000Z',
});

describe('the staff list says until when a reservation is kept', () => {
  it('by its deadline to pay', () => {
    expect(reservedUntil(sale)).toMatch(/^21 nov 2026, 8:00\s?p\. m\.$/);
    expect(reviewHoldUntil(sale)).toBeNull();
  });

  it('by the end of the review of a payment that keeps it, and then not by the deadline', () => {
    const held = { ...sale, review_hold_until: '2026-11-23T23:00:00.000Z' };
    expect(reviewHoldUntil(held)).toMatch(/^23 nov 2026, 7:00\s?p\. m\.$/);
    expect(reservedUntil(held)).toBeNull();
  });

  it('not at all once paid', () => {
    const paid = { ...sale, status: 'pagado', review_hold_until: '2026-11-23T23:00:00.000Z' };
    expect(reservedUntil(paid)).toBeNull();
    expect(reviewHoldUntil(paid)).toBeNull();
  });
});

describe('unbrokenTime', () => {
  it('keeps the time and its «a. m.» / «p. m.» together, the date free to wrap', () => {
    expect(unbrokenTime('21 nov 2026, 10:30 a. m.')).toBe('21 nov 2026, 10:30\u00a0a.\u00a0m.');
    expect(unbrokenTime('21 nov 2026, 6:00 p. m.')).toBe('21 nov 2026, 6:00\u00a0p.\u00a0m.');
    expect(unbrokenTime('21 nov 2026')).toBe('21 nov 2026');
  });
});
