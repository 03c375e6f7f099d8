import { describe, expect, it } from 'vitest';
import { QUICKNET } from '../../../domain/beacon';
import { type BeaconError, drandRoundFetcher, verifyQuicknetRound } from './beacon.remote';
import fixtures from './fixtures/quicknet-rounds.json';

// Real quicknet rounds recorded from public sources (see the fixture's `source` fields).
const [r1000, r1001, r12040883] = fixtures.rounds;

/** One hex digit changed (the last: the point's encoding flags live in the first). */
const tamper = (hex: string) => hex.slice(0, -1) + (hex.at(-1) === '0' ? '1' : '0');

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: BeaconError) => ({ name: error.name, reason: error.reason, message: error.message }),
  );

describe('verifyQuicknetRound (BLS against the pinned quicknet key)', () => {
  it.each(fixtures.rounds)(
    'accepts recorded round $round and derives randomness = SHA-256(signature)',
    async (r) => {
      const verified = await verifyQuicknetRound(
        { round: r.round, signature: r.signature, randomness: r.randomness },
        r.round,
      );
      expect(verified).toEqual({ round: r.round, signature: r.signature, randomness: r.randomness });
      // The randomness is ours to compute: a mirror that omits it changes nothing.
      expect(await verifyQuicknetRound({ round: r.round, signature: r.signature }, r.round)).toEqual(
        verified,
      );
    },
  );

  it('refuses a signature with one hex digit changed, whatever randomness comes with it', async () => {
    const signature = tamper(r12040883.signature);
    expect(
      await refusal(verifyQuicknetRound({ round: r12040883.round, signature }, r12040883.round)),
    ).toEqual({
      name: 'BeaconError',
      reason: 'invalid',
      message: `La ronda ${r12040883.round} recibida no tiene una firma válida de la red drand quicknet: se rechazó.`,
    });
    const withOldRandomness = { round: r12040883.round, signature, randomness: r12040883.randomness };
    expect((await refusal(verifyQuicknetRound(withOldRandomness, r12040883.round)))?.message).toMatch(
      /no es el SHA-256 de su firma/,
    );
  });

  it("refuses another round's genuine signature, and an answer for a round not asked for", async () => {
    const borrowed = { round: r1000.round, signature: r1001.signature };
    expect((await refusal(verifyQuicknetRound(borrowed, r1000.round)))?.message).toMatch(
      /no tiene una firma válida/,
    );
    expect((await refusal(verifyQuicknetRound(r1001, r1000.round)))?.message).toMatch(
      /Se pidió la ronda 1000 de drand y el servidor respondió otra \(1001\)/,
    );
  });

  it('refuses answers that are not a beacon', async () => {
    for (const answer of [null, 'x', { round: 1000 }, { round: 1000, signature: 'zz' }]) {
      expect(await refusal(verifyQuicknetRound(answer, 1000))).toMatchObject({ reason: 'invalid' });
    }
  });
});

type Route = (url: string) => Response | Promise<Response>;
const fakeFetch = (route: Route) => {
  const asked: string[] = [];
  const fn = (async (input: string | URL | Request) => {
    const url = String(input);
    asked.push(url);
    return route(url);
  }) as typeof fetch;
  return { fn, asked };
};
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('drandRoundFetcher (DRAND_URLS, no network: fetch is injected)', () => {
  const urls = ['https://lying.example', 'https://api.drand.sh/'];

  it('asks /<chain hash>/public/<round> and skips a mirror whose answer does not verify', async () => {
    const { fn, asked } = fakeFetch((url) =>
      url.startsWith('https://lying.example')
        ? json({ ...r1000, signature: tamper(r1000.signature), randomness: undefined })
        : json(r1000),
    );
    const beacon = await drandRoundFetcher({ urls, fetch: fn })(1000);
    expect(beacon).toEqual({ round: 1000, signature: r1000.signature, randomness: r1000.randomness });
    expect(asked).toEqual([
      `https://lying.example/${QUICKNET.chainHash}/public/1000`,
      `https://api.drand.sh/${QUICKNET.chainHash}/public/1000`,
    ]);
  });

  it('explains in Spanish why no mirror gave a valid round', async () => {
    const { fn } = fakeFetch((url) =>
      url.startsWith('https://lying.example')
        ? json({ ...r1001, round: 1000 })
        : new Response('oops', { status: 502 }),
    );
    const error = await refusal(drandRoundFetcher({ urls, fetch: fn })(1000));
    expect(error).toEqual({
      name: 'BeaconError',
      reason: 'unreachable',
      message:
        'No se pudo obtener una ronda 1000 de drand válida de ningún servidor (lying.example: La ronda 1000 ' +
        'recibida no tiene una firma válida de la red drand quicknet: se rechazó.; api.drand.sh: HTTP 502).',
    });
  });

  it('says the round is not out yet when every mirror answers Too Early', async () => {
    const { fn } = fakeFetch(() => new Response('', { status: 425 }));
    expect(await refusal(drandRoundFetcher({ urls, fetch: fn })(99_999_999))).toMatchObject({
      reason: 'not_yet',
      message: 'La ronda 99999999 de drand todavía no se ha publicado.',
    });
  });

  it('gives up on a mirror that does not answer within the timeout', async () => {
    const { fn } = fakeFetch(
      (url) =>
        new Promise<Response>((resolve, reject) => {
          if (url.startsWith('https://api.drand.sh')) return resolve(json(r1001));
          // Hangs like a dead mirror until fetch's own signal fires.
          setTimeout(() => reject(Object.assign(new Error('aborted'), { name: 'TimeoutError' })), 30);
        }),
    );
    expect((await drandRoundFetcher({ urls, fetch: fn, timeoutMs: 20 })(1001)).randomness).toBe(
      r1001.randomness,
    );
  });
});
