import { BANK_CODES } from '@domain/banks';
import { vePhoneField } from '@domain/fields';
import { formatUsd, parseMoneyToCents, usdCentsFromVesAt } from '@domain/money';
import { paymentMessages, REFERENCED_METHODS } from '@domain/payments';
import { caracasDate } from '@domain/rates';
import { PAYMENT_METHODS } from '@domain/reservations';
import { z } from '@domain/zod';
import { orderPaymentTexts } from './order-texts';

const t = orderPaymentTexts;

export type AmountCurrency = 'VES' | 'USD';

/**
 * "1.825,50", "1825,50" or "1825.50" -> 182550 céntimos; null when it is not an amount. A dot
 * before three digits is a thousands separator, as Venezuelan banks write bolívares.
 */
export function parseAmountToCents(input: string): number | null {
  const text = input.trim().replace(/\s/g, '');
  const thousands = /^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(text);
  return parseMoneyToCents(thousands ? text.replace(/\./g, '') : text);
}

/** 182550 -> "1825,50": how the amount field shows céntimos (decimal comma, no grouping to retype). */
export const centsToInput = (cents: number): string => (cents / 100).toFixed(2).replace('.', ',');

const phone = vePhoneField();

/**
 * The "Enviar comprobante" form of an order: the amount in Bs or USD (never more than the order
 * owes), and what a bank statement needs to find the payment: the reference for a transfer or
 * pago móvil, the payer's phone for a pago móvil. Answers the body of `POST /api/payments` without
 * the order code, cedula and proof.
 */
export const orderPaymentFormSchema = ({ owedCents, rate }: { owedCents: number; rate: number | null }) =>
  z
    .object({
      currency: z.enum(['VES', 'USD']),
      amount: z.string(),
      payment_method: z.enum(PAYMENT_METHODS),
      bank_code: z.union([z.enum(BANK_CODES), z.literal('')]),
      reference: z.string().trim().max(60, t.referenceTooLong),
      payer_phone: z.string().trim(),
      paid_on: z.iso.date(t.invalidDate),
    })
    .superRefine((v, ctx) => {
      const cents = parseAmountToCents(v.amount);
      if (cents === null)
        ctx.addIssue({ code: 'custom', path: ['amount'], message: t.invalidAmount(v.currency) });
      else if (cents <= 0) ctx.addIssue({ code: 'custom', path: ['amount'], message: t.zeroAmount });
      else {
        const usd = v.currency === 'USD' ? cents : rate ? usdCentsFromVesAt(cents, rate) : null;
        // A cent of slack in Bs: the server converts at the same rate and has the last word.
        if (usd !== null && usd > owedCents + (v.currency === 'VES' ? 1 : 0))
          ctx.addIssue({ code: 'custom', path: ['amount'], message: t.tooMuch(formatUsd(owedCents)) });
      }
      if (REFERENCED_METHODS.has(v.payment_method) && !v.reference)
        ctx.addIssue({ code: 'custom', path: ['reference'], message: paymentMessages.referenceRequired });
      if (v.payment_method === 'pago_movil') {
        if (!v.payer_phone)
          ctx.addIssue({
            code: 'custom',
            path: ['payer_phone'],
            message: paymentMessages.payerPhoneRequired,
          });
        else if (!phone.safeParse(v.payer_phone).success)
          ctx.addIssue({ code: 'custom', path: ['payer_phone'], message: t.invalidPhone });
      }
      if (v.paid_on > caracasDate())
        ctx.addIssue({ code: 'custom', path: ['paid_on'], message: t.futureDate });
    })
    .transform((v) => {
      const cents = parseAmountToCents(v.amount) ?? 0;
      const referenced = REFERENCED_METHODS.has(v.payment_method) || v.payment_method === 'pago_movil';
      return {
        ...(v.currency === 'USD' ? { amount_cents: cents } : { amount_ves_cents: cents }),
        payment_method: v.payment_method,
        bank_code: referenced && v.bank_code ? v.bank_code : undefined,
        reference: v.reference || undefined,
        payer_phone: v.payment_method === 'pago_movil' ? phone.parse(v.payer_phone) : undefined,
        paid_on: v.paid_on,
      };
    });

export type OrderPaymentFormOutput = z.output<ReturnType<typeof orderPaymentFormSchema>>;
export type OrderPaymentFormInput = z.input<ReturnType<typeof orderPaymentFormSchema>>;
