import { describe, expect, it } from 'vitest';
import { dueNowText, firstPaymentCents, installmentPlan, installmentsText } from './installments';

const withRate = { rate: 36.5, isStale: false, isLoading: false, isError: false };
const noRate = { rate: null, isStale: false, isLoading: false, isError: false };
const cuotas = { price_cents: 1000, payment_type: 'cuotas' as const, installments: 4 };

describe('installments', () => {
  it('has no plan for a single payment', () => {
    expect(installmentPlan({ price_cents: 1000, payment_type: 'pago_unico', installments: null })).toBeNull();
    expect(installmentPlan({ ...cuotas, installments: null })).toBeNull();
  });

  it('rounds one cuota up to the cent', () => {
    expect(installmentPlan(cuotas)).toEqual({ count: 4, cuotaCents: 250 });
    expect(installmentPlan({ ...cuotas, price_cents: 1000, installments: 3 })?.cuotaCents).toBe(334);
  });

  it('says the cuotas in dollars and bolívares, or dollars alone without a rate', () => {
    const plan = { count: 4, cuotaCents: 250 };
    expect(installmentsText(plan, withRate)).toBe('4 cuotas de $2,50 / Bs 91,25');
    expect(installmentsText(plan, noRate)).toBe('4 cuotas de $2,50');
  });

  it('says what is due today, per number and for several numbers', () => {
    const plan = { count: 4, cuotaCents: 250 };
    expect(dueNowText(plan, withRate)).toBe('Hoy pagas la primera cuota: $2,50 / Bs 91,25 por número');
    expect(dueNowText(plan, noRate, 3)).toBe(
      'Hoy pagas la primera cuota: $2,50 por número (× 3 números: $7,50)',
    );
  });

  it('never asks more than what the ticket still owes', () => {
    expect(firstPaymentCents({ count: 4, cuotaCents: 250 }, 1000)).toBe(250);
    expect(firstPaymentCents({ count: 4, cuotaCents: 250 }, 100)).toBe(100);
    expect(firstPaymentCents(null, 1000)).toBe(1000);
  });
});
