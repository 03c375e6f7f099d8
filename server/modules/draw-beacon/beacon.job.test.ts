import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roundTime } from '../../../domain/beacon';
import type { DrawResult } from '../../../domain/draw';
import type { Raffle } from '../../../domain/raffles';
import { merkleLevels, merkleRoot, saleLine, soldListText, toHex } from '../../../domain/verification';
import { queryRows } from '../../db/client';
import { buyer, makeRaffle } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { drawDueRaffles, drawFromBeacon, startBeaconDrawJob } from './beacon.job';
import { drandRoundFetcher, type FetchRound } from './beacon.remote';
import fixtures from './fixtures/quicknet-rounds.json';

// Real quicknet round 12040883 (drand/tlock's test vector, see the fixture): the worked example
// of docs/verification.md (drand section), whose three sales draw 07.
const recorded = fixtures.rounds.find((r) => r.round === 12040883) as (typeof fixtures.rounds)[number];
const sha256 = (d: Uint8Array) => new Uint8Array(createHash('sha256').update(d).digest());

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
});
afterAll(() => t?.close());

/** A drand mirror answering from the recording (BLS verification runs on what it serves). */
const mirror = (serve: (round: number) => unknown): FetchRound =>
  drandRoundFetcher({
    urls: ['https://mirror.test'],
    fetch: (async (input: string | URL | Request) => {
      const round = Number(String(input).split('/').at(-1));
      const body = serve(round);
      return body ? Response.json(body) : new Response('', { status: 425 });
    }) as typeof fetch,
  });
const recordedMirror = mirror((round) => fixtures.rounds.find((r) => r.round === round));

function capturingLog() {
  const errors: { raffleId?: string; message: string }[] = [];
  const log = {
    info: () => {},
    error: (obj: { err?: Error; raffleId?: string }) =>
      errors.push({ raffleId: obj.raffleId, message: obj.err?.message ?? '' }),
  } as unknown as FastifyBaseLogger;
  return { log, errors };
}

const SALES = [
  { number: 7, code: 'K7M3Q9TXAB', cedula: 'V-11111111', name: 'Ana Gómez' },
  { number: 42, code: 'HC4RWY8N6P', cedula: 'V-22222222', name: 'Luis Rojas' },
  { number: 63, code: '3UEJ9KFDMG', cedula: 'V-33333333', name: 'Eva Díaz' },
];

/**
 * A raffle sold and closed through the API, then given what the close will record for a drand
 * source (the lead's close code): the Merkle commitment over its lines, their count and its round.
 */
async function closedDrandRaffle(options: { round: number; sales?: typeof SALES; lineCount?: number }) {
  const sales = options.sales ?? SALES;
  const raffle = await makeRaffle(t, {}, admin);
  for (const sale of sales) {
    const reserved = await t.api('POST', `/api/raffles/${raffle.id}/reservations`, {
      body: { numbers: [sale.number], buyer: buyer({ cedula: sale.cedula, name: sale.name }) },
    });
    expect(reserved.status).toBe(201);
    await t.db.execute(
      sql`update tickets set verification_code = ${sale.code} where raffle_id = ${raffle.id} and number = ${sale.number}`,
    );
  }
  expect((await t.api<Raffle>('POST', `/api/raffles/${raffle.id}/close`, { token: admin })).status).toBe(200);
  const sold = await queryRows<{ ticket_number: string; verification_code: string; buyer_cedula: string }>(
    t.db,
    sql`select ticket_number, verification_code, buyer_cedula from tickets
        where raffle_id = ${raffle.id} and ended_at is null order by number`,
  );
  const lines = sold.map((s) =>
    saleLine(sha256, {
      ticketNumber: s.ticket_number,
      verificationCode: s.verification_code,
      cedula: s.buyer_cedula,
    }),
  );
  const root = toHex(merkleRoot(sha256, merkleLevels(sha256, lines)));
  await t.db.execute(
    sql`update raffles set draw_kind = 'drand', commitment_version = 2, draw_sold_list = ${soldListText(lines)},
          draw_commitment = ${root}, line_count = ${options.lineCount ?? lines.length},
          closed_at = ${new Date(roundTime(options.round).getTime() - 30_000).toISOString()}::timestamptz,
          beacon_round = ${options.round}
        where id = ${raffle.id}`,
  );
  return { id: raffle.id, root, lines };
}

const drawState = async (id: string) =>
  (
    await queryRows<{
      status: string;
      winning_number: number | null;
      beacon_randomness: string | null;
      beacon_signature: string | null;
      drawn_at: Date | null;
    }>(
      t.db,
      sql`select status, winning_number, beacon_randomness, beacon_signature, drawn_at from raffles where id = ${id}`,
    )
  )[0];

describe('drawing closed drand raffles from their recorded round', () => {
  it('draws the winner from the verified round and the Merkle root, and records what recomputes it', async () => {
    const raffle = await closedDrandRaffle({ round: recorded.round });
    expect(raffle.root).toBe('3dbfb45df1507fff047368a8f71a1eca12b8a11ca4d80ff1f69ab54f3e8b67ae');
    const { log, errors } = capturingLog();
    const results = await drawDueRaffles(t.db, log, recordedMirror);
    expect(errors).toEqual([]);
    expect(results.find((r) => r.raffleId === raffle.id)).toMatchObject({
      outcome: 'drawn',
      round: recorded.round,
      index: 0,
      winningNumber: 7,
    });
    expect(await drawState(raffle.id)).toMatchObject({
      status: 'finalizada',
      winning_number: 7,
      beacon_randomness: recorded.randomness,
      beacon_signature: recorded.signature,
    });
    const draw = await t.api<DrawResult>('GET', `/api/raffles/${raffle.id}/draw`);
    expect(draw.body.winning_number).toBe(7);
    expect(draw.body.winner).toMatchObject({
      number: 7,
      ticket_number: '07',
      buyer_name_masked: 'a*** g***',
    });
    // Drawn once: the next pass leaves it alone.
    expect((await drawDueRaffles(t.db, log, recordedMirror)).map((r) => r.raffleId)).not.toContain(raffle.id);
  });

  it('waits for the list text stored after the close (decision 078) before drawing from it', async () => {
    const raffle = await closedDrandRaffle({ round: recorded.round });
    const text = soldListText(raffle.lines);
    await t.db.execute(sql`update raffles set draw_sold_list = null where id = ${raffle.id}`);
    const { log, errors } = capturingLog();
    expect((await drawDueRaffles(t.db, log, recordedMirror)).map((r) => r.raffleId)).not.toContain(raffle.id);
    expect(await drawState(raffle.id)).toMatchObject({ status: 'cerrada', winning_number: null });
    await t.db.execute(sql`update raffles set draw_sold_list = ${text} where id = ${raffle.id}`);
    expect(
      (await drawDueRaffles(t.db, log, recordedMirror)).find((r) => r.raffleId === raffle.id),
    ).toMatchObject({
      outcome: 'drawn',
      winningNumber: 7,
    });
    expect(errors).toEqual([]);
  });

  it('leaves the raffle closed and logs why when the mirror serves a tampered signature', async () => {
    const raffle = await closedDrandRaffle({ round: 1000 });
    const tampered = mirror((round) => {
      const r = fixtures.rounds.find((f) => f.round === round);
      return r && { round, signature: `${r.signature.slice(0, -1)}${r.signature.endsWith('8') ? '9' : '8'}` };
    });
    const { log, errors } = capturingLog();
    await drawDueRaffles(t.db, log, tampered);
    expect(errors).toContainEqual({
      raffleId: raffle.id,
      message:
        'No se pudo obtener una ronda 1000 de drand válida de ningún servidor (mirror.test: La ronda 1000 recibida ' +
        'no tiene una firma válida de la red drand quicknet: se rechazó.).',
    });
    expect(await drawState(raffle.id)).toMatchObject({
      status: 'cerrada',
      winning_number: null,
      beacon_randomness: null,
      drawn_at: null,
    });
    // The genuine round, once served, draws it.
    expect(await drawFromBeacon(t.db, raffle.id, recordedMirror)).toMatchObject({
      outcome: 'drawn',
      round: 1000,
    });
  });

  it('does not ask for a round that is not out yet', async () => {
    const future = Math.ceil((Date.now() / 1000 - 1692803367) / 3) + 1000;
    const raffle = await closedDrandRaffle({ round: future });
    let asked = 0;
    const counting: FetchRound = async (round) => {
      asked++;
      return recordedMirror(round);
    };
    const results = await drawDueRaffles(t.db, capturingLog().log, counting);
    expect(results.map((r) => r.raffleId)).not.toContain(raffle.id);
    expect(await drawFromBeacon(t.db, raffle.id, counting)).toEqual({ outcome: 'too_early', round: future });
    expect(asked).toBe(0);
  });

  it('finishes a raffle with no sales without a winner, keeping the round so it is not retried', async () => {
    const raffle = await closedDrandRaffle({ round: 1001, sales: [] });
    expect(await drawFromBeacon(t.db, raffle.id, recordedMirror)).toEqual({
      outcome: 'no_lines',
      round: 1001,
    });
    expect(await drawState(raffle.id)).toMatchObject({
      status: 'finalizada',
      winning_number: null,
      beacon_randomness: fixtures.rounds[1].randomness,
    });
  });

  it('refuses to draw when the line count recorded at close is not the list', async () => {
    const raffle = await closedDrandRaffle({ round: 1000, lineCount: 4 });
    await expect(drawFromBeacon(t.db, raffle.id, recordedMirror)).rejects.toThrow(
      'La lista publicada no tiene el número de líneas registrado al cierre: no se sortea.',
    );
    expect((await drawState(raffle.id)).status).toBe('cerrada');
  });

  it('two jobs at once draw once', async () => {
    const raffle = await closedDrandRaffle({ round: recorded.round });
    // On PostgreSQL a second app instance on the same database; on PGlite (one session) the same one.
    const other = t.databaseUrl ? await createTestApp({ attachToDatabaseUrl: t.databaseUrl }) : null;
    try {
      // Both fetch before either locks: the worst interleaving.
      let arrived = 0;
      let release = () => {};
      const bothFetched = new Promise<void>((resolve) => {
        release = resolve;
      });
      const slowMirror: FetchRound = async (round) => {
        if (++arrived === 2) release();
        await bothFetched;
        return recordedMirror(round);
      };
      const outcomes = await Promise.all([
        drawFromBeacon(t.db, raffle.id, slowMirror),
        drawFromBeacon((other ?? t).db, raffle.id, slowMirror),
      ]);
      expect(outcomes.map((o) => o.outcome).sort()).toEqual(['drawn', 'skipped']);
      expect(await drawState(raffle.id)).toMatchObject({ status: 'finalizada', winning_number: 7 });
    } finally {
      await other?.close();
    }
  });

  it('runs on a timer and stops', async () => {
    const raffle = await closedDrandRaffle({ round: 1000 });
    const stop = startBeaconDrawJob({
      db: t.db,
      log: capturingLog().log,
      everyMs: 50,
      firstRunMs: 0,
      fetchRound: recordedMirror,
    });
    try {
      await expect
        .poll(async () => (await drawState(raffle.id)).status, { timeout: 10_000 })
        .toBe('finalizada');
    } finally {
      stop();
    }
  });
});
