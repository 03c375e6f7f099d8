import { describe, expect, it } from 'vitest';
import { formatOrderCode, parseOrderCode, spreadPayment } from './orders';

const t = (number: number, owed: number, firstDue = owed, paid = 0) => ({
  ticketId: `t${number}`,
  number,
  owedCents: owed,
  firstDueCents: firstDue,
  paidCents: paid,
});

describe('order codes', () => {
  it('shows and reads a code with or without its dash', () => {
    expect(formatOrderCode('K7M4Q2XA')).toBe('K7M-4Q2XA');
    expect(parseOrderCode('k7m-4q3xa')).toBe('K7M4Q3XA');
    expect(parseOrderCode(' K7M 4Q3XA ')).toBe('K7M4Q3XA');
  });
  it('refuses look-alike characters the alphabet leaves out', () => {
    expect(parseOrderCode('K7M-4Q2X')).toBeNull(); // 7 characters
    expect(parseOrderCode('K7M-4Q2XA')).toBeNull();
    expect(parseOrderCode('K7M4Q3XA')).toBe('K7M4Q3XA');
    expect(parseOrderCode('K7M4Q3X0')).toBeNull(); // 0 is not in the alphabet
  });
});

describe('spreading an order payment over its numbers', () => {
  it('pays the numbers in number order', () => {
    expect(spreadPayment(1500, [t(7, 1000), t(3, 1000)])).toEqual([
      { ticketId: 't3', number: 3, amountCents: 1000 },
      { ticketId: 't7', number: 7, amountCents: 500 },
    ]);
  });
  it('gives each number its first cuota before the rest of any price', () => {
    // 4 cuotas of 250 on two numbers of 1000: 600 -> 250 + 250 first, then 100 more on the first.
    expect(spreadPayment(600, [t(1, 1000, 250), t(2, 1000, 250)])).toEqual([
      { ticketId: 't1', number: 1, amountCents: 350 },
      { ticketId: 't2', number: 2, amountCents: 250 },
    ]);
  });
  it('counts what a number has already paid of its first cuota', () => {
    expect(spreadPayment(300, [t(1, 900, 250, 100), t(2, 1000, 250)])).toEqual([
      { ticketId: 't1', number: 1, amountCents: 150 },
      { ticketId: 't2', number: 2, amountCents: 150 },
    ]);
  });
  it('refuses more than the order owes, and nothing', () => {
    expect(spreadPayment(2001, [t(1, 1000), t(2, 1000)])).toBeNull();
    expect(spreadPayment(0, [t(1, 1000)])).toBeNull();
    expect(spreadPayment(2000, [t(1, 1000), t(2, 1000)])?.map((p) => p.amountCents)).toEqual([1000, 1000]);
  });
});
