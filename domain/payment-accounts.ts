import { BANK_CODES, bankName } from './banks';
import { vePhoneField } from './fields';
import { normalizeIdDocument, phoneDigits } from './phone';
import { z } from './zod';

/**
 * Where a raffle's buyers pay (issue 18): each account as data, not prose, so the raffle page can
 * show every value with its own copy button and a typo in a phone or an account number is caught
 * when the organizer saves it. The method names are the payments' own (`PAYMENT_METHODS` in
 * reservations.ts; payment-accounts.test.ts holds the two lists equal: reservations.ts imports
 * raffles.ts, which imports this file, so this one cannot import it). Each method takes the fields
 * its banks ask for, and nothing else.
 */

export const MAX_PAYMENT_ACCOUNTS = 10;

export const paymentAccountMessages = {
  method: 'Elige cómo se paga a esta cuenta',
  bank: 'Elige el banco',
  holder: 'Escribe el nombre del titular (de 2 a 120 caracteres)',
  idDocument: 'Cédula o RIF inválido: p. ej. V-12345678 o J-12345678-9',
  phone: 'Teléfono inválido: usa el formato 0414-1234567',
  accountNumber: 'El número de cuenta tiene 20 dígitos',
  accountOfBank: (code: string) => `Ese número de cuenta no es del banco elegido: debe empezar por ${code}`,
  email: 'Correo inválido: p. ej. pagos@ejemplo.com',
  binanceId: 'El ID de Binance Pay son solo números (de 6 a 12)',
  binanceIdOrEmail: 'Escribe el ID de Binance Pay o el correo de la cuenta',
  tooMany: `Puedes agregar hasta ${MAX_PAYMENT_ACCOUNTS} cuentas de pago`,
  noWayToPay:
    'Agrega al menos una cuenta, instrucciones de pago o un WhatsApp de contacto: sin eso quien aparte no tiene cómo pagarte. Sin ninguno, guárdala como borrador.',
} as const;

/**
 * A raffle put on sale tells its buyers how to pay: an account, instructions or a WhatsApp to ask on.
 * Without any, a buyer who reserves has nowhere to pay before the hold runs out (a phone review,
 * 2026-11-30). A borrador may wait. The create form asks it; the API leaves it to the organizer.
 */
export function noWayToPayProblem(raffle: {
  status: string;
  payment_accounts: readonly unknown[];
  payment_instructions: string | null;
  contact_phone: string | null;
}): { path: 'payment_accounts'; message: string } | null {
  if (raffle.status === 'borrador' || raffle.payment_accounts.length > 0) return null;
  if (raffle.payment_instructions?.trim() || raffle.contact_phone?.trim()) return null;
  return { path: 'payment_accounts', message: paymentAccountMessages.noWayToPay };
}

/** What each value is called, in the organizer's form and on the buyer's page alike. */
export const paymentAccountFieldLabels = {
  bank_code: 'Banco',
  phone: 'Teléfono',
  account_number: 'Número de cuenta',
  email: 'Correo',
  binance_id: 'ID de Binance Pay',
  holder: 'Titular',
  id_document: 'Cédula o RIF',
} as const;
export type PaymentAccountField = keyof typeof paymentAccountFieldLabels;

const m = paymentAccountMessages;
const field = {
  bank_code: z.enum(BANK_CODES, m.bank),
  holder: z.string(m.holder).trim().min(2, m.holder).max(120, m.holder),
  id_document: z
    .string(m.idDocument)
    .max(20, m.idDocument)
    .meta({ example: 'V-12345678' })
    .transform((v, ctx) => {
      const document = normalizeIdDocument(v);
      if (document) return document;
      ctx.addIssue({ code: 'custom', message: m.idDocument });
      return z.NEVER;
    }),
  phone: vePhoneField(m.phone),
  // Written with spaces or dashes as the bank prints it; kept as its 20 digits.
  account_number: z
    .string(m.accountNumber)
    .max(40, m.accountNumber)
    .meta({ example: '0102-0123-45-0123456789' })
    .transform((v, ctx) => {
      const digits = v.replace(/[\s.-]/g, '');
      if (/^\d{20}$/.test(digits)) return digits;
      ctx.addIssue({ code: 'custom', message: m.accountNumber });
      return z.NEVER;
    }),
  email: z.string(m.email).trim().max(254, m.email).pipe(z.email(m.email)),
  binance_id: z
    .string(m.binanceId)
    .trim()
    .regex(/^\d{6,12}$/, m.binanceId),
};

/** One object per method, its fields in the order a buyer reads them. */
const ACCOUNT_SCHEMAS = {
  pago_movil: z
    .object({
      method: z.literal('pago_movil'),
      bank_code: field.bank_code,
      phone: field.phone,
      id_document: field.id_document,
      holder: field.holder,
    })
    .strict(),
  transfer: z
    .object({
      method: z.literal('transfer'),
      bank_code: field.bank_code,
      account_number: field.account_number,
      holder: field.holder,
      id_document: field.id_document,
    })
    .strict()
    // A Venezuelan account number starts with its bank's code: a mismatch is a typo in one of them.
    .superRefine((account, ctx) => {
      if (!account.account_number.startsWith(account.bank_code))
        ctx.addIssue({
          code: 'custom',
          path: ['account_number'],
          message: m.accountOfBank(account.bank_code),
        });
    }),
  zelle: z.object({ method: z.literal('zelle'), email: field.email, holder: field.holder }).strict(),
  binance: z
    .object({
      method: z.literal('binance'),
      binance_id: field.binance_id.optional(),
      email: field.email.optional(),
      holder: field.holder,
    })
    .strict()
    .superRefine((account, ctx) => {
      if (!account.binance_id && !account.email)
        ctx.addIssue({ code: 'custom', path: ['binance_id'], message: m.binanceIdOrEmail });
    }),
  efectivo: z
    .object({ method: z.literal('efectivo'), holder: field.holder, phone: field.phone.optional() })
    .strict(),
};
type PaymentMethod = keyof typeof ACCOUNT_SCHEMAS;

/** Every payment method, in the order the organizer's picker offers them. */
export const PAYMENT_ACCOUNT_METHODS = Object.keys(ACCOUNT_SCHEMAS) as [PaymentMethod, ...PaymentMethod[]];

/** A raffle's payment account as the organizer sends it (create and edit bodies). */
export const paymentAccountSchema = z.discriminatedUnion(
  'method',
  [
    ACCOUNT_SCHEMAS.pago_movil,
    ACCOUNT_SCHEMAS.transfer,
    ACCOUNT_SCHEMAS.zelle,
    ACCOUNT_SCHEMAS.binance,
    ACCOUNT_SCHEMAS.efectivo,
  ],
  { error: m.method },
);
export type PaymentAccountInput = z.input<typeof paymentAccountSchema>;
export type PaymentAccount = z.output<typeof paymentAccountSchema>;

export const paymentAccountsField = z.array(paymentAccountSchema).max(MAX_PAYMENT_ACCOUNTS, m.tooMany);

/** A stored account as the API answers it: the values as saved (normalized), only its method's. */
export const paymentAccountViewSchema = z
  .object({
    method: z.enum(PAYMENT_ACCOUNT_METHODS),
    bank_code: z.string().optional(),
    phone: z.string().optional(),
    account_number: z.string().optional(),
    email: z.string().optional(),
    binance_id: z.string().optional(),
    holder: z.string(),
    id_document: z.string().optional(),
  })
  .meta({
    description:
      'Campos por método: pago_movil {bank_code, phone, id_document, holder}; transfer {bank_code, account_number, holder, id_document}; zelle {email, holder}; binance {binance_id?, email?, holder}; efectivo {holder, phone?}.',
  });
export type PaymentAccountView = z.infer<typeof paymentAccountViewSchema>;

/** The fields a method takes, in order, and which may stay empty (the form shows just these). */
export function paymentAccountFields(
  method: PaymentMethod,
): { field: PaymentAccountField; optional: boolean }[] {
  const shape = ACCOUNT_SCHEMAS[method].shape as Record<string, z.ZodType>;
  return Object.entries(shape)
    .filter(([name]) => name !== 'method')
    .map(([name, schema]) => ({
      field: name as PaymentAccountField,
      optional: schema.safeParse(undefined).success,
    }));
}

export type PaymentAccountLine = { field: PaymentAccountField; label: string; value: string; copy: string };

/** "0102-0123-45-0123456789": bank, office, check digits and account, as banks print it. */
const groupedAccountNumber = (digits: string) =>
  `${digits.slice(0, 4)}-${digits.slice(4, 8)}-${digits.slice(8, 10)}-${digits.slice(10)}`;

/** What a buyer reads for one value (`value`) and what a bank app's field takes (`copy`). */
function shown(name: PaymentAccountField, value: string): { value: string; copy: string } {
  switch (name) {
    case 'bank_code': {
      const bank = bankName(value);
      return { value: bank ? `${value} · ${bank}` : value, copy: value };
    }
    case 'account_number':
      return { value: groupedAccountNumber(value), copy: value };
    case 'phone':
    case 'id_document':
      return { value, copy: phoneDigits(value) };
    default:
      return { value, copy: value };
  }
}

/** One line per value of an account, in its method's order; empty optional values have none. */
export function paymentAccountLines(account: PaymentAccountView): PaymentAccountLine[] {
  return paymentAccountFields(account.method).flatMap(({ field: name }) => {
    const value = account[name];
    return value ? [{ field: name, label: paymentAccountFieldLabels[name], ...shown(name, value) }] : [];
  });
}
