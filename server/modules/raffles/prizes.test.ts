import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, ApiValidationError } from '../../../domain/api';
import type { DrawResult, WinnerResult } from '../../../domain/draw';
import { prizeMessages } from '../../../domain/prize-rules';
import type { PublicRaffle, Raffle } from '../../../domain/raffles';
import { makeRaffle, raffleInput } from '../../test/factories';
import { prizeCalls } from '../../test/prize-calls';
import { at, HOUR, lottery, threePrizes } from '../../test/prize-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
});
afterAll(() => t?.close());

const { reserve, drawPrize, resultsOut } = prizeCalls(() => ({ t, admin }));

describe('several prizes', () => {
  it('keeps the order, with the raffle’s own prize first, on the staff and the public answers', async () => {
    const raffle = await makeRaffle(t, threePrizes());
    expect(raffle.prizes.map((p) => [p.position, p.title])).toEqual([
      [1, 'Moto Bera 2026'],
      [2, 'Televisor 50"'],
      [3, 'Bono de $100'],
    ]);
    expect(raffle.prize_repeat_rule).toBe('siguiente_resultado');
    const pub = await t.api<PublicRaffle>('GET', `/api/raffles/${raffle.id}`);
    expect(pub.body.prizes[1]).toMatchObject({
      position: 2,
      source: { kind: 'loteria', lottery: 'Triple Zulia', rule: 'ultimos_digitos' },
      winning_number: null,
      winner: null,
      pre_draw_at: null,
    });
    expect(pub.body.prizes[0]?.source.lottery).toBe('Triple Táchira');
  });

  it('refuses prizes without a declared main source, a draw before the close, or more than 10 in all', async () => {
    const create = (body: Record<string, unknown>) =>
      t.api<ApiError>('POST', '/api/raffles', { token: admin, body: raffleInput(body) });
    const noMain = await create({
      ...threePrizes(),
      draw_kind: null,
      draw_lottery: null,
      draw_rule: null,
      draw_at: null,
    });
    expect(noMain.status).toBe(422);
    const early = await create(
      threePrizes({ prizes: [{ title: 'TV', ...lottery('Triple Zulia', at(HOUR / 2)) }] }),
    );
    expect(early.status).toBe(422);
    expect(early.body.error.message).toContain('posterior a la fecha de cierre');
    const many = await create(
      threePrizes({
        prizes: Array.from({ length: 10 }, (_, i) => ({ title: `Premio ${i}`, draw_kind: 'drand' })),
      }),
    );
    expect(many.status).toBe(422);
  });

  it('freezes the prize sources and the repeat rule at the first sale, the texts at close', async () => {
    const raffle = await makeRaffle(t, threePrizes());
    const [first, second] = raffle.prizes.slice(1);
    const body = (changes: Record<string, unknown>) => ({
      prizes: [
        { title: first?.title, ...lottery('Triple Zulia', first?.source.draw_at ?? ''), ...changes },
        { title: second?.title, ...lottery('Triple Caracas', second?.source.draw_at ?? '') },
      ],
    });
    const before = await t.api<Raffle>('PATCH', `/api/raffles/${raffle.id}`, {
      token: admin,
      body: body({ draw_lottery: 'Lotería del Zulia' }),
    });
    expect(before.status).toBe(200);
    await reserve(raffle.id, [5]);
    const source = await t.api<ApiError>('PATCH', `/api/raffles/${raffle.id}`, {
      token: admin,
      body: body({ draw_lottery: 'Triple Zamorano' }),
    });
    expect(source.status).toBe(409);
    expect(source.body.error.code).toBe('DRAW_SOURCE_LOCKED');
    const rule = await t.api<ApiError>('PATCH', `/api/raffles/${raffle.id}`, {
      token: admin,
      body: { prize_repeat_rule: 'sin_ganador' },
    });
    expect(rule.body.error.code).toBe('DRAW_SOURCE_LOCKED');
    const removed = await t.api<ApiError>('PATCH', `/api/raffles/${raffle.id}`, {
      token: admin,
      body: { prizes: body({ draw_lottery: 'Lotería del Zulia' }).prizes.slice(0, 1) },
    });
    expect(removed.body.error.code).toBe('DRAW_SOURCE_LOCKED');
    // The text still changes until the close.
    const text = await t.api<Raffle>('PATCH', `/api/raffles/${raffle.id}`, {
      token: admin,
      body: body({ draw_lottery: 'Lotería del Zulia', title: 'Televisor 55"' }),
    });
    expect(text.status).toBe(200);
    expect(text.body.prizes[1]?.title).toBe('Televisor 55"');
    await t.api('POST', `/api/raffles/${raffle.id}/close`, { token: admin });
    const frozen = await t.api<ApiError>('PATCH', `/api/raffles/${raffle.id}`, {
      token: admin,
      body: body({ draw_lottery: 'Lotería del Zulia', title: 'Televisor 65"' }),
    });
    expect(frozen.status).toBe(409);
    expect(frozen.body.error.code).toBe('RAFFLE_CLOSED');
  });

  it('draws each prize in order from its own result; the 1.º is unchanged; a repeat waits for the next result', async () => {
    const raffle = await makeRaffle(t, threePrizes());
    await reserve(raffle.id, [47, 12], 'Carlos Ruiz', 'V-9876543');
    await reserve(raffle.id, [30], 'Ana Gómez');
    await t.api('POST', `/api/raffles/${raffle.id}/close`, { token: admin });
    await resultsOut(raffle.id);

    const outOfOrder = await drawPrize<ApiError>(raffle.id, 2, '512');
    expect(outOfOrder.status).toBe(409);
    expect(outOfOrder.body.error.code).toBe('PRIZE_ORDER');

    // The 1.º is decided by its declared draw: it names no other.
    const mainWithTime = await t.api<ApiValidationError>('POST', `/api/raffles/${raffle.id}/draw`, {
      token: admin,
      body: { result: '347', result_at: at(-30_000) },
    });
    expect([mainWithTime.status, mainWithTime.body.error.message]).toEqual([
      422,
      prizeMessages.resultAtOnlyNext,
    ]);
    // The 1.º exactly as before: no `prize` in the body.
    const main = await t.api<DrawResult>('POST', `/api/raffles/${raffle.id}/draw`, {
      token: admin,
      body: { result: '347' },
    });
    expect(main.status).toBe(200);
    expect(main.body).toMatchObject({ result: '347', winning_number: 47 });
    expect(main.body.winner?.buyer_name_masked).toBe('c*** r***');
    expect((await t.api<Raffle>('GET', `/api/raffles/${raffle.id}`, { token: admin })).body.status).toBe(
      'finalizada',
    );

    const skipped = await drawPrize(raffle.id, 2, '947');
    expect(skipped.status).toBe(200);
    expect(skipped.body.prizes[1]).toMatchObject({
      position: 2,
      drawn_at: null,
      winning_number: null,
      skipped: [{ result: '947', round: null, number: 47, result_at: null }],
    });
    // The next result names the lottery draw it came from (decision 084): after the declared one, not
    // in the future; a first result names none.
    const nextAt = at(-30_000);
    const refusals = [
      await drawPrize<ApiValidationError>(raffle.id, 2, '212'),
      await drawPrize<ApiValidationError>(raffle.id, 2, '212', at(-2 * HOUR)),
      await drawPrize<ApiValidationError>(raffle.id, 2, '212', at(HOUR)),
    ];
    expect(refusals.map((r) => [r.status, r.body.error.fields?.[0]?.path])).toEqual(
      Array(3).fill([422, 'result_at']),
    );
    expect(refusals.map((r) => r.body.error.message)).toEqual([
      prizeMessages.nextResultAtRequired,
      expect.stringMatching(/^El siguiente resultado debe ser de un sorteo posterior al anterior \(/),
      prizeMessages.nextResultAtFuture,
    ]);
    const second = await drawPrize(raffle.id, 2, '212', nextAt);
    expect(second.body.prizes[1]).toMatchObject({
      result: '212',
      result_at: new Date(nextAt).toISOString(),
      winning_number: 12,
      void_reason: null,
      winner: { buyer_name_masked: 'c*** r***' },
    });
    const firstWithTime = await drawPrize<ApiValidationError>(raffle.id, 3, '099', nextAt);
    expect([firstWithTime.status, firstWithTime.body.error.message]).toEqual([
      422,
      prizeMessages.resultAtOnlyNext,
    ]);
    const again = await drawPrize<ApiError>(raffle.id, 2, '230');
    expect(again.body.error.code).toBe('ALREADY_DRAWN');
    // A number nobody holds: drawn, with no winner (like the 1.º).
    const third = await drawPrize(raffle.id, 3, '099');
    expect(third.body.prizes[2]).toMatchObject({ winning_number: 99, winner: null, void_reason: null });

    const view = await t.api<DrawResult>('GET', `/api/raffles/${raffle.id}/draw`);
    expect(view.body.prizes.map((p) => p.winning_number)).toEqual([47, 12, 99]);
    expect(view.body.prizes[0]?.winner?.buyer_name_masked).toBe('c*** r***');
    const pub = await t.api<PublicRaffle>('GET', `/api/raffles/${raffle.id}`);
    expect(pub.body.prizes[1]?.winner?.ticket_number).toBe('12');
    expect(JSON.stringify(pub.body)).not.toContain('V-9876543');

    // Staff get each winner's contact details and what they still owe, to deliver every prize.
    const winnerOf = (prize?: number) =>
      t.api<WinnerResult>('GET', `/api/raffles/${raffle.id}/winner${prize ? `?prize=${prize}` : ''}`, {
        token: admin,
      });
    expect((await winnerOf()).body.winner).toMatchObject({ ticket_number: '47', buyer_cedula: 'V-9876543' });
    expect((await winnerOf(2)).body.winner).toMatchObject({
      number: 12,
      ticket_number: '12',
      buyer_name: expect.stringMatching(/carlos ruiz/i),
      buyer_cedula: 'V-9876543',
      status: 'apartado',
      remaining_cents: expect.any(Number),
    });
    expect((await winnerOf(3)).body.winner).toBeNull(); // 99: nobody held it
    const none = await winnerOf(4);
    expect([none.status, (none.body as unknown as ApiError).error.code]).toEqual([404, 'PRIZE_NOT_FOUND']);
    const anonymous = await t.api<ApiError>('GET', `/api/raffles/${raffle.id}/winner?prize=2`);
    expect(anonymous.status).toBe(401);
  });

  it('with the rule sin_ganador, a repeated number leaves the prize without a winner', async () => {
    const raffle = await makeRaffle(t, threePrizes({ prize_repeat_rule: 'sin_ganador' }));
    await reserve(raffle.id, [47]);
    await t.api('POST', `/api/raffles/${raffle.id}/close`, { token: admin });
    await resultsOut(raffle.id);
    await t.api('POST', `/api/raffles/${raffle.id}/draw`, { token: admin, body: { result: '347' } });
    const second = await drawPrize(raffle.id, 2, '147');
    expect(second.body.prizes[1]).toMatchObject({
      winning_number: 47,
      void_reason: 'repetido',
      winner: null,
      skipped: [],
    });
    expect(second.body.prizes[1]?.drawn_at).not.toBeNull();
    const winner = await t.api<WinnerResult>('GET', `/api/raffles/${raffle.id}/winner?prize=2`, {
      token: admin,
    });
    expect([winner.status, winner.body.winner]).toEqual([200, null]);
  });

  it('refuses a result before the prize’s draw time, and a drand prize by hand', async () => {
    const raffle = await makeRaffle(
      t,
      threePrizes({
        prizes: [
          { title: 'TV', ...lottery('Triple Zulia', at(3 * HOUR)) },
          { title: 'Bono', draw_kind: 'drand' },
        ],
      }),
    );
    await reserve(raffle.id, [1]);
    await t.api('POST', `/api/raffles/${raffle.id}/close`, { token: admin });
    await t.db.execute(sql`update raffles set draw_at = now() - interval '1 minute' where id = ${raffle.id}`);
    await t.api('POST', `/api/raffles/${raffle.id}/draw`, { token: admin, body: { result: '301' } });
    const early = await drawPrize<ApiError>(raffle.id, 2, '555');
    expect(early.body.error.code).toBe('DRAW_TOO_EARLY');
    await resultsOut(raffle.id);
    await drawPrize(raffle.id, 2, '555');
    const beacon = await drawPrize<ApiError>(raffle.id, 3, '555');
    expect(beacon.body.error.code).toBe('BEACON_DRAW');
    const missing = await drawPrize<ApiError>(raffle.id, 4, '555');
    expect(missing.status).toBe(404);
  });
});

describe('a drand prize', () => {
  it('gets its round when its turn comes, then is drawn from it over the published list', async () => {
    const raffle = await makeRaffle(t, threePrizes({ prizes: [{ title: 'Bono', draw_kind: 'drand' }] }));
    await reserve(raffle.id, [47, 3, 8]);
    await t.api('POST', `/api/raffles/${raffle.id}/close`, { token: admin });
    const randomness = createHash('sha256').update('ronda de prueba').digest('hex');
    const fetchRound = async (round: number) => ({ round, signature: 'ab'.repeat(48), randomness });
    // Not its turn while the 1.º is pending.
    await t.app.services.draws.drawDueBeaconPrizes(fetchRound);
    let view = await t.api<DrawResult>('GET', `/api/raffles/${raffle.id}/draw`);
    expect(view.body.prizes[1]?.source.beacon).toBeNull();
    await resultsOut(raffle.id);
    await t.api('POST', `/api/raffles/${raffle.id}/draw`, { token: admin, body: { result: '347' } });
    await t.app.services.draws.drawDueBeaconPrizes(fetchRound);
    view = await t.api<DrawResult>('GET', `/api/raffles/${raffle.id}/draw`);
    const fixed = view.body.prizes[1]?.source.beacon;
    expect(fixed?.round).toBeGreaterThan(0);
    expect(new Date(fixed?.time ?? 0).getTime()).toBeGreaterThan(Date.now());
    expect(view.body.prizes[1]?.drawn_at).toBeNull();
    // Its round comes out (moved to a past round here): drawn among the lines, never 47 again
    // unless the rule passes it over.
    await t.db.execute(
      sql`update raffles set prizes = jsonb_set(prizes, '{0,beacon_round}', '1000'::jsonb) where id = ${raffle.id}`,
    );
    const drawn = await t.app.services.draws.drawDueBeaconPrizes(fetchRound);
    view = await t.api<DrawResult>('GET', `/api/raffles/${raffle.id}/draw`);
    const prize = view.body.prizes[1];
    if (prize?.drawn_at) {
      expect(drawn).toEqual([{ raffleId: raffle.id, position: 2 }]);
      expect([3, 8]).toContain(prize.winning_number);
      expect(prize.source.beacon).toMatchObject({ round: 1000, randomness });
    } else {
      expect(drawn).toEqual([]);
      expect(prize?.skipped).toEqual([{ result: null, round: 1000, number: 47, result_at: null }]);
      expect(prize?.source.beacon?.round).toBe(1001);
    }
  });
});
