import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CEDULA_INPUT_PATTERN, normalizeCedula, normalizeVePhone, VE_PHONE_INPUT_PATTERN } from './phone';
import { TICKET_FILTER_STATUSES, TICKET_STATUS_LIST_PATTERN, ticketListQuery } from './staff-tickets';

/**
 * The OpenAPI document gives a `pattern` for fields the server checks with code (a normalizer, a
 * transform). Each pattern must accept exactly what that code accepts: a client validating with the
 * document never refuses what the server takes, nor sends what it refuses.
 */

const SEPARATORS = [' ', '-', '(', ')', '.', '\t', '\u00a0', '\u2028', '\ufeff', '/', '_', ','];
/** Text built from the characters that matter, in any order and amount. */
const textOf = (alphabet: string[], maxLength = 24) =>
  fc.array(fc.constantFrom(...alphabet), { maxLength }).map((chars) => chars.join(''));
/** A valid writing with gaps sprinkled between its characters (so that many are positives). */
const sprinkled = (core: fc.Arbitrary<string>, gaps: string[]) =>
  fc
    .tuple(core, fc.array(fc.constantFrom('', '', ...gaps), { minLength: 30, maxLength: 30 }))
    .map(([text, gap]) => `${gap[29]}${[...text].map((char, i) => `${char}${gap[i] ?? ''}`).join('')}`);

const matches = (pattern: string, text: string) => new RegExp(pattern).test(text);

describe('input patterns of the OpenAPI document', () => {
  it('a phone: the pattern accepts exactly what normalizeVePhone accepts', () => {
    const digits = fc
      .array(fc.constantFrom(...'0123456789'), { minLength: 7, maxLength: 7 })
      .map((d) => d.join(''));
    const area = fc.constantFrom('412', '414', '416', '422', '424', '426', '212', '276', '415', '299', '512');
    const prefix = fc.constantFrom('', '0', '58', '+58', '+5', '00', '+0');
    const likely = sprinkled(
      fc.tuple(prefix, area, digits).map((parts) => parts.join('')),
      [' ', '-', '.', '(', ')', '  '],
    );
    const anything = textOf([...'0123456789+', ...SEPARATORS, 'x']);
    fc.assert(
      fc.property(fc.oneof(likely, anything), (text) => {
        expect(matches(VE_PHONE_INPUT_PATTERN, text), JSON.stringify(text)).toBe(
          normalizeVePhone(text) !== null,
        );
      }),
      { numRuns: 5000 },
    );
    for (const ok of ['0414-1234567', '+58 (414) 123.45.67', '414 1234567', '0212 1234567'])
      expect(matches(VE_PHONE_INPUT_PATTERN, ok), ok).toBe(true);
    for (const bad of ['0415-1234567', '0414-123456', '0414-12345678', '0414/1234567'])
      expect(matches(VE_PHONE_INPUT_PATTERN, bad), bad).toBe(false);
  });

  it('a cedula: the pattern accepts exactly what normalizeCedula accepts', () => {
    const likely = sprinkled(
      fc
        .tuple(
          fc.constantFrom('V', 'v', 'E', 'e', 'J', 'ｖ', ''),
          fc.array(fc.constantFrom(...'0123456789'), { minLength: 5, maxLength: 10 }).map((d) => d.join('')),
        )
        .map(([letter, n]) => `${letter}${n}`),
      [' ', '-', '.', '  ', '('],
    );
    const anything = textOf([...'0123456789VvEeJ', ...SEPARATORS]);
    fc.assert(
      fc.property(fc.oneof(likely, anything), (text) => {
        expect(matches(CEDULA_INPUT_PATTERN, text), JSON.stringify(text)).toBe(
          normalizeCedula(text) !== null,
        );
      }),
      { numRuns: 5000 },
    );
  });

  it('the staff list’s status filter: the pattern accepts exactly what the query schema accepts', () => {
    const item = fc.constantFrom(...TICKET_FILTER_STATUSES, 'pagados', 'Apartado', '', 'x');
    const list = fc
      .array(fc.tuple(fc.constantFrom('', ' ', '  ', '\t'), item, fc.constantFrom('', ' ', '\n')), {
        maxLength: 6,
      })
      .map((items) => items.map((parts) => parts.join('')).join(','));
    fc.assert(
      fc.property(fc.oneof(list, textOf([...'apdo, ', ';'], 30)), (text) => {
        const accepted = ticketListQuery.safeParse({ status: text }).success;
        expect(matches(TICKET_STATUS_LIST_PATTERN, text) && text.length <= 200, JSON.stringify(text)).toBe(
          accepted,
        );
      }),
      { numRuns: 3000 },
    );
  });
});
