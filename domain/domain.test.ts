import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { signInSchema } from './auth';
import { commissionTermsInput, payoutInput } from './commissions';
import { formatDateTime } from './dates';
import { formatBs, formatUsd, parseMoneyToCents, usdCentsFromVesAt, vesCentsAt } from './money';
import { rafflePackageSchema } from './packages';
import { createPaymentSchema } from './payments';
import { normalizeCedula, normalizeVePhone } from './phone';
import { createRaffleSchema } from './raffles';
import {
  exactNumberFromTerm,
  liveUpdateToast,
  lpadTicketNumber,
  normalizeSearchTerm,
  padTicketNumber,
  statusFromBoardCode,
} from './tickets';

describe('Venezuelan phone and cedula', () => {
  it.each([
    ['0414-1234567', '0414-1234567'],
    ['04141234567', '0414-1234567'],
    ['+58 414 123 4567', '0414-1234567'],
    ['58(424)1234567', '0424-1234567'],
    ['0212-5551234', '0212-5551234'],
  ])('normalizes %s', (input, expected) => {
    expect(normalizeVePhone(input)).toBe(expected);
  });
  it.each(['12345', '0415-1234567', '0414-123456', 'abc'])('rejects %s', (input) => {
    expect(normalizeVePhone(input)).toBeNull();
  });
  it('normalizes cedulas and rejects the rest', () => {
    expect(normalizeCedula('v12.345.678')).toBe('V-12345678');
    expect(normalizeCedula('E-81234567')).toBe('E-81234567');
    expect(normalizeCedula('X-123')).toBeNull();
    expect(normalizeCedula('V-12')).toBeNull();
  });
});

describe('tickets', () => {
  it('pads numbers to the digit count', () => {
    expect(padTicketNumber(7, 3)).toBe('007');
    expect(padTicketNumber(12345, 3)).toBe('12345');
  });
  it("writes numbers as PostgreSQL's lpad does: zeros in front, or cut to the width", () => {
    // select lpad('7', 3, '0'), lpad('999', 3, '0'), lpad('12345', 3, '0'), lpad('0', 1, '0')
    expect(lpadTicketNumber(7, 3)).toBe('007');
    expect(lpadTicketNumber(999, 3)).toBe('999');
    expect(lpadTicketNumber(12345, 3)).toBe('123');
    expect(lpadTicketNumber(0, 1)).toBe('0');
  });
  it('writes the live toast with 3 digits', () => {
    expect(liveUpdateToast(5, 'apartado')).toBe('Ticket #005 ahora está apartado');
    expect(liveUpdateToast(1234, 'pagado')).toBe('Ticket #1234 ahora está pagado');
  });
  it('normalizes search terms and detects exact numbers', () => {
    expect(normalizeSearchTerm('  1,234 ')).toBe('1234');
    // A cédula as staff write it is searched as stored; dotted thousands are digits.
    expect(normalizeSearchTerm(' V-12.345.678 ')).toBe('V-12345678');
    expect(normalizeSearchTerm('e 8123456')).toBe('E-8123456');
    expect(normalizeSearchTerm('12.345.678')).toBe('12345678');
    expect(normalizeSearchTerm('V-123')).toBe('V-123');
    expect(normalizeSearchTerm('Pérez, Ana')).toBe('Pérez Ana');
    expect(exactNumberFromTerm('0042')).toBe(42);
    expect(exactNumberFromTerm('42a')).toBeNull();
  });
  it('decodes board characters, unknown ones as otros', () => {
    expect(statusFromBoardCode('p')).toBe('pagado');
    expect(statusFromBoardCode('z')).toBe('otros');
  });
});

describe('money and dates', () => {
  it('formats cents as USD and Bs', () => {
    expect(formatUsd(1250)).toBe('$12,50');
    expect(formatBs(1000, 36.5)).toBe('Bs 365,00');
    // The céntimos of vesCentsAt: formatting the float product 252.73499… said 252,73.
    expect(formatBs(700, 36.105)).toBe('Bs 252,74');
  });
  it('turns USD cents into Bs cents on the exact product, half away from zero, as PostgreSQL rounds', () => {
    // 3603.5 exactly, though 100 * 36.035 is 3603.4999… in floating point.
    expect(vesCentsAt(100, 36.035)).toBe(3604);
    expect(vesCentsAt(700, 36.105)).toBe(25_274);
    expect(vesCentsAt(1000, 40)).toBe(40_000);
    expect(vesCentsAt(1, 36.123449)).toBe(36);
    expect(vesCentsAt(-100, 36.035)).toBe(-3604);
    expect(vesCentsAt(100_000_000, 999_999.999999)).toBe(99_999_999_999_900);
    expect(vesCentsAt(100, null)).toBeNull();
  });
  it('turns Bs cents into USD cents on the exact quotient, half away from zero', () => {
    // 62.5 exactly, though 2285 / 36.56 is 62.4999… in floating point; the same for Bs 2.856,25.
    expect(usdCentsFromVesAt(2285, 36.56)).toBe(63);
    expect(usdCentsFromVesAt(285_625, 36.56)).toBe(7813);
    expect(usdCentsFromVesAt(279, 37.2)).toBe(8);
    expect(usdCentsFromVesAt(-2285, 36.56)).toBe(-63);
    expect(usdCentsFromVesAt(18_250, 36.5)).toBe(500);
    expect(usdCentsFromVesAt(3604, 36.035)).toBe(100);
    expect(usdCentsFromVesAt(1, 999_999.999999)).toBe(0);
    expect(usdCentsFromVesAt(100, null)).toBeNull();
    expect(() => usdCentsFromVesAt(100, 0)).toThrow(RangeError);
  });
  it('rounds both ways to the nearest cent, and a price in USD comes back from its Bs', () => {
    const rate = fc.integer({ min: 1, max: 999_999_999_999 }); // numeric(18,6) in millionths, > 0
    const cents = fc.integer({ min: -1_000_000_000, max: 1_000_000_000 });
    // Exact halves, where floating point goes wrong: odd dollars at a rate ending in 5 thousandths…
    const productTie = fc
      .tuple(fc.integer({ min: 0, max: 50_000 }), fc.integer({ min: 1_000, max: 99_999 }))
      .map(([dollars, tens]) => [100 * (2 * dollars + 1), (10 * tens + 5) * 1000] as const);
    // …and g·w céntimos at 2w/5^a Bs per dollar (g odd), which are 5^a·g/2 cents.
    const quotientTie = fc
      .tuple(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 0, max: 49 }),
        fc.integer({ min: 1, max: 99_999 }),
      )
      .map(([a, half, w]) => [(2 * half + 1) * w, (2_000_000 * w) / 5 ** a] as const);
    /** |rounded - num/den| <= 1/2 and a tie went away from zero, checked in integers. */
    const nearest = (rounded: number, num: bigint, den: bigint) => {
      const gap = BigInt(rounded) * 2n * den - 2n * num; // 2·den·(rounded - num/den)
      expect(gap <= den && gap >= -den).toBe(true);
      if (gap === den || gap === -den) expect(gap > 0n).toBe(num > 0n);
    };
    fc.assert(
      fc.property(fc.oneof(fc.tuple(cents, rate), productTie, quotientTie), ([amount, micros]) => {
        const perUsd = micros / 1_000_000;
        nearest(vesCentsAt(amount, perUsd), BigInt(amount) * BigInt(micros), 1_000_000n);
        nearest(usdCentsFromVesAt(amount, perUsd), BigInt(amount) * 1_000_000n, BigInt(micros));
        // At 1 Bs per dollar or more, a céntimo is finer than a cent: the round trip is exact.
        if (micros >= 1_000_000) expect(usdCentsFromVesAt(vesCentsAt(amount, perUsd), perUsd)).toBe(amount);
      }),
      { numRuns: 1000 },
    );
  });
  it('parses typed amounts to cents', () => {
    expect(parseMoneyToCents('12,5')).toBe(1250);
    expect(parseMoneyToCents('3')).toBe(300);
    expect(parseMoneyToCents('1.234')).toBeNull();
  });
  it('says once why an amount is refused, whatever its size', () => {
    const messages = (result: { error?: { issues: { message: string }[] } }) =>
      result.error?.issues.map((issue) => issue.message);
    const payout = (amount: number) => payoutInput.safeParse({ amount_cents: amount, method: 'Zelle' });
    expect(messages(payout(1e20))).toEqual(['El monto no puede pasar de $1.000.000,00']);
    expect(messages(payout(-1e20))).toEqual(['El monto debe ser mayor que cero']);
    expect(messages(payout(0.5))).toEqual(['El monto debe ser un entero de céntimos']);
    expect(messages(payout(100))).toBeUndefined();
    const ves = createPaymentSchema.safeParse({ amount_ves_cents: 1e20, cedula: 'V-12345678' });
    expect(messages(ves)).toContain('El monto no puede pasar de Bs 1.000.000.000,00');
    expect(messages(ves)?.filter((m) => m.startsWith('El monto'))).toHaveLength(1);
  });
  it('says once why a raffle figure is refused, whatever its size', () => {
    const issuesAt = (
      result: { error?: { issues: { path: PropertyKey[]; message: string }[] } },
      field: string,
    ) => result.error?.issues.filter((issue) => issue.path[0] === field).map((issue) => issue.message);
    for (const [field, tooBig] of [
      ['price_cents', 'El precio no puede pasar de $1.000.000,00'],
      ['total_numbers', 'Una rifa puede tener como máximo 1.000.000 de números'],
      ['installments', 'Máximo 48 cuotas'],
      ['reservation_minutes', 'Máximo 43.200 minutos (30 días)'],
    ] as const) {
      expect(issuesAt(createRaffleSchema.safeParse({ [field]: 1e20 }), field), field).toEqual([tooBig]);
    }
    expect(issuesAt(rafflePackageSchema.safeParse({ count: 5, price_cents: 1e20 }), 'price_cents')).toEqual([
      'El precio del paquete no puede pasar de $1.000.000,00',
    ]);
    expect(
      issuesAt(
        commissionTermsInput.safeParse({ seller_id: crypto.randomUUID(), per_number_cents: 1e20 }),
        'per_number_cents',
      ),
    ).toEqual(['Monto por número demasiado alto']);
  });
  it('shows Caracas time', () => {
    expect(formatDateTime('2026-11-22T00:00:00Z')).toBe('21 nov 2026, 8:00 p. m.');
  });
});

describe('signInSchema', () => {
  it('wants an identifier and a password', () => {
    expect(signInSchema.safeParse({ email: 'a@b.c', password: 'x' }).success).toBe(true);
    expect(signInSchema.safeParse({ phone: '0414', password: 'x' }).success).toBe(true);
    expect(signInSchema.safeParse({ email: 'a@b.c' }).success).toBe(false);
  });
});
