import fc from 'fast-check';

/**
 * Arbitraries for what an attacker (or a broken client) sends: strings with SQL, unicode, lone
 * surrogates, NUL bytes or sheer length; numbers that are huge, negative, fractional or beyond
 * 2^53; wrong types; deep nesting; extra and prototype-polluting keys.
 */
const sqlish = fc.constantFrom(
  "' OR 1=1 --",
  "'; DROP TABLE tickets; --",
  "1' AND pg_sleep(5) IS NULL --",
  '%',
  '_',
  '\\',
  '$1',
  '::int',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  '{{7*7}}',
  '$' + '{7*7}', // a template injection probe, written so it is not one here
  '../../etc/passwd',
  '%00',
  '%2e%2e%2f',
  '<script>alert(1)</script>',
  'NaN',
  'Infinity',
  '-0',
  '1e999',
  '0x10',
  '99999999999999999999999',
  '-1',
  '0.5',
  ' 1 ',
  '2026-02-30',
  '9999-99-99T99:99:99Z',
  ' ',
  '',
);

const loneSurrogates = fc
  .array(fc.integer({ min: 0xd800, max: 0xdfff }), { minLength: 1, maxLength: 4 })
  .map((units) => String.fromCharCode(...units));

const withNul = fc.string({ maxLength: 8 }).map((s) => `${s}\u0000${s}`);

/** Up to 300 000 characters: past the 256 KB body limit at the top end. */
const long = fc
  .tuple(fc.integer({ min: 200, max: 300_000 }), fc.constantFrom('x', 'ñ', '9', '🎟️', "'"))
  .map(([n, unit]) => unit.repeat(Math.ceil(n / unit.length)));

export const hostileString = fc.oneof(
  sqlish,
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 20 }),
  loneSurrogates,
  withNul,
  long,
  fc.uuid(),
);

export const hostileNumber = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    0.5,
    -0.5,
    1e308,
    -1e308,
    2 ** 31,
    2 ** 53 + 2,
    Number.MAX_SAFE_INTEGER,
    Number.MIN_VALUE,
    1e-7,
    999_999,
    1_000_000,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

const leaf = fc.oneof(
  hostileString,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  fc.constant({}),
  fc.constant([]),
);

export const hostileKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', '', ' ', '$where', 'id', 'role'),
  fc.string({ unit: 'binary', maxLength: 12 }),
);

/** Nested arrays or objects, up to 3 000 levels. */
const deep = fc
  .tuple(fc.integer({ min: 10, max: 3_000 }), fc.boolean(), leaf)
  .map(([depth, asArray, inner]) => {
    let value: unknown = inner;
    for (let i = 0; i < depth; i++) value = asArray ? [value] : { a: value };
    return value;
  });

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: leaf },
  { weight: 1, arbitrary: fc.array(leaf, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(hostileKey, leaf, { maxKeys: 5 }) },
  { weight: 1, arbitrary: deep },
  {
    weight: 1,
    arbitrary: fc.array(fc.integer({ min: -5, max: 2_000_000 }), { minLength: 50, maxLength: 3_000 }),
  },
);

/** Malformed or mislabelled bodies, sent as raw text. */
export const hostileRaw = fc.record({
  text: fc.oneof(
    fc.constantFrom(
      '{',
      '[',
      '{"a":',
      'nul',
      '{"a":1}{"b":2}',
      '\u0000',
      '{"__proto__":{"admin":true}}',
      '"x"',
      '1e999',
    ),
    fc.string({ maxLength: 60 }),
  ),
  contentType: fc.constantFrom(
    'application/json',
    'application/json; charset=latin1',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/xml',
  ),
});

/**
 * A body shaped like the route's: its known keys with hostile values, or a valid sample with one
 * key spoiled or extra keys added, or anything at all.
 */
export function hostileBody(keys: string[], sample?: Record<string, unknown>): fc.Arbitrary<unknown> {
  const options: fc.Arbitrary<unknown>[] = [hostileValue];
  if (keys.length > 0) {
    const shaped = fc.record(Object.fromEntries(keys.map((k) => [k, hostileValue])), { requiredKeys: [] });
    options.push(
      fc
        .tuple(shaped, fc.dictionary(hostileKey, hostileValue, { maxKeys: 3 }))
        .map(([known, extra]) => ({ ...extra, ...known })),
    );
  }
  if (sample) {
    const sampleKeys = Object.keys(sample);
    if (sampleKeys.length > 0) {
      options.push(
        fc
          .tuple(fc.constantFrom(...sampleKeys), hostileValue)
          .map(([key, value]) => ({ ...sample, [key]: value })),
      );
    }
    options.push(
      fc
        .dictionary(hostileKey, hostileValue, { minKeys: 1, maxKeys: 3 })
        .map((extra) => ({ ...sample, ...extra })),
    );
  }
  return fc.oneof(...options);
}

/** The top-level keys a zod object schema knows (through optional / nullable / refine wrappers). */
export function schemaKeys(schema: unknown): string[] {
  let current = schema as { shape?: Record<string, unknown>; unwrap?: () => unknown } | undefined;
  for (let i = 0; i < 5 && current; i++) {
    if (current.shape && typeof current.shape === 'object') return Object.keys(current.shape);
    current = typeof current.unwrap === 'function' ? (current.unwrap() as typeof current) : undefined;
  }
  return [];
}
