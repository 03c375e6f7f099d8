import { execFile } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../domain/api';
import { drawRoundFor, QUICKNET } from '../../../domain/beacon';
import type { DrawResult } from '../../../domain/draw';
import { drawTermsMessages } from '../../../domain/draw-terms';
import type { Raffle } from '../../../domain/raffles';
import { merkleLevels, merkleRoot, soldListLines, toHex } from '../../../domain/verification';
import {
  buyer,
  closingDatePassed,
  makeRaffle,
  raffleInput,
  reserveNumbers,
  storedSoldList,
  withoutDeclaredSource,
} from '../../test/factories';
import { inAnHour } from '../../test/prize-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { nodeSha256 as sha256 } from '../receipts/receipt-signer';
import { createRaffleDrawService } from './raffle-draw.service';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
});
afterAll(() => t?.close());

const reserve = (raffleId: string, numbers: number[], who = buyer()) =>
  reserveNumbers(t, raffleId, numbers, who);

describe('a declared lottery source', () => {
  it('is checked at creation, refuses a result before its time, and derives the number with its rule', async () => {
    const closing = new Date(Date.now() + 3_600_000);
    const bad = await t.api<ApiError>('POST', '/api/raffles', {
      token: admin,
      body: {
        ...raffleInput({ total_numbers: 100, digit_count: 2 }),
        closing_date: closing.toISOString(),
        draw_kind: 'loteria',
        draw_lottery: 'Triple Táchira',
        draw_rule: 'ultimos_digitos',
        draw_at: new Date(closing.getTime() - 60_000).toISOString(),
      },
    });
    expect(bad.status).toBe(422);

    const raffle = await makeRaffle(t, {
      total_numbers: 100,
      digit_count: 2,
      closing_date: closing.toISOString(),
      draw_kind: 'loteria',
      draw_lottery: 'Triple Táchira',
      draw_rule: 'ultimos_digitos',
      draw_at: new Date(closing.getTime() + 3_600_000).toISOString(),
    });
    expect(raffle.draw_rule_text).toBe(
      'Gana el número con los últimos 2 dígitos del primer premio de la lotería.',
    );
    await reserve(raffle.id, [47]);
    const locked = await t.api<ApiError>('PATCH', `/api/raffles/${raffle.id}`, {
      token: admin,
      body: { draw_lottery: 'Lotería del Zulia' },
    });
    expect(locked.body.error.code).toBe('DRAW_SOURCE_LOCKED');
    await t.api('POST', `/api/raffles/${raffle.id}/close`, { token: admin });

    const early = await t.api<ApiError>('POST', `/api/raffles/${raffle.id}/draw`, {
      token: admin,
      body: { result: '347' },
    });
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('DRAW_TOO_EARLY');
    await t.db.execute(sql`update raffles set draw_at = now() - interval '1 minute' where id = ${raffle.id}`);
    const noResult = await t.api('POST', `/api/raffles/${raffle.id}/draw`, {
      token: admin,
      body: { winning_number: 47 },
    });
    expect(noResult.status).toBe(422);
    const drawn = await t.api<DrawResult>('POST', `/api/raffles/${raffle.id}/draw`, {
      token: admin,
      body: { result: '347' },
    });
    expect(drawn.status).toBe(200);
    expect(drawn.body).toMatchObject({
      result: '347',
      winning_number: 47,
      source: { kind: 'loteria', lottery: 'Triple Táchira', rule: 'ultimos_digitos' },
      winner: { number: 47 },
    });
  });
});

describe('a drand beacon source', () => {
  it('fixes the round at close (unknown then) and refuses a typed result: it draws itself', async () => {
    const raffle = await makeRaffle(t, { total_numbers: 10, digit_count: 1, draw_kind: 'drand' });
    await reserve(raffle.id, [3]);
    const closed = await t.api<Raffle>('POST', `/api/raffles/${raffle.id}/close`, { token: admin });
    const draw = (await t.api<DrawResult>('GET', `/api/raffles/${raffle.id}/draw`)).body;
    const closedAt = new Date(closed.body.closed_at ?? 0);
    expect(draw.source.kind).toBe('drand');
    expect(draw.source.beacon?.round).toBe(drawRoundFor(closedAt, 30));
    expect(new Date(draw.source.beacon?.time ?? 0).getTime()).toBeGreaterThanOrEqual(
      closedAt.getTime() + 30_000,
    );
    expect(draw.source.beacon).toMatchObject({ randomness: null, chain_hash: QUICKNET.chainHash });
    const typed = await t.api<ApiError>('POST', `/api/raffles/${raffle.id}/draw`, {
      token: admin,
      body: { winning_number: 3 },
    });
    expect(typed.status).toBe(409);
    expect(typed.body.error.code).toBe('BEACON_DRAW');
  });
});

describe('no raffle sells without a declared source', () => {
  const create = (overrides: Record<string, unknown>) =>
    t.api<Raffle & ApiError>('POST', '/api/raffles', { token: admin, body: raffleInput(overrides) });
  const patch = (id: string, body: Record<string, unknown>) =>
    t.api<Raffle & ApiError>('PATCH', `/api/raffles/${id}`, { token: admin, body });
  const refusedOnKind = (res: { status: number; body: ApiError }) => {
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.error.fields).toContainEqual({
      path: 'draw_kind',
      message: drawTermsMessages.kindRequired,
    });
  };

  it('refuses creating or publishing one with none; a borrador waits for it; a source stays', async () => {
    refusedOnKind(await create({ draw_kind: null }));
    refusedOnKind(await create({ draw_kind: undefined })); // left out: none
    const draft = await create({ draw_kind: null, status: 'borrador' });
    expect(draft.status).toBe(201);
    refusedOnKind(await patch(draft.body.id, { status: 'activa' }));
    expect((await patch(draft.body.id, { description: 'Sin fuente todavía' })).status).toBe(200);
    const published = await patch(draft.body.id, { status: 'activa', draw_kind: 'drand' });
    expect(published.body).toMatchObject({ status: 'activa', draw_kind: 'drand' });
    refusedOnKind(await patch(draft.body.id, { draw_kind: null }));
    expect((await t.api<DrawResult>('GET', `/api/raffles/${draft.body.id}/draw`)).body.source.kind).toBe(
      'drand',
    );
  });

  it('lets a raffle selling with none since before sources go on, its winner typed', async () => {
    const raffle = await makeRaffle(t, { total_numbers: 10, digit_count: 1 });
    await withoutDeclaredSource(t, raffle.id);
    await reserve(raffle.id, [4]);
    expect((await patch(raffle.id, { description: 'Premio con casco' })).status).toBe(200);
    expect((await patch(raffle.id, { draw_kind: null, status: 'activa' })).status).toBe(200);
    await t.api('POST', `/api/raffles/${raffle.id}/close`, { token: admin });
    const drawn = await t.api<DrawResult>('POST', `/api/raffles/${raffle.id}/draw`, {
      token: admin,
      body: { winning_number: 4 },
    });
    expect(drawn.status).toBe(200);
  });
});

describe('scripts/verify-draw.mjs against this server', () => {
  const runVerifier = (raffleId: string) =>
    new Promise<{ code: number; output: string }>((resolve) => {
      execFile(
        process.execPath,
        [
          path.resolve(import.meta.dirname, '../../../scripts/verify-draw.mjs'),
          `${t.baseUrl}/raffle/${raffleId}`,
        ],
        { timeout: 30_000 },
        (error, stdout, stderr) =>
          resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
      );
    });

  it('passes a sealed list, and catches a line removed, added or altered by direct SQL after close', async () => {
    /** A raffle with three sales, closed; its list read straight from the database (no download yet). */
    const closedRaffle = async () => {
      const raffle = await makeRaffle(t, { total_numbers: 100, digit_count: 2 });
      await reserve(raffle.id, [3, 30], buyer({ cedula: 'V-44444444' }));
      await reserve(raffle.id, [60], buyer({ cedula: 'V-55555555' }));
      await t.api('POST', `/api/raffles/${raffle.id}/close`, { token: admin });
      return { id: raffle.id, lines: soldListLines((await storedSoldList(t, raffle.id)) ?? '') };
    };
    const intact = await closedRaffle();
    const passed = await runVerifier(intact.id);
    expect(passed.output).toContain('coincide con la huella publicada');
    expect(passed.code).toBe(0);

    const tamper = {
      removed: ([a, , c]: string[]) => `${a}\n${c}\n`,
      added: ([a, b, c]: string[]) => `${a}\n${b}\n${c}\n99:${'1'.repeat(64)}\n`,
      altered: ([a, , c]: string[]) => `${a}\n30:${'2'.repeat(64)}\n${c}\n`,
    };
    for (const [how, edit] of Object.entries(tamper)) {
      const raffle = await closedRaffle();
      await t.db.execute(
        sql`update raffles set draw_sold_list = ${edit(raffle.lines)} where id = ${raffle.id}`,
      );
      const caught = await runVerifier(raffle.id);
      expect(caught.code, how).toBe(1);
      expect(caught.output, how).toContain('✘');
    }
  });
});

describe('publishing at close (issue 20)', () => {
  it('serves the list compressed once, immutable, by encoding, with its commitment as ETag', async () => {
    const raffle = await makeRaffle(t, { total_numbers: 1000, digit_count: 3 });
    await reserve(raffle.id, [1, 2, 3, 500], buyer({ cedula: 'V-66666666' }));
    await t.api('POST', `/api/raffles/${raffle.id}/close`, { token: admin });
    const stored = await storedSoldList(t, raffle.id);
    const url = `${t.baseUrl}/api/raffles/${raffle.id}/sold-list.txt`;
    const raw = await new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) =>
      http
        .get(url, { headers: { 'accept-encoding': 'br' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject),
    );
    expect(raw.headers['content-encoding']).toBe('br');
    expect(raw.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(raw.body).toString('utf8')).toBe(stored);
    const draw = (await t.api<DrawResult>('GET', `/api/raffles/${raffle.id}/draw`)).body;
    expect(raw.headers.etag).toBe(`"${draw.draw_commitment}"`);
  });

  it('a close interrupted between freezing and publishing is published by the next sweep; no draw before', async () => {
    const raffle = await makeRaffle(t, { total_numbers: 10, digit_count: 1 });
    await reserve(raffle.id, [4, 5]);
    await t.api('POST', `/api/raffles/${raffle.id}/close`, { token: admin });
    const list = await storedSoldList(t, raffle.id);
    // As if the process stopped right after the freeze, a while ago.
    await t.db.execute(sql`update raffles set draw_sold_list = null, draw_commitment = null, line_count = null,
      closed_at = now() - interval '5 minutes' where id = ${raffle.id}`);
    const early = await t.api<ApiError>('POST', `/api/raffles/${raffle.id}/draw`, {
      token: admin,
      body: { winning_number: 4 },
    });
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('LIST_PUBLISHING');
    await t.app.services.draws.closeDue();
    expect(await storedSoldList(t, raffle.id)).toBe(list);
    expect((await t.api<DrawResult>('GET', `/api/raffles/${raffle.id}/draw`)).body.line_count).toBe(2);
  });

  it('reads the frozen sales in pages of numbers: the list is whole across page boundaries', async () => {
    const raffle = await makeRaffle(t, { total_numbers: 100, digit_count: 2, closing_date: inAnHour() });
    await reserve(raffle.id, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    await reserve(raffle.id, [50], buyer({ cedula: 'V-77777777' }));
    await closingDatePassed(t, raffle.id);
    const pagedDraws = createRaffleDrawService({
      db: t.db,
      raffles: t.app.services.raffles,
      tickets: () => t.app.services.tickets,
      instantWins: () => t.app.services.instantWins,
      salesPage: 5,
    });
    expect(await pagedDraws.closeDue()).toContain(raffle.id);
    const lines = soldListLines((await storedSoldList(t, raffle.id)) ?? '');
    expect(lines.map((l) => Number.parseInt(l, 10))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 50]);
    const draw = (await t.api<DrawResult>('GET', `/api/raffles/${raffle.id}/draw`)).body;
    expect(draw.line_count).toBe(13);
    expect(toHex(merkleRoot(sha256, merkleLevels(sha256, lines)))).toBe(draw.draw_commitment);
  });
});
