import { drawTermsMessages } from '@domain/draw-terms';
import { paymentAccountMessages } from '@domain/payment-accounts';
import { raffleMessages } from '@domain/raffles';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { prizeViewFixture } from '@/test/prize-view';
import { answerFromServer } from '@/test/server-answer';
import { isoToCaracasLocal } from './caracas-datetime';
import {
  createRaffleFormSchema,
  editRaffleFormSchema,
  emptyRaffleForm,
  type RaffleFormInput,
  withoutFrozenTerms,
} from './raffle-form-schema';
import { raffleServerErrors } from './server-errors';

// A raffle on sale says how to pay (noWayToPayProblem): the contact's WhatsApp is enough.
const filled: RaffleFormInput = {
  ...emptyRaffleForm,
  name: 'Moto Bera',
  price: '5',
  contact_phone: '0414-7654321',
};

describe('raffle form: organizer and payments', () => {
  it('sends null for the optional organizer fields left empty (a borrador needs no way to pay yet)', () => {
    const body = createRaffleFormSchema.parse({
      ...filled,
      organizer_name: '  ',
      contact_phone: '',
      status: 'borrador',
    });
    expect(body).toMatchObject({ organizer_name: null, contact_phone: null, payment_instructions: null });
  });

  it('puts no raffle on sale without an account, instructions or a WhatsApp to pay', () => {
    const none = { ...filled, contact_phone: '', payment_instructions: '', payment_accounts: [] };
    const result = createRaffleFormSchema.safeParse(none);
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['payment_accounts'], message: paymentAccountMessages.noWayToPay }),
    ]);
    for (const one of [
      { contact_phone: '0414-7654321' },
      { payment_instructions: 'Zelle: pagos@eltrebol.com' },
    ])
      expect(createRaffleFormSchema.safeParse({ ...none, ...one }).success).toBe(true);
  });

  it('normalizes the phone and keeps the line breaks of the instructions', () => {
    const body = createRaffleFormSchema.parse({
      ...filled,
      organizer_name: 'Rifas El Trébol',
      contact_phone: '+58 414 765 4321',
      payment_instructions: 'Pago móvil: 0414-7654321\nZelle: pagos@eltrebol.com',
    });
    expect(body).toMatchObject({
      organizer_name: 'Rifas El Trébol',
      contact_phone: '0414-7654321',
      payment_instructions: 'Pago móvil: 0414-7654321\nZelle: pagos@eltrebol.com',
    });
  });

  it('puts a server 422 on the contact phone field', () => {
    const error = new ApiError(422, 'VALIDATION_ERROR', 'Datos inválidos', {
      fields: [{ path: 'contact_phone', message: 'Teléfono inválido: usa el formato 0414-1234567' }],
    });
    expect(raffleServerErrors(error, 'x')).toEqual({
      fields: [{ field: 'contact_phone', message: 'Teléfono inválido: usa el formato 0414-1234567' }],
      general: null,
    });
  });
});

describe('raffle form: server refusals of issue 18', () => {
  it('puts a 409 TERMS_LOCKED on the first term it names', () => {
    const message = 'Ya se apartaron o vendieron números de esta rifa: no se puede cambiar la forma de pago.';
    const error = new ApiError(409, 'TERMS_LOCKED', message, { terms: ['payment_type'] });
    expect(raffleServerErrors(error, 'x')).toEqual({
      fields: [{ field: 'payment_type', message }],
      general: message,
    });
  });

  it('puts a 422 on one field of one payment account', () => {
    const error = new ApiError(422, 'VALIDATION_ERROR', 'Datos inválidos', {
      fields: [
        { path: 'payment_accounts.1.phone', message: 'Teléfono inválido: usa el formato 0414-1234567' },
      ],
    });
    expect(raffleServerErrors(error, 'x').fields).toEqual([
      { field: 'payment_accounts.1.phone', message: 'Teléfono inválido: usa el formato 0414-1234567' },
    ]);
  });
});

describe('raffle form: the declared draw source (issue 19)', () => {
  const lottery: RaffleFormInput = {
    ...filled,
    closing_date: '2099-11-21T18:00',
    draw_kind: 'loteria',
    draw_lottery: 'Triple Táchira A',
    draw_at: '2099-11-21T22:00',
  };

  it('sends a lottery with its name, its draw time in Caracas and the rule', () => {
    expect(createRaffleFormSchema.parse(lottery)).toMatchObject({
      draw_kind: 'loteria',
      draw_lottery: 'Triple Táchira A',
      draw_at: '2099-11-21T22:00:00-04:00',
      draw_rule: 'ultimos_digitos',
    });
  });

  it('refuses a lottery draw at or before the closing date, on the draw time', () => {
    const result = createRaffleFormSchema.safeParse({ ...lottery, draw_at: '2099-11-21T18:00' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toContainEqual(
      expect.objectContaining({ path: ['draw_at'], message: drawTermsMessages.drawAtBeforeClose }),
    );
  });

  it('asks for the lottery name and time when the lottery is chosen', () => {
    const result = createRaffleFormSchema.safeParse({ ...lottery, draw_lottery: ' ', draw_at: '' });
    expect(result.error?.issues.map((i) => i.path[0]).sort()).toEqual(['draw_at', 'draw_lottery']);
  });

  it('sends drand without lottery fields; a new raffle starts with drand', () => {
    expect(createRaffleFormSchema.parse({ ...lottery, draw_kind: 'drand' })).toMatchObject({
      draw_kind: 'drand',
      draw_lottery: null,
      draw_at: null,
      draw_rule: null,
    });
    expect(createRaffleFormSchema.parse(filled)).toMatchObject({ draw_kind: 'drand', draw_at: null });
  });

  it('publishes no raffle without a source: with none it saves only as a borrador', () => {
    const none = { ...filled, draw_kind: '' as const };
    const result = createRaffleFormSchema.safeParse(none);
    expect(result.error?.issues).toContainEqual(
      expect.objectContaining({ path: ['draw_kind'], message: drawTermsMessages.kindRequired }),
    );
    expect(createRaffleFormSchema.parse({ ...none, status: 'borrador' })).toMatchObject({
      draw_kind: null,
      status: 'borrador',
    });
  });

  it('puts the server refusal of a draft published with no source on the source field', () => {
    const message = drawTermsMessages.kindRequired;
    const error = new ApiError(422, 'VALIDATION_ERROR', 'Datos inválidos', {
      fields: [{ path: 'draw_kind', message }],
    });
    expect(raffleServerErrors(error, 'x')).toEqual({
      fields: [{ field: 'draw_kind', message }],
      general: null,
    });
  });

  it('leaves out of an edit what can no longer change', () => {
    const body = editRaffleFormSchema.parse({ ...lottery, closing_date: '2000-01-01T10:00', draw_kind: '' });
    const base = { terms_locked: true, status: 'activa' as const, closing_date: '2000-01-01T14:00:00Z' };
    const sent = withoutFrozenTerms(body, base);
    expect(sent).not.toHaveProperty('draw_kind');
    expect(sent).not.toHaveProperty('closing_date');
    expect(sent).toHaveProperty('name', 'Moto Bera');
    const closed = withoutFrozenTerms(body, { ...base, status: 'cerrada' });
    expect(closed).not.toHaveProperty('name');
    expect(closed).not.toHaveProperty('images');
  });
});

describe('raffle form: a sealed pre-sorteo (PRE_DRAW_SEALED)', () => {
  it('sends that prize exactly as stored, the others over their stored sources, and no repeat rule', () => {
    const sealedList = {
      frozen_at: '2026-11-20T12:00:00.000Z',
      commitment: 'ab'.repeat(32),
      line_count: 3,
      list_url: '/api/raffles/r/prizes/2/list.txt',
    } as unknown as NonNullable<ReturnType<typeof prizeViewFixture>['pre_list']>;
    const stored = [
      prizeViewFixture(1),
      prizeViewFixture(2, {
        title: 'Televisor',
        pre_draw_at: '2026-11-20T12:00:00.000Z',
        pre_list: sealedList,
      }),
      prizeViewFixture(3, { title: 'Bono' }),
    ];
    const body = {
      ...editRaffleFormSchema.parse(filled),
      prizes: [
        { ...stored[1], title: 'Otro premio', image: null },
        { ...stored[2], title: 'Bono de $100', image: null },
      ],
      prize_repeat_rule: 'siguiente_resultado',
    } as unknown as Parameters<typeof withoutFrozenTerms>[0];
    const sent = withoutFrozenTerms(body, {
      terms_locked: false,
      status: 'activa',
      closing_date: null,
      prizes: stored,
    });
    expect(sent.prizes?.map((p) => [p.title, p.pre_draw_at])).toEqual([
      ['Televisor', '2026-11-20T12:00:00.000Z'],
      ['Bono de $100', null],
    ]);
    expect(sent).not.toHaveProperty('prize_repeat_rule');
  });
});

describe('raffle form: number packages', () => {
  it('sends the packages typed in dollars as cents', () => {
    const body = createRaffleFormSchema.parse({
      ...filled,
      packages: [
        { numbers: '5', price: '20' },
        { numbers: '10', price: '35,50' },
      ],
    });
    expect(body.packages).toEqual([
      { numbers: 5, price_cents: 2_000 },
      { numbers: 10, price_cents: 3_550 },
    ]);
  });

  it('refuses a package dearer than its numbers alone, and a count or price that is not one', () => {
    const dearer = createRaffleFormSchema.safeParse({ ...filled, packages: [{ numbers: '5', price: '25' }] });
    expect(dearer.error?.issues).toContainEqual(
      expect.objectContaining({
        path: ['packages'],
        message: 'El paquete de 5 números debe costar menos que 5 números sueltos',
      }),
    );
    // "50 por $0,49" (a typo for $49?): its numbers would be priced $0,00.
    const free = createRaffleFormSchema.safeParse({
      ...filled,
      packages: [{ numbers: '50', price: '0,49' }],
    });
    expect(free.error?.issues).toContainEqual(
      expect.objectContaining({
        path: ['packages'],
        message: 'El paquete de 50 números debe costar al menos $0,50 (un céntimo por número)',
      }),
    );
    const typo = createRaffleFormSchema.safeParse({
      ...filled,
      packages: [{ numbers: 'cinco', price: 'x' }],
    });
    expect(typo.error?.issues.map((i) => i.path.join('.'))).toEqual(
      expect.arrayContaining(['packages.0.numbers', 'packages.0.price']),
    );
  });

  it('leaves the packages out of an edit once the terms are locked', () => {
    const body = editRaffleFormSchema.parse({ ...filled, packages: [{ numbers: '5', price: '20' }] });
    expect(
      withoutFrozenTerms(body, { terms_locked: true, status: 'activa', closing_date: null }),
    ).not.toHaveProperty('packages');
    expect(
      withoutFrozenTerms(body, { terms_locked: false, status: 'activa', closing_date: null }).packages,
    ).toEqual([{ numbers: 5, price_cents: 2_000 }]);
  });
});

describe('raffle form: instant-win numbers (decision 041)', () => {
  it('sends the numbers and prizes typed, trimmed', () => {
    const body = createRaffleFormSchema.parse({
      ...filled,
      instant_wins: [{ number: '7', prize: '  Una gorra ' }],
    });
    expect(body.instant_wins).toEqual([{ number: 7, prize: 'Una gorra' }]);
  });

  it('explains a repeated number, one outside the raffle and a missing prize, on their rows', () => {
    const parsed = createRaffleFormSchema.safeParse({
      ...filled,
      instant_wins: [
        { number: '7', prize: 'Gorra' },
        { number: '7', prize: 'Franela' },
      ],
    });
    expect(parsed.error?.issues).toContainEqual(
      expect.objectContaining({
        path: ['instant_wins', '1', 'number'],
        message: 'El número 7 está repetido en los números premiados',
      }),
    );
    const outside = createRaffleFormSchema.safeParse({
      ...filled,
      instant_wins: [{ number: String(Number(filled.total_numbers)), prize: 'Gorra' }],
    });
    expect(outside.error?.issues[0]?.message).toMatch(/^El número premiado \d+ no existe en esta rifa/);
    const noPrize = createRaffleFormSchema.safeParse({
      ...filled,
      instant_wins: [{ number: '3', prize: ' ' }],
    });
    expect(noPrize.error?.issues[0]).toMatchObject({
      path: ['instant_wins', '0', 'prize'],
      message: 'Escribe el premio de este número',
    });
  });

  it('leaves the instant wins out of an edit once the terms are locked', () => {
    const body = editRaffleFormSchema.parse({ ...filled, instant_wins: [{ number: '7', prize: 'Gorra' }] });
    expect(
      withoutFrozenTerms(body, { terms_locked: true, status: 'activa', closing_date: null }),
    ).not.toHaveProperty('instant_wins');
    expect(
      withoutFrozenTerms(body, { terms_locked: false, status: 'activa', closing_date: null }).instant_wins,
    ).toEqual([{ number: 7, prize: 'Gorra' }]);
  });
});

describe('raffle form: the closing date by the server’s clock (decision 064)', () => {
  const MINUTE = 60_000;
  // The laptop's clock is `laptopOff` ms off the server's; the API's Date header says the server's.
  const serverTimePlus = (laptopOff: number, ms: number) =>
    new Date(Date.now() - laptopOff + ms).toISOString();
  const closingIssue = (closing: string) =>
    createRaffleFormSchema
      .safeParse({ ...filled, closing_date: isoToCaracasLocal(closing) })
      .error?.issues.find((i) => i.path[0] === 'closing_date');
  afterEach(() => answerFromServer(0));

  it('a laptop 10 minutes ahead takes a closing date 5 minutes ahead of the server', () => {
    answerFromServer(10 * MINUTE);
    expect(closingIssue(serverTimePlus(10 * MINUTE, 5 * MINUTE))).toBeUndefined();
  });

  it('a laptop 10 minutes behind refuses a closing date 5 minutes in the server’s past', () => {
    answerFromServer(-10 * MINUTE);
    expect(closingIssue(serverTimePlus(-10 * MINUTE, -5 * MINUTE))).toMatchObject({
      message: raffleMessages.closingInPast,
    });
  });

  it('an edit keeps a stored closing date the server has not reached, and leaves out one it passed', () => {
    const body = editRaffleFormSchema.parse({ ...filled, closing_date: '2099-11-21T18:00' });
    const raffle = (closing_date: string) => ({
      terms_locked: false,
      status: 'activa' as const,
      closing_date,
    });
    answerFromServer(10 * MINUTE);
    expect(withoutFrozenTerms(body, raffle(serverTimePlus(10 * MINUTE, 5 * MINUTE)))).toHaveProperty(
      'closing_date',
    );
    answerFromServer(-10 * MINUTE);
    expect(withoutFrozenTerms(body, raffle(serverTimePlus(-10 * MINUTE, -5 * MINUTE)))).not.toHaveProperty(
      'closing_date',
    );
  });
});
