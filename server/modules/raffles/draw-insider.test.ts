import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, ApiValidationError } from '../../../domain/api';
import type { DrawResult } from '../../../domain/draw';
import type { Raffle } from '../../../domain/raffles';
import { makeRaffle, makeUser } from '../../test/factories';
import { prizeCalls } from '../../test/prize-calls';
import { preDrawRaffleBody, threePrizes } from '../../test/prize-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

// The draw as a dishonest insider would attack it: an admin covering for a friend, a vendedor who
// owns the raffle. Each test is one attempt, made over HTTP as they would make it.

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
});
afterAll(() => t?.close());

const { reserve, payInFull, drawPrize, resultsOut, preDrawsNow } = prizeCalls(() => ({ t, admin }));

async function closedWithResultsOut(overrides: Record<string, unknown> = {}) {
  const raffle = await makeRaffle(t, threePrizes(overrides));
  await reserve(raffle.id, [47], 'Ana Gómez', 'V-12345678');
  await reserve(raffle.id, [34, 43, 12], 'Luis Amigo', 'V-7654321');
  const closed = await t.api<Raffle>('POST', `/api/raffles/${raffle.id}/close`, { token: admin });
  expect(closed.status).toBe(200);
  await resultsOut(raffle.id);
  return raffle;
}

describe('an admin registering a lottery result', () => {
  // The official result is "347": the 1.er premio is 47 (Ana). Each of these is shown on the page
  // looking like, or containing, "347" while the digits the rule reads are not the ones seen (the
  // friend holds 34, 43 and 12); the page's own check would then agree with the bent number.
  const disguised = [
    ['a fullwidth digit, dropped by the rule', '34\uFF17'],
    ['a superscript digit', '\u00B347'],
    ['a right-to-left override that shows 743 as 347', '\u202E743\u202C'],
    ['an invisible character in the number', '34\u200B7'],
    ['a letter that looks like a digit, touching the number', '34l'],
    ['a letter O in place of a zero', '3O7 12'],
    ['a second number beside the result', '347 (12)'],
  ] as const;

  it.each(disguised)('refuses a result with %s, and the draw stays open', async (_how, result) => {
    const raffle = await closedWithResultsOut();
    const bent = await t.api<ApiValidationError>('POST', `/api/raffles/${raffle.id}/draw`, {
      token: admin,
      body: { result },
    });
    expect(bent.status).toBe(422);
    expect(bent.body.error.fields[0]?.path).toBe('result');
    expect(bent.body.error.message).toContain('dígitos del 0 al 9');
    const view = await t.api<DrawResult>('GET', `/api/raffles/${raffle.id}/draw`);
    expect(view.body.winning_number).toBeNull();
    // The official result, as printed, still decides it.
    const honest = await t.api<DrawResult>('POST', `/api/raffles/${raffle.id}/draw`, {
      token: admin,
      body: { result: '347' },
    });
    expect(honest.status).toBe(200);
    expect(honest.body.winning_number).toBe(47);
    expect(honest.body.winner?.buyer_name_masked).toBe('a*** g***');
  });

  it('refuses the same disguise on a 2.º premio, and takes the result written with words beside it', async () => {
    const raffle = await closedWithResultsOut();
    await t.api('POST', `/api/raffles/${raffle.id}/draw`, { token: admin, body: { result: '347 Leo' } });
    const bent = await drawPrize<ApiError>(raffle.id, 2, '51\uFF12');
    expect(bent.status).toBe(422);
    const view = await t.api<DrawResult>('GET', `/api/raffles/${raffle.id}/draw`);
    expect(view.body.prizes[1]).toMatchObject({ drawn_at: null, winning_number: null, skipped: [] });
    const honest = await drawPrize(raffle.id, 2, 'Triple A: 512');
    expect(honest.status).toBe(200);
    expect(honest.body.prizes[1]).toMatchObject({ result: 'Triple A: 512', winning_number: 12 });
  });
});

describe('a vendedor who owns the raffle, after its close', () => {
  it('cannot change, reorder, add or drop the prizes or the repeat rule, even once nobody holds a number', async () => {
    const vendedor = await makeUser(t, { role: 'vendedor' });
    const raffle = await makeRaffle(t, threePrizes(), vendedor.token);
    // The one sale is released before the close: the list is empty, but the draw was declared.
    const [sale] = await reserve(raffle.id, [5]);
    const released = await t.api('PATCH', `/api/tickets/${sale?.id}`, {
      token: vendedor.token,
      body: { status: 'disponible' },
    });
    expect(released.status).toBe(200);
    const closed = await t.api<Raffle>('POST', `/api/raffles/${raffle.id}/close`, { token: vendedor.token });
    expect(closed.status).toBe(200);
    const [second, third] = closed.body.prizes.slice(1);
    const asSent = (p: typeof second) => ({
      title: p?.title,
      description: p?.description,
      draw_kind: p?.source.kind,
      draw_lottery: p?.source.lottery,
      draw_at: p?.source.draw_at,
      draw_rule: p?.source.rule,
    });
    const attempts: Record<string, unknown>[] = [
      { prizes: [{ ...asSent(second), draw_lottery: 'Lotería del Zulia' }, asSent(third)] },
      { prizes: [{ ...asSent(second), draw_rule: 'ultimos_digitos_segundo' }, asSent(third)] },
      { prizes: [asSent(second)] },
      { prizes: [asSent(second), asSent(third), { ...asSent(third), title: 'Otro premio' }] },
      { prizes: [] },
      { prize_repeat_rule: 'sin_ganador' },
    ];
    for (const body of attempts) {
      const res = await t.api<ApiError>('PATCH', `/api/raffles/${raffle.id}`, {
        token: vendedor.token,
        body,
      });
      expect([res.status, res.body.error?.code], JSON.stringify(body)).toEqual([409, 'RAFFLE_CLOSED']);
    }
    // The same prizes sent back, as the form does, still go through.
    const same = await t.api('PATCH', `/api/raffles/${raffle.id}`, {
      token: vendedor.token,
      body: { prizes: [asSent(second), asSent(third)], prize_repeat_rule: 'siguiente_resultado' },
    });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    const view = await t.api<DrawResult>('GET', `/api/raffles/${raffle.id}/draw`);
    expect(view.body.prizes.map((p) => p.source.lottery)).toEqual([
      'Triple Táchira',
      'Triple Zulia',
      'Triple Caracas',
    ]);
  });
});

describe('a pre-sorteo, drawn before the close', () => {
  it('keeps the prize its list was sealed for: its text, photo and place do not change once sealed', async () => {
    const vendedor = await makeUser(t, { role: 'vendedor' });
    const raffle = await makeRaffle(
      t,
      {
        ...preDrawRaffleBody(),
        prizes: [
          { ...preDrawRaffleBody().prizes[0], title: 'Pre-sorteo: televisor 50"', description: 'Smart TV' },
          { ...preDrawRaffleBody().prizes[0], title: 'Pre-sorteo: llavero' },
        ],
      },
      vendedor.token,
    );
    const [paid] = await reserve(raffle.id, [12], 'Ana Gómez');
    if (!paid) throw new Error('no ticket');
    await payInFull(paid);
    await preDrawsNow(raffle.id, { lotteryToo: true });
    await t.app.services.raffles.changed(raffle.id);
    // Its date came, the job sealed the list of the numbers paid then, and its lottery drew.
    expect(await t.app.services.draws.sealDuePreDraws()).toContain(raffle.id);
    const drawn = await drawPrize(raffle.id, 2, '412');
    expect(drawn.body.prizes[1]).toMatchObject({
      winning_number: 12,
      winner: { buyer_name_masked: 'a*** g***' },
    });

    const current = (await t.api<Raffle>('GET', `/api/raffles/${raffle.id}`, { token: vendedor.token })).body;
    const asSent = (p: Raffle['prizes'][number] | undefined) => ({
      title: p?.title,
      description: p?.description,
      image: p?.image,
      draw_kind: p?.source.kind,
      draw_lottery: p?.source.lottery,
      draw_at: p?.source.draw_at,
      draw_rule: p?.source.rule,
      pre_draw_at: p?.pre_draw_at,
    });
    const [tv, keyring] = [asSent(current.prizes[1]), asSent(current.prizes[2])];
    // The winner known, the owner tries to make the prize they won a lesser one.
    const attempts = [
      [{ ...tv, title: 'Pre-sorteo: llavero' }, keyring],
      [{ ...tv, description: 'Un llavero' }, keyring],
      [
        { ...tv, title: keyring.title },
        { ...keyring, title: tv.title, description: tv.description },
      ],
    ];
    for (const prizes of attempts) {
      const res = await t.api<ApiError>('PATCH', `/api/raffles/${raffle.id}`, {
        token: vendedor.token,
        body: { prizes },
      });
      expect([res.status, res.body.error?.code], JSON.stringify(prizes)).toEqual([409, 'PRE_DRAW_SEALED']);
    }
    // Sent back as they are (the form sends every field), they go through.
    const same = await t.api('PATCH', `/api/raffles/${raffle.id}`, {
      token: vendedor.token,
      body: { prizes: [tv, keyring] },
    });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    const view = await t.api<DrawResult>('GET', `/api/raffles/${raffle.id}/draw`);
    expect(view.body.prizes[1]).toMatchObject({
      title: 'Pre-sorteo: televisor 50"',
      description: 'Smart TV',
    });
  });
});
