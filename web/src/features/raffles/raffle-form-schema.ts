import {
  DRAW_KINDS,
  drawDeclarationProblems,
  LOTTERY_RULES,
  undeclaredSourceProblem,
} from '@domain/draw-terms';
import { instantWinsProblem, type StaffInstantWins } from '@domain/instant-wins';
import { parseMoneyToCents } from '@domain/money';
import { packagesProblem } from '@domain/package-pricing';
import {
  noWayToPayProblem,
  PAYMENT_ACCOUNT_METHODS,
  type PaymentAccountField,
  type PaymentAccountView,
  paymentAccountFields,
} from '@domain/payment-accounts';
import { isClosedStatus } from '@domain/raffle-lifecycle';
import {
  createRaffleSchema,
  MAX_DIGIT_COUNT,
  type Raffle,
  raffleMessages,
  raffleRuleViolations,
  updateRaffleSchema,
} from '@domain/raffles';
import { z } from '@domain/zod';
import { serverNow } from '@/lib/server-clock';
import { caracasLocalToIso, isoToCaracasLocal } from './caracas-datetime';
import { formTexts } from './form-texts';
import { prizeFormRow, prizesOverStoredSources, prizeToRow, sealedPrizes } from './prize-form';

const api = updateRaffleSchema.shape;
const v = formTexts.validation;
const MAX_PRICE_CENTS = 100_000_000;

/** A text input holding a whole number, then the shared rule for that field. */
const wholeNumber = (message: string) =>
  z
    .string()
    .trim()
    .transform((s) => (/^\d{1,9}$/.test(s) ? Number(s) : Number.NaN))
    .pipe(z.number(message));

const optionalText = z
  .string()
  .trim()
  .transform((s) => (s === '' ? null : s));

/** A "YYYY-MM-DDTHH:mm" Caracas clock time, or empty: the ISO instant with the Caracas offset, or null. */
const optionalCaracasTime = (message: string) =>
  optionalText.transform((s, ctx) => {
    if (s === null) return null;
    const iso = caracasLocalToIso(s);
    if (!iso) ctx.addIssue({ code: 'custom', message });
    return iso;
  });

/**
 * One payment account as the form holds it: every field's text, whatever the method (switching the
 * method keeps what was typed). Only the chosen method's fields go out, empty ones left out, so
 * the server's own schema says which are missing, on their path (`payment_accounts.0.holder`).
 */
const accountRow = z
  .object({
    method: z.enum(PAYMENT_ACCOUNT_METHODS),
    bank_code: z.string(),
    phone: z.string(),
    account_number: z.string(),
    email: z.string(),
    binance_id: z.string(),
    holder: z.string(),
    id_document: z.string(),
  })
  .transform((row) => {
    const account: Record<string, string> = { method: row.method };
    for (const { field } of paymentAccountFields(row.method)) {
      const value = row[field].trim();
      if (value) account[field] = value;
    }
    return account;
  });
export type PaymentAccountRow = z.input<typeof accountRow>;

export const emptyAccountRow = (method: PaymentAccountRow['method'] = 'pago_movil'): PaymentAccountRow => ({
  method,
  bank_code: '',
  phone: '',
  account_number: '',
  email: '',
  binance_id: '',
  holder: '',
  id_document: '',
});

const accountToRow = (account: PaymentAccountView): PaymentAccountRow => {
  const row = emptyAccountRow(account.method);
  for (const field of Object.keys(row) as (PaymentAccountField | 'method')[]) {
    if (field !== 'method') row[field] = account[field] ?? '';
  }
  return row;
};

/**
 * Form fields are what people type (dollars, "2026-11-21T20:00"); the output is the API's body
 * (`price_cents`, ISO `closing_date` with the Caracas offset), checked again by the shared schemas.
 */
const raffleFormFields = z.object({
  name: z.string().trim().min(1, v.nameRequired).pipe(api.name.unwrap()),
  description: z.string().pipe(api.description.unwrap()),
  price: z
    .string()
    .transform((s) => parseMoneyToCents(s) ?? Number.NaN)
    .pipe(z.number(v.price).max(MAX_PRICE_CENTS, v.priceTooHigh)),
  total_numbers: wholeNumber(v.total).pipe(api.total_numbers.unwrap()),
  digit_count: wholeNumber(v.digits).pipe(api.digit_count.unwrap()),
  payment_type: api.payment_type.unwrap(),
  installments: optionalText
    .transform((s) => (s === null ? null : /^\d{1,3}$/.test(s) ? Number(s) : Number.NaN))
    .pipe(z.number(v.installments).nullable())
    .pipe(api.installments.unwrap()),
  closing_date: optionalCaracasTime(v.closingDate).pipe(api.closing_date.unwrap()),
  reservation_minutes: wholeNumber(v.minutes).pipe(api.reservation_minutes.unwrap()),
  max_numbers_per_buyer: wholeNumber(v.maxPerBuyer).pipe(api.max_numbers_per_buyer.unwrap()),
  draw_source: optionalText.pipe(api.draw_source.unwrap()),
  // The declared source (issue 19): '' is a raffle with none (free text in draw_source only).
  draw_kind: z.enum(['', ...DRAW_KINDS]).transform((k) => (k === '' ? null : k)),
  draw_lottery: optionalText,
  draw_at: optionalCaracasTime(v.drawAt),
  draw_rule: z.enum(LOTTERY_RULES),
  organizer_name: optionalText.pipe(api.organizer_name.unwrap()),
  contact_phone: optionalText.pipe(api.contact_phone.unwrap()),
  payment_instructions: optionalText.pipe(api.payment_instructions.unwrap()),
  payment_accounts: z.array(accountRow),
  // "5" and "20,00" as typed; the shared schema checks the numbers, the rule below the prices.
  packages: z.array(
    z
      .object({
        numbers: wholeNumber(v.packageNumbers),
        price: z
          .string()
          .transform((s) => parseMoneyToCents(s) ?? Number.NaN)
          .pipe(z.number(v.price).max(MAX_PRICE_CENTS, v.priceTooHigh)),
      })
      .transform(({ numbers, price }) => ({ numbers, price_cents: price })),
  ),
  // Number and prize as typed; the shared schema trims, caps at 20 and refuses repeats.
  instant_wins: z.array(z.object({ number: wholeNumber(v.instantWinNumber), prize: z.string() })),
  status: api.status.unwrap(),
  images: api.images.unwrap(),
  show_leaderboards: z.boolean(),
  // Several prizes (decision 042): the 2.º, 3.º, … (the prize above is the 1.º).
  prizes: z.array(prizeFormRow),
  prize_repeat_rule: api.prize_repeat_rule.unwrap(),
});

export type RaffleFormInput = z.input<typeof raffleFormFields>;

/** The API body: installments only for cuotas, cross-field rules on the right field. */
const toApiBody = (mode: 'create' | 'edit') =>
  raffleFormFields
    .transform(({ price, ...rest }) => {
      const lottery = rest.draw_kind === 'loteria';
      return {
        ...rest,
        price_cents: price,
        installments: rest.payment_type === 'cuotas' ? rest.installments : null,
        // Only a lottery has a name, a time and a rule; drand's round is fixed by the server at close.
        draw_lottery: lottery ? rest.draw_lottery : null,
        draw_at: lottery ? rest.draw_at : null,
        draw_rule: lottery ? rest.draw_rule : null,
      };
    })
    .superRefine((body, ctx) => {
      for (const p of [...raffleRuleViolations(body), ...drawDeclarationProblems(body)])
        ctx.addIssue({ code: 'custom', path: [p.path], message: p.message });
      const dearer = packagesProblem(body.packages, body.price_cents);
      if (dearer) ctx.addIssue({ code: 'custom', path: ['packages'], message: dearer });
      const outside = instantWinsProblem(body.instant_wins, body.total_numbers);
      if (outside) ctx.addIssue({ code: 'custom', path: outside.path.split('.'), message: outside.message });
      // Editing, the server knows whether the raffle was selling with none since before sources.
      const undeclared = mode === 'create' ? undeclaredSourceProblem(null, body) : null;
      if (undeclared) ctx.addIssue({ code: 'custom', path: [undeclared.path], message: undeclared.message });
      const unpayable = mode === 'create' ? noWayToPayProblem(body) : null;
      if (unpayable) ctx.addIssue({ code: 'custom', path: [unpayable.path], message: unpayable.message });
      if (mode === 'create' && body.closing_date && closingDatePassed(body.closing_date)) {
        ctx.addIssue({ code: 'custom', path: ['closing_date'], message: raffleMessages.closingInPast });
      }
    });

/**
 * The closing date is behind the server's now (decision 064): a new raffle may not take it, and a
 * stored one is final (the raffle closes itself at it), whatever the laptop's clock says.
 */
export const closingDatePassed = (closing: string | null, now = serverNow()): boolean =>
  closing !== null && new Date(closing).getTime() <= now;

/** Runs the server's own schema on the body, reporting its problems as form issues. */
const checkedBy =
  <S extends z.ZodType>(schema: S) =>
  (body: unknown, ctx: z.RefinementCtx): z.output<S> => {
    const result = schema.safeParse(body);
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      ctx.addIssue({ code: 'custom', path: issue.path.map(String), message: issue.message });
    }
    return z.NEVER;
  };

export const createRaffleFormSchema = toApiBody('create').transform(checkedBy(createRaffleSchema));
export const editRaffleFormSchema = toApiBody('edit').transform(checkedBy(updateRaffleSchema));
export type CreateRaffleFormOutput = z.output<typeof createRaffleFormSchema>;
export type EditRaffleFormOutput = z.output<typeof editRaffleFormSchema>;

/**
 * The edit body without what can no longer change, so an unchanged frozen field never trips the
 * server: the declared source once terms are locked, the prize text once closed, a passed closing date.
 */
export function withoutFrozenTerms(
  body: EditRaffleFormOutput,
  raffle: Pick<Raffle, 'terms_locked' | 'status' | 'closing_date'> & Partial<Pick<Raffle, 'prizes'>>,
): EditRaffleFormOutput {
  const {
    draw_kind,
    draw_lottery,
    draw_at,
    draw_rule,
    packages,
    instant_wins,
    name,
    description,
    images,
    closing_date,
    prizes,
    prize_repeat_rule,
    ...rest
  } = body;
  const closed = isClosedStatus(raffle.status);
  const passed = closingDatePassed(raffle.closing_date);
  const prizesLocked = raffle.terms_locked || sealedPrizes(raffle.prizes?.slice(1) ?? []).some(Boolean);
  return {
    ...rest,
    ...(!raffle.terms_locked &&
      !closed && {
        draw_kind,
        draw_lottery,
        draw_at,
        draw_rule,
        packages,
        instant_wins,
      }),
    ...(!closed && { name, description, images }),
    ...(!passed && !closed && { closing_date }),
    // Several prizes: sources and repeat rule locked with the terms or a sealed pre-sorteo, texts
    // frozen at close (a sealed pre-sorteo's, at its seal).
    ...(!prizesLocked && !closed && { prizes, prize_repeat_rule }),
    ...(prizesLocked &&
      !closed &&
      raffle.prizes && { prizes: prizesOverStoredSources(prizes ?? [], raffle.prizes.slice(1)) }),
  };
}

/** Smallest digit count whose numbers (0 .. 10^d - 1) cover `total`. */
export function minDigitsFor(total: number): number {
  let digits = 1;
  while (digits < MAX_DIGIT_COUNT && 10 ** digits < total) digits++;
  return digits;
}

export const emptyRaffleForm: RaffleFormInput = {
  name: '',
  description: '',
  price: '',
  total_numbers: '100',
  digit_count: '2',
  payment_type: 'pago_unico',
  installments: '',
  closing_date: '',
  reservation_minutes: '120',
  max_numbers_per_buyer: '100',
  draw_source: '',
  // Declared by default: a raffle with none can only be saved as a borrador.
  draw_kind: 'drand',
  draw_lottery: '',
  draw_at: '',
  draw_rule: 'ultimos_digitos',
  organizer_name: '',
  contact_phone: '',
  payment_instructions: '',
  payment_accounts: [],
  packages: [],
  instant_wins: [],
  status: 'activa',
  images: [],
  show_leaderboards: false,
  prizes: [],
  prize_repeat_rule: 'siguiente_resultado',
};

const centsToInput = (cents: number) =>
  cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2).replace('.', ',');

/** The raffle as the form holds it; `instantWins`: the list its editors see (decision 041). */
export const raffleToForm = (
  raffle: Raffle,
  instantWins: StaffInstantWins['instant_wins'] = [],
): RaffleFormInput => ({
  name: raffle.name,
  description: raffle.description,
  price: centsToInput(raffle.price_cents),
  total_numbers: String(raffle.total_numbers),
  digit_count: String(raffle.digit_count),
  payment_type: raffle.payment_type,
  installments: raffle.installments ? String(raffle.installments) : '',
  closing_date: isoToCaracasLocal(raffle.closing_date),
  reservation_minutes: String(raffle.reservation_minutes),
  max_numbers_per_buyer: String(raffle.max_numbers_per_buyer),
  draw_source: raffle.draw_source ?? '',
  draw_kind: raffle.draw_kind ?? '',
  draw_lottery: raffle.draw_lottery ?? '',
  draw_at: isoToCaracasLocal(raffle.draw_at),
  draw_rule: raffle.draw_rule ?? 'ultimos_digitos',
  organizer_name: raffle.organizer_name ?? '',
  contact_phone: raffle.contact_phone ?? '',
  payment_instructions: raffle.payment_instructions ?? '',
  payment_accounts: raffle.payment_accounts.map(accountToRow),
  packages: raffle.packages.map((p) => ({ numbers: String(p.numbers), price: centsToInput(p.price_cents) })),
  instant_wins: instantWins.map((w) => ({ number: String(w.number), prize: w.prize })),
  status: raffle.status,
  images: raffle.images,
  show_leaderboards: raffle.show_leaderboards,
  prizes: raffle.prizes.slice(1).map(prizeToRow),
  prize_repeat_rule: raffle.prize_repeat_rule,
});

/** API field -> form field (only the price differs). */
export const formFieldOf = (apiPath: string): keyof RaffleFormInput | null => {
  const field = apiPath === 'price_cents' ? 'price' : apiPath;
  return field in emptyRaffleForm ? (field as keyof RaffleFormInput) : null;
};

/** A field of one payment account ("payment_accounts.1.phone"): the form holds it on the same path. */
export type AccountFieldPath = `payment_accounts.${number}.${PaymentAccountField | 'method'}`;
export const accountFieldPath = (apiPath: string): AccountFieldPath | null =>
  /^payment_accounts\.\d+\.(method|bank_code|phone|account_number|email|binance_id|holder|id_document)$/.test(
    apiPath,
  )
    ? (apiPath as AccountFieldPath)
    : null;
