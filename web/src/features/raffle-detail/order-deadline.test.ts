import { describe, expect, it } from 'vitest';
import { orderDeadline } from './order-deadline';

const at = (hour: number) => `2026-12-01T${String(hour).padStart(2, '0')}:00:00.000Z`;

describe('orderDeadline', () => {
  it('the earliest hold of the numbers still to pay', () => {
    expect(orderDeadline([{ reserved_until: at(12) }, { reserved_until: at(10) }])).toEqual({
      kind: 'pay',
      at: at(10),
    });
  });

  it('a number a payment under review keeps has no deadline to pay; the others still do', () => {
    const tickets = [
      { reserved_until: at(10), review_hold_until: at(20) },
      { reserved_until: at(11), review_hold_until: null },
    ];
    expect(orderDeadline(tickets)).toEqual({ kind: 'pay', at: at(11) });
  });

  it('every held number kept by a review: until when the review keeps them', () => {
    const tickets = [
      { reserved_until: at(10), review_hold_until: at(22) },
      { reserved_until: at(10), review_hold_until: at(21) },
      { reserved_until: null, review_hold_until: null },
    ];
    expect(orderDeadline(tickets)).toEqual({ kind: 'review', at: at(21) });
  });

  it('nothing held (all paid): none', () => {
    expect(orderDeadline([{ reserved_until: null, review_hold_until: null }])).toBeNull();
  });
});
