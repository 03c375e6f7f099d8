import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../domain/api';
import type { DrawResult, ProofResult } from '../../../domain/draw';
import type { PublicRaffle } from '../../../domain/raffles';
import {
  fromHex,
  merkleLevels,
  merkleRoot,
  soldListLines,
  toHex,
  verifyInclusion,
} from '../../../domain/verification';
import { queryRows } from '../../db/client';
import { makeRaffle, raffleInput } from '../../test/factories';
import { prizeCalls } from '../../test/prize-calls';
import { at, HOUR, lottery, preDrawRaffleBody, threePrizes } from '../../test/prize-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { nodeSha256 as sha } from '../receipts/receipt-signer';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
});
afterAll(() => t?.close());

const { reserve, payInFull, drawPrize, resultsOut, preDrawsNow, anaPaidLuisHeld } = prizeCalls(() => ({
  t,
  admin,
}));

describe('the lottery prize each raffle prize is read from', () => {
  it('is declared per prize ("del segundo premio") and shown in its rule text; an unknown rule is refused', async () => {
    const raffle = await makeRaffle(
      t,
      threePrizes({
        prizes: [
          {
            title: 'Televisor',
            ...lottery('Triple Táchira', at(2 * HOUR + 60_000)),
            draw_rule: 'ultimos_digitos_segundo',
          },
        ],
      }),
    );
    const pub = await t.api<PublicRaffle>('GET', `/api/raffles/${raffle.id}`);
    expect(pub.body.prizes.map((p) => [p.source.rule, p.source.rule_text])).toEqual([
      ['ultimos_digitos', 'Gana el número con los últimos 2 dígitos del primer premio de la lotería.'],
      [
        'ultimos_digitos_segundo',
        'Gana el número con los últimos 2 dígitos del segundo premio de la lotería.',
      ],
    ]);
    const unknown = await t.api<ApiError>('POST', '/api/raffles', {
      token: admin,
      body: {
        ...raffleInput(threePrizes()),
        prizes: [{ title: 'Bono', ...lottery('Triple Zulia', at(2 * HOUR)), draw_rule: 'cuarto_premio' }],
      },
    });
    expect(unknown.status).toBe(400);
  });
});

describe('pre-sorteos', () => {
  it('seal at their date the numbers fully paid then; the winner comes from that list and stays in the main draw', async () => {
    const raffle = await makeRaffle(t, preDrawRaffleBody());
    const pub = await t.api<PublicRaffle>('GET', `/api/raffles/${raffle.id}`);
    expect(pub.body.prizes[1]?.pre_draw_at).not.toBeNull();

    const [paid] = await reserve(raffle.id, [12], 'Ana Gómez');
    const [owed] = await reserve(raffle.id, [34], 'Luis Mora', 'V-7654321');
    if (!paid || !owed) throw new Error('no tickets');
    await payInFull(paid);
    const notYet = await drawPrize<ApiError>(raffle.id, 2, '412');
    expect(notYet.body.error.code).toBe('PRE_DRAW_NOT_SEALED');
    const noProofYet = await t.api<ApiError>('GET', `/api/raffles/${raffle.id}/prizes/2/proof?number=12`);
    expect([noProofYet.status, noProofYet.body.error.code]).toEqual([409, 'PRE_DRAW_NOT_SEALED']);

    // Its date comes: the job seals the list of numbers fully paid at that instant.
    await preDrawsNow(raffle.id);
    const sealed = await t.app.services.draws.sealDuePreDraws();
    expect(sealed).toContain(raffle.id);
    expect(await t.app.services.draws.sealDuePreDraws()).not.toContain(raffle.id);
    const after = await t.api<PublicRaffle>('GET', `/api/raffles/${raffle.id}`);
    const preList = after.body.prizes[1]?.pre_list;
    expect(preList).toMatchObject({ line_count: 1, audit_head: expect.anything() });
    const file = await t.api<string>('GET', preList?.list_url ?? '');
    expect(file.status).toBe(200);
    const lines = soldListLines(file.body);
    expect(lines.map((l) => l.split(':')[0])).toEqual(['12']);
    expect(toHex(merkleRoot(sha, merkleLevels(sha, lines)))).toBe(preList?.commitment);
    // A buyer checks their own number took part, with the same inclusion proof as the close's list.
    const proof = await t.api<ProofResult>('GET', `/api/raffles/${raffle.id}/prizes/2/proof?number=12`);
    expect(proof.status).toBe(200);
    expect(proof.body).toMatchObject({ line: lines[0], index: 0, size: 1, root: preList?.commitment });
    const checks = verifyInclusion(sha, {
      line: proof.body.line,
      index: proof.body.index,
      size: proof.body.size,
      path: proof.body.path.map(fromHex),
      root: fromHex(preList?.commitment ?? ''),
    });
    expect(checks).toBe(true);
    // Number 34 was not fully paid at that instant: not in the list.
    const outside = await t.api<ApiError>('GET', `/api/raffles/${raffle.id}/prizes/2/proof?number=34`);
    expect([outside.status, outside.body.error.code]).toEqual([404, 'NOT_IN_LIST']);

    // Paying number 34 now does not make it eligible.
    await payInFull(owed, 'V-7654321');
    await resultsOut(raffle.id);
    const notEligible = await drawPrize(raffle.id, 2, '434');
    expect(notEligible.body.prizes[1]).toMatchObject({
      winning_number: 34,
      void_reason: 'no_elegible',
      winner: null,
    });

    // The winner of a pre-sorteo stays in the main draw (another raffle, same steps, a winning 12).
    const second = await makeRaffle(t, preDrawRaffleBody());
    const [mine] = await reserve(second.id, [12]);
    if (!mine) throw new Error('no ticket');
    await payInFull(mine);
    await preDrawsNow(second.id);
    await t.app.services.draws.sealDuePreDraws();
    await resultsOut(second.id);
    const pre = await drawPrize(second.id, 2, '112');
    expect(pre.body.prizes[1]).toMatchObject({ winning_number: 12, winner: { ticket_number: '12' } });
    // Main prizes are drawn after the close, whatever the pre-sorteos did.
    await t.db.execute(
      sql`update raffles set closing_date = now() - interval '1 second' where id = ${second.id}`,
    );
    await t.app.services.draws.closeDue();
    await t.db.execute(sql`update raffles set draw_at = now() - interval '1 minute' where id = ${second.id}`);
    const main = await t.api<DrawResult>('POST', `/api/raffles/${second.id}/draw`, {
      token: admin,
      body: { result: '512' },
    });
    expect(main.body.winning_number).toBe(12);
    expect(main.body.winner?.ticket_number).toBe('12');
    expect(main.body.prizes.map((p) => p.winning_number)).toEqual([12, 12]);
  });

  it('a late seal lists the numbers fully paid at its date, not one marked paid after it', async () => {
    const { raffle, early, late } = await anaPaidLuisHeld();
    // Its date passes; the job has not sealed yet (it runs every 20 s, or the server was down).
    await preDrawsNow(raffle.id);
    // Meanwhile staff mark 34 paid (a vendedor who saw the lottery's result first could choose it),
    // and edit Ana's phone: a paid number whose details change stays paid since before the date.
    await payInFull(late, 'V-7654321');
    const edited = await t.api('PATCH', `/api/tickets/${early.id}`, {
      token: admin,
      body: { buyer_phone: '04125550000' },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);

    expect(await t.app.services.draws.sealDuePreDraws()).toContain(raffle.id);
    const preList = (await t.api<PublicRaffle>('GET', `/api/raffles/${raffle.id}`)).body.prizes[1]?.pre_list;
    const file = await t.api<string>('GET', preList?.list_url ?? '');
    expect(soldListLines(file.body).map((l) => l.split(':')[0])).toEqual(['12']);
    expect(preList?.line_count).toBe(1);
  });

  it('the sales the seal listed are the ones kept on it, a paid sale without history too (migration 0032)', async () => {
    const { raffle, early } = await anaPaidLuisHeld();
    // As migration 0032 marked free numbers paid: in SQL, no history entry.
    await t.db.execute(sql`delete from ticket_events where ticket_id = ${early.id}`);
    await preDrawsNow(raffle.id);
    await t.app.services.draws.sealDuePreDraws();
    const preList = (await t.api<PublicRaffle>('GET', `/api/raffles/${raffle.id}`)).body.prizes[1]?.pre_list;
    const file = await t.api<string>('GET', preList?.list_url ?? '');
    expect(soldListLines(file.body).map((l) => l.split(':')[0])).toEqual(['12']);
    const recorded = await queryRows<{ sale_id: string; position: number }>(
      t.db,
      sql`select sale_id, position from pre_draw_list_sales where raffle_id = ${raffle.id}`,
    );
    expect(recorded).toEqual([{ sale_id: early.id, position: 2 }]);
    // The previous release's two-argument guard, which its instances call during a rolling deploy.
    const [previous] = await queryRows<{ kept: boolean }>(
      t.db,
      sql`select pre_draw_keeps(${early.id}::uuid, ${raffle.id}::uuid) as kept`,
    );
    expect(previous?.kept).toBe(true);

    const release = await t.api<ApiError>('PATCH', `/api/tickets/${early.id}`, {
      token: admin,
      body: { status: 'disponible', refund: { amount_cents: early.price_cents, reason: 'Desistió' } },
    });
    expect([release.status, release.body.error?.code], JSON.stringify(release.body)).toEqual([
      409,
      'PRE_DRAW_SEALED',
    ]);
  });

  /** A list sealed before migration 0039: its record taken away, as if the table never had it. */
  async function sealedBeforeTheRecord() {
    const sale = await anaPaidLuisHeld();
    await preDrawsNow(sale.raffle.id);
    await t.app.services.draws.sealDuePreDraws();
    await t.db.execute(sql`delete from pre_draw_list_sales where raffle_id = ${sale.raffle.id}`);
    return sale;
  }
  async function runTheBackfill() {
    const migration = new URL('../../db/migrations/0039_pre_draw_list_sales.sql', import.meta.url);
    const backfill = readFileSync(migration, 'utf8')
      .split('--> statement-breakpoint')
      .find((statement) => statement.includes('INSERT INTO pre_draw_list_sales'));
    await t.db.execute(sql.raw(backfill as string));
  }

  it('migration 0039 records the sales of the lists sealed before it, from their stored lines', async () => {
    const { raffle, early } = await sealedBeforeTheRecord();
    await runTheBackfill();

    const recorded = await queryRows<{ sale_id: string }>(
      t.db,
      sql`select sale_id from pre_draw_list_sales where raffle_id = ${raffle.id} and position = 2`,
    );
    expect(recorded).toEqual([{ sale_id: early.id }]);
    const release = await t.api<ApiError>('PATCH', `/api/tickets/${early.id}`, {
      token: admin,
      body: { buyer_cedula: 'V-99999999' },
    });
    expect([release.status, release.body.error?.code]).toEqual([409, 'PRE_DRAW_SEALED']);
  });

  it('migration 0039 does not record a number sold again since the seal, whatever its line', async () => {
    const { raffle, early } = await sealedBeforeTheRecord();
    // Unguarded before the record, Ana's listed 12 was released and sold again to Luis, whose sale
    // has no kept hash (a code the database does not hash: the server would hash its line).
    const released = await t.api('PATCH', `/api/tickets/${early.id}`, {
      token: admin,
      body: { status: 'disponible', refund: { amount_cents: early.price_cents, reason: 'Desistió' } },
    });
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    const [again] = await reserve(raffle.id, [12], 'Luis Mora', 'V-7654321');
    await t.db.execute(
      sql`update tickets set verification_code = 'abc-123' where id = ${again?.id as string}`,
    );
    await runTheBackfill();

    const recorded = await queryRows<{ sale_id: string }>(
      t.db,
      sql`select sale_id from pre_draw_list_sales where raffle_id = ${raffle.id}`,
    );
    expect(recorded).toEqual([]);
  });

  it('refuses a list sealed without its record (an instance on the previous release)', async () => {
    const { raffle } = await anaPaidLuisHeld();
    const sealed = t.db.execute(
      sql`insert into pre_draw_lists (raffle_id, position, sold_list) values (${raffle.id}, 2, ${'12:ab\n'})`,
    );
    await expect(sealed).rejects.toThrow();
    // An empty list records nothing, and is accepted.
    await t.db.execute(
      sql`insert into pre_draw_lists (raffle_id, position, sold_list) values (${raffle.id}, 2, '')`,
    );
  });

  it('refuses a pre-sorteo on or after the closing date, or a lottery draw before it', async () => {
    const closing = Date.now() + HOUR;
    const base = {
      ...raffleInput({ total_numbers: 100, digit_count: 2 }),
      closing_date: new Date(closing).toISOString(),
      ...lottery('Triple Táchira', new Date(closing + HOUR).toISOString()),
    };
    const late = await t.api<ApiError>('POST', '/api/raffles', {
      token: admin,
      body: { ...base, prizes: [{ title: 'Pre', pre_draw_at: at(2 * HOUR), draw_kind: 'drand' }] },
    });
    expect(late.status).toBe(422);
    const before = await t.api<ApiError>('POST', '/api/raffles', {
      token: admin,
      body: {
        ...base,
        prizes: [{ title: 'Pre', pre_draw_at: at(HOUR / 2), ...lottery('Triple Zulia', at(HOUR / 4)) }],
      },
    });
    expect(before.status).toBe(422);
    expect(before.body.error.message).toContain('posterior a la fecha del pre-sorteo');
  });
});
