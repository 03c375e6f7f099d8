import { installmentCents } from '@domain/raffle-figures';
import type { PublicRaffle } from '@domain/raffles';
import type { VesRate } from '@/lib/exchange-rates';
import { priceText } from './price';
import { raffleDetailTexts } from './texts';

type Priced = Pick<PublicRaffle, 'price_cents' | 'payment_type' | 'installments'>;

/** How a raffle sold in cuotas is paid: how many, and one cuota (rounded up to the cent). */
export type InstallmentPlan = { count: number; cuotaCents: number };

const t = raffleDetailTexts.installments;

/** The cuota plan, or null for a raffle paid at once. */
export function installmentPlan(raffle: Priced): InstallmentPlan | null {
  if (raffle.payment_type !== 'cuotas' || !raffle.installments || raffle.installments < 2) return null;
  return { count: raffle.installments, cuotaCents: installmentCents(raffle) };
}

/** "4 cuotas de $2,50 / Bs 91,25". */
export const installmentsText = (plan: InstallmentPlan, rate: VesRate): string =>
  t.plan(plan.count, priceText(plan.cuotaCents, rate).label);

/**
 * What the buyer pays today: "Hoy pagas la primera cuota: $2,50 / Bs 91,25 por número", plus the
 * total for several numbers ("× 3 números: $7,50 / Bs 273,75").
 */
export function dueNowText(plan: InstallmentPlan, rate: VesRate, numbers = 1): string {
  const each = t.dueNow(priceText(plan.cuotaCents, rate).label);
  return numbers > 1 ? `${each} ${t.times(numbers, priceText(plan.cuotaCents * numbers, rate).label)}` : each;
}

/** What one ticket pays first: a cuota for a cuotas raffle, else all it owes. */
export const firstPaymentCents = (plan: InstallmentPlan | null, remainingCents: number): number =>
  plan ? Math.min(plan.cuotaCents, remainingCents) : remainingCents;
