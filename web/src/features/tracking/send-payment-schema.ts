import { formatUsd, parseMoneyToCents } from '@domain/money';
import { PAYMENT_METHODS } from '@domain/reservations';
import { z } from '@domain/zod';
import { trackingTexts } from './texts';

const t = trackingTexts.send;

/** 250 -> "2,50": how the amount field shows cents (a decimal comma, as buyers in Venezuela write). */
export const centsToInput = (cents: number): string => (cents / 100).toFixed(2).replace('.', ',');

/**
 * The send-proof form: an amount in dollars ("2,50" or "2.50") that must not exceed what the ticket
 * still owes, the payment method and an optional bank reference. The proof file is uploaded apart.
 */
export const sendPaymentFormSchema = (remainingCents: number) =>
  z.object({
    amount: z
      .string()
      .refine((s) => parseMoneyToCents(s) !== null, t.invalidAmount)
      .transform((s) => parseMoneyToCents(s) ?? 0)
      .pipe(
        z
          .int()
          .min(1, t.zeroAmount)
          .max(remainingCents, t.tooMuch(formatUsd(remainingCents))),
      ),
    payment_method: z.enum(PAYMENT_METHODS),
    reference: z.string().trim().max(60),
  });

export type SendPaymentFormInput = z.input<ReturnType<typeof sendPaymentFormSchema>>;
export type SendPaymentFormOutput = z.output<ReturnType<typeof sendPaymentFormSchema>>;
