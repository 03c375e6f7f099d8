import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../domain/api';
import { type PublicCreatePaymentResult, paymentMessages } from '../../../domain/payments';
import { caracasDate, daysBefore, MAX_RATE_AGE_DAYS } from '../../../domain/rates';
import { buyer, makeRaffle, reserveNumbers } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

// Audit of 2026-12-06 (decision 086): the only VES rate was a month old and a buyer's Bs payment was
// credited at it (36,5 Bs per dollar where the day's was far higher), and reconciliation expected
// the same stale Bs, so a matching credit was approved by itself.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** The only VES rate: 36,5 Bs per dollar, dated `age` days before today in Caracas. */
async function onlyRateFrom(age: number) {
  await t.db.execute(sql`delete from daily_exchange_rates where currency_code = 'VES'`);
  await t.db.execute(sql`insert into daily_exchange_rates (currency_code, rate_to_usd, rate_date, source, is_stale)
    values ('VES', '36.500000', ${daysBefore(caracasDate(), age)}, 'manual', false)`);
}

async function payInBs(cedula: string, number: number) {
  const raffle = await makeRaffle(t, { price_cents: 1000, total_numbers: 100 });
  const [ticket] = await reserveNumbers(t, raffle.id, [number], buyer({ cedula }));
  return t.api<PublicCreatePaymentResult & ApiError>('POST', '/api/payments', {
    body: {
      ticket_id: ticket?.id,
      cedula,
      amount_ves_cents: 36_500,
      payment_method: 'pago_movil',
      bank_code: '0134',
      reference: `${40_000_000 + number}`,
      payer_phone: '04141234567',
      paid_on: caracasDate(),
    },
  });
}

describe('a payment in bolívares and the age of the rate', () => {
  it(`is credited at a rate up to ${MAX_RATE_AGE_DAYS} days old (a weekend, a holiday)`, async () => {
    await onlyRateFrom(MAX_RATE_AGE_DAYS);
    const paid = await payInBs('V-21333111', 1);
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body.payment.amount_cents).toBe(1000);
  });

  it('is refused at an older rate, as with no rate: the buyer gives the amount in dollars', async () => {
    await onlyRateFrom(MAX_RATE_AGE_DAYS + 1);
    const refused = await payInBs('V-21333222', 2);
    expect(refused.status).toBe(422);
    expect(refused.body.error).toEqual({
      code: 'RATE_UNAVAILABLE',
      message: paymentMessages.rateUnavailable,
    });
    await onlyRateFrom(30);
    expect((await payInBs('V-21333333', 3)).status).toBe(422);
  });
});
