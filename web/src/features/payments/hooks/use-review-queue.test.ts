import type { StaffPayment } from '@domain/payments';
import { describe, expect, it } from 'vitest';
import { staffPaymentFixture } from '@/test/staff-payment';
import { afterApproval, type Decided, keepDecided } from './use-review-queue';

const [a, b, c, d, fresh] = [1, 2, 3, 4, 5].map((n) => staffPaymentFixture({}, n)) as StaffPayment[];
const ids = (items: { payment: StaffPayment; decided?: Decided }[]) =>
  items.map((item) => `${item.payment.ticket.number}${item.decided ? `:${item.decided}` : ''}`);
const kept = (payment: StaffPayment, decided: Decided, after: StaffPayment | null, at: number) => ({
  payment,
  decided,
  after: after?.id ?? null,
  at,
});

describe('keepDecided: a payment decided here stays where it was shown', () => {
  it('nothing decided: the server list as it is', () => {
    expect(ids(keepDecided([a, b, c], []))).toEqual(['1', '2', '3']);
  });

  it('puts a decided card back between the same neighbours once the server drops it', () => {
    expect(ids(keepDecided([a, c, d], [kept(b, 'approved', a, 1)]))).toEqual(['1', '2:approved', '3', '4']);
  });

  it('keeps several in place, whatever order they were decided in', () => {
    // Decided: c (after b, at 2), then a (first), then b (after a).
    const decided = [kept(c, 'rejected', b, 2), kept(a, 'approved', null, 0), kept(b, 'approved', a, 1)];
    expect(ids(keepDecided([d], decided))).toEqual(['1:approved', '2:approved', '3:rejected', '4']);
  });

  it('a new payment at the top does not move a decided card away from its neighbour', () => {
    expect(ids(keepDecided([fresh, a, c], [kept(b, 'approved', a, 1)]))).toEqual([
      '5',
      '1',
      '2:approved',
      '3',
    ]);
  });

  it('when the card it followed is gone too (decided elsewhere), it keeps its position', () => {
    expect(ids(keepDecided([c, d], [kept(b, 'approved', a, 1)]))).toEqual(['3', '2:approved', '4']);
  });

  it('a decided payment still listed (the refresh not back yet) is shown once, decided', () => {
    expect(ids(keepDecided([a, b, c], [kept(b, 'approved', a, 1)]))).toEqual(['1', '2:approved', '3']);
  });
});

describe('afterApproval: the kept card shows its numbers as the approval left them', () => {
  it('a part that covers what its number owed is paid; one that does not, part-paid', () => {
    const payment = staffPaymentFixture({
      parts: [
        {
          ticket_id: 't1',
          number: 1,
          ticket_number: '01',
          amount_cents: 500,
          status: 'apartado',
          remaining_cents: 500,
          instant_win_prize: null,
        },
        {
          ticket_id: 't2',
          number: 2,
          ticket_number: '02',
          amount_cents: 200,
          status: 'abonado',
          remaining_cents: 300,
          instant_win_prize: null,
        },
      ],
    });
    expect(afterApproval(payment).parts.map((p) => [p.status, p.remaining_cents])).toEqual([
      ['pagado', 0],
      ['abonado', 100],
    ]);
  });

  it('a payment without parts settles its ticket', () => {
    const payment = staffPaymentFixture({ parts: [], amount_cents: 500 });
    expect(afterApproval(payment).ticket).toMatchObject({ status: 'pagado', remaining_cents: 0 });
  });
});
