import { execFile } from 'node:child_process';
import { createHash, createPublicKey, verify } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../domain/api';
import { drawRoundFor, QUICKNET } from '../../../domain/beacon';
import type { DrawResult, ProofResult } from '../../../domain/draw';
import type { Raffle } from '../../../domain/raffles';
import type { ReservationResult } from '../../../domain/reservations';
import type { TrackingResult } from '../../../domain/tracking';
import {
  fromHex,
  merkleLevels,
  merkleRoot,
  receiptMessage,
  saleLine,
  soldListLines,
  toHex,
  verifyInclusion,
} from '../../../domain/verification';
import { buyer, makeRaffle, raffleInput, storedSoldList } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createRaffleDrawService } from './raffle-draw.service';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
});
afterAll(() => t?.close());

const sha256 = (d: Uint8Array) => new Uint8Array(createHash('sha256').update(d).digest());
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

async function reserve(raffleId: string, numbers: number[], who = buyer()) {
  const res = await t.api<ReservationResult>('POST', `/api/raffles/${raffleId}/reservations`, {
    body: { numbers, buyer: who },
  });
  expect(res.status).toBe(201);
  return res.body.tickets;
}

/** The closing date passes (the job has not run yet): set in the past by SQL. */
const closingDatePassed = (raffleId: string) =>
  t.db.execute(sql`update raffles set closing_date = now() - interval '1 second' where id = ${raffleId}`);

describe('the sold list freezes at the closing date', () => {
  it('after the closing date, before any close, staff cannot sell, release or cancel, nor move the date; payments go on', async () => {
    const raffle = await makeRaffle(t, { total_numbers: 100, digit_count: 2, closing_date: inAnHour() });
    const [honest] = await reserve(raffle.id, [7, 8], buyer({ cedula: 'V-11111111' }));
    await closingDatePassed(raffle.id);

    // The attack: sell the winning number to an accomplice, release a real buyer.
    const sell = await t.api<ApiError>('PATCH', `/api/raffles/${raffle.id}/numbers/42`, {
      token: admin,
      body: {
        status: 'apartado',
        buyer_name: 'Cómplice',
        buyer_cedula: 'V-22222222',
        buyer_phone: '04141111111',
      },
    });
    expect(sell.status).toBe(409);
    expect(sell.body.error.code).toBe('RAFFLE_CLOSED');
    for (const status of ['disponible', 'cancelado'] as const) {
      const release = await t.api<ApiError>('PATCH', `/api/tickets/${honest.id}`, {
        token: admin,
        body: { status },
      });
      expect(release.status, status).toBe(409);
      expect(release.body.error.code).toBe('RAFFLE_CLOSED');
    }
    const cedula = await t.api<ApiError>('PATCH', `/api/tickets/${honest.id}`, {
      token: admin,
      body: { buyer_cedula: 'V-22222222' },
    });
    expect(cedula.body.error.code).toBe('RAFFLE_CLOSED');
    const late = await t.api<ApiError>('POST', `/api/raffles/${raffle.id}/reservations`, {
      body: { numbers: [50], buyer: buyer() },
    });
    expect(late.status).toBe(409);
    const move = await t.api<ApiError>('PATCH', `/api/raffles/${raffle.id}`, {
      token: admin,
      body: { closing_date: inAnHour() },
    });
    expect(move.status).toBe(409);
    expect(move.body.error.code).toBe('RAFFLE_CLOSED');

    // Money keeps moving: the list has no payment status in it.
    const paid = await t.api('POST', `/api/tickets/${honest.id}/payments`, {
      token: admin,
      body: { amount_cents: 100, payment_method: 'efectivo' },
    });
    expect(paid.status).toBe(201);

    // The job closes it with exactly the list at the closing date.
    expect(await t.app.services.draws.closeDue()).toContain(raffle.id);
    const draw = await t.api<DrawResult>('GET', `/api/raffles/${raffle.id}/draw`);
    expect(draw.body.line_count).toBe(2);
    const list = (await t.api<string>('GET', `/api/raffles/${raffle.id}/sold-list.txt`)).body;
    expect(soldListLines(list).map((l) => l.split(':')[0])).toEqual(['07', '08']);
  });

  it('an expired reservation is not swept back on sale after the closing date: it stays in the list', async () => {
    const raffle = await makeRaffle(t, { total_numbers: 10, digit_count: 1, closing_date: inAnHour() });
    const [held] = await reserve(raffle.id, [3]);
    await t.db.execute(
      sql`update tickets set reserved_until = now() - interval '1 minute' where id = ${held.id}`,
    );
    await closingDatePassed(raffle.id);
    await t.app.services.tickets.releaseExpired(100);
    await t.app.services.draws.closeDue();
    const draw = await t.api<DrawResult>('GET', `/api/raffles/${raffle.id}/draw`);
    expect(draw.body.line_count).toBe(1);
  });

  it('two sweeps at once close a due raffle once; a raffle without closing date never closes itself', async () => {
    const due = await makeRaffle(t, { total_numbers: 10, digit_count: 1, closing_date: inAnHour() });
    const open = await makeRaffle(t, { total_numbers: 10, digit_count: 1, closing_date: null });
    await reserve(due.id, [1]);
    await closingDatePassed(due.id);
    const [a, b] = await Promise.all([t.app.services.draws.closeDue(), t.app.services.draws.closeDue()]);
    expect([...a, ...b].filter((id) => id === due.id)).toHaveLength(1);
    expect([...a, ...b]).not.toContain(open.id);
    const closed = await t.api<Raffle>('GET', `/api/raffles/${due.id}`);
    expect(closed.body.status).toBe('cerrada');
    expect(closed.body.closed_at).not.toBeNull();
    // The system's close is in the audit chain, and the close stored the chain's head.
    await t.app.services.audit.settled();
    const log = await t.api<{
      entries: { action: string; raffle_id: string | null; seq: number; hash: string }[];
    }>('GET', `/api/audit?raffle_id=${due.id}`, { token: admin });
    expect(log.body.entries.map((e) => e.action)).toContain('raffle.auto_close');
    const draw = await t.api<DrawResult>('GET', `/api/raffles/${due.id}/draw`);
    expect(draw.body.audit_head).toMatch(/^\d+:[0-9a-f]{64}$/);
  });
});

describe('closing date extensions', () => {
  it('with sales the date only moves later, and each extension is recorded for buyers', async () => {
    const first = new Date(Date.now() + 3_600_000);
    const raffle = await makeRaffle(t, {
      total_numbers: 10,
      digit_count: 1,
      closing_date: first.toISOString(),
    });
    await reserve(raffle.id, [1]);
    const earlier = await t.api<ApiError>('PATCH', `/api/raffles/${raffle.id}`, {
      token: admin,
      body: { closing_date: new Date(first.getTime() - 600_000).toISOString() },
    });
    expect(earlier.status).toBe(409);
    expect(earlier.body.error.code).toBe('CLOSING_DATE_LOCKED');
    const later = new Date(first.getTime() + 86_400_000);
    const extended = await t.api<Raffle>('PATCH', `/api/raffles/${raffle.id}`, {
      token: admin,
      body: { closing_date: later.toISOString() },
    });
    expect(extended.status).toBe(200);
    expect(extended.body.closing_extensions).toEqual([
      { from: first.toISOString(), to: later.toISOString(), at: expect.any(String) },
    ]);
    const pub = await t.api<Raffle>('GET', `/api/raffles/${raffle.id}`);
    expect(pub.body.closing_extensions).toHaveLength(1);
  });
});

describe('the sealed list, proofs and receipts', () => {
  it('closing commits a Merkle root over lines binding number, code and cedula; each buyer proves their line', async () => {
    const raffle = await makeRaffle(t, { total_numbers: 1000, digit_count: 3 });
    const sold = await reserve(raffle.id, [5, 250, 999], buyer({ cedula: 'V-11111111' }));
    await reserve(raffle.id, [17], buyer({ cedula: 'E-81234567' }));
    expect(sold[0].verification_code).toMatch(/^[346789ABCDEFGHJKMNPQRTUVWXY]{10}$/);

    const closed = await t.api<Raffle>('POST', `/api/raffles/${raffle.id}/close`, { token: admin });
    expect(closed.body.closed_at).not.toBeNull();
    const draw = (await t.api<DrawResult>('GET', `/api/raffles/${raffle.id}/draw`)).body;
    expect(draw).toMatchObject({ commitment_version: 2, line_count: 4, closed_at: closed.body.closed_at });
    const txt = await t.api<string>('GET', `/api/raffles/${raffle.id}/sold-list.txt`);
    expect(txt.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(txt.body.endsWith('\n')).toBe(true);
    expect(draw.sold_list).toBeNull(); // the text is a download of its own, never in this answer
    expect(draw.sold_list_url).toBe(`/api/raffles/${raffle.id}/sold-list.txt`);
    expect(txt.body).toBe(await storedSoldList(t, raffle.id));
    expect(txt.body).not.toContain('11111111');
    const notModified = await t.api('GET', `/api/raffles/${raffle.id}/sold-list.txt`, {
      headers: { 'if-none-match': txt.headers.get('etag') ?? '' },
    });
    expect(notModified.status).toBe(304);

    // The buyer types their cedula without the dash; the line is the one committed.
    const ticket = sold[1];
    const line = saleLine(sha256, {
      ticketNumber: '250',
      verificationCode: ticket.verification_code ?? '',
      cedula: 'V11111111',
    });
    const proof = await t.api<ProofResult>('GET', `/api/raffles/${raffle.id}/proof?number=250`);
    expect(proof.status).toBe(200);
    expect(proof.body.line).toBe(line);
    expect(proof.body.root).toBe(draw.draw_commitment);
    expect(
      verifyInclusion(sha256, {
        line,
        index: proof.body.index,
        size: proof.body.size,
        path: proof.body.path.map(fromHex),
        root: fromHex(draw.draw_commitment ?? ''),
      }),
    ).toBe(true);
    const missing = await t.api<ApiError>('GET', `/api/raffles/${raffle.id}/proof?number=251`);
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('NOT_IN_LIST');

    // A line altered after close no longer leads to the published root (the script's SQL test below).
    const altered = txt.body.replace(`${line}\n`, `250:${'0'.repeat(64)}\n`);
    expect(altered).not.toBe(txt.body);
    expect(toHex(merkleRoot(sha256, merkleLevels(sha256, soldListLines(altered))))).not.toBe(
      draw.draw_commitment,
    );
    expect(toHex(merkleRoot(sha256, merkleLevels(sha256, soldListLines(txt.body))))).toBe(
      draw.draw_commitment,
    );
  });

  it('tracking carries each sale code and a receipt signed with the published Ed25519 key', async () => {
    const raffle = await makeRaffle(t, { total_numbers: 100, digit_count: 2 });
    const who = buyer({ cedula: 'V-33333333', phone: '0414-7654321' });
    const [sale] = await reserve(raffle.id, [12], who);
    const tracked = await t.api<TrackingResult>('POST', '/api/tracking', {
      body: { cedula: 'V33333333', phone_last4: '4321' },
    });
    const mine = tracked.body.tickets.find((x) => x.raffle_id === raffle.id);
    expect(mine?.verification_code).toBe(sale.verification_code);
    const receipt = mine?.receipt;
    expect(receipt).toMatchObject({
      version: 1,
      raffle_id: raffle.id,
      number: 12,
      held_until: expect.any(String),
    });
    const key = await t.api<{ algorithm: string; spki_pem: string; public_key: string }>(
      'GET',
      '/api/receipts/key',
    );
    expect(key.body.algorithm).toBe('Ed25519');
    if (!receipt) throw new Error('no receipt');
    const { signature, version: _v, ...body } = receipt;
    const publicKey = createPublicKey(key.body.spki_pem);
    expect(verify(null, receiptMessage(body), publicKey, Buffer.from(signature, 'base64'))).toBe(true);
    expect(
      verify(null, receiptMessage({ ...body, number: 13 }), publicKey, Buffer.from(signature, 'base64')),
    ).toBe(false);

    await t.api('POST', `/api/raffles/${raffle.id}/close`, { token: admin });
    const proof = await t.api<ProofResult>('GET', `/api/raffles/${raffle.id}/proof?number=12`);
    expect(proof.body.line).toBe(receipt.line);
  });
});

describe('the prize text freezes at close', () => {
  it('name, description and photos answer 409; a dated clarification is appended', async () => {
    const raffle = await makeRaffle(t, { total_numbers: 10, digit_count: 1 });
    await t.api('POST', `/api/raffles/${raffle.id}/close`, { token: admin });
    for (const body of [{ name: 'Otro premio' }, { description: 'Otra cosa' }, { images: [] as string[] }]) {
      const res = await t.api<ApiError>('PATCH', `/api/raffles/${raffle.id}`, { token: admin, body });
      if ('images' in body && raffle.images.length === 0) continue; // the same photos: no change
      expect(res.status, JSON.stringify(body)).toBe(409);
      expect(res.body.error.code).toBe('RAFFLE_CLOSED');
    }
    const note = await t.api<Raffle>('POST', `/api/raffles/${raffle.id}/clarifications`, {
      token: admin,
      body: { text: 'El premio se entrega en San Cristóbal.' },
    });
    expect(note.status).toBe(201);
    expect(note.body.clarifications).toEqual([
      { at: expect.any(String), text: 'El premio se entrega en San Cristóbal.' },
    ]);
    expect(note.body.name).toBe(raffle.name);
    const anonymous = await t.api('POST', `/api/raffles/${raffle.id}/clarifications`, {
      body: { text: 'hola' },
    });
    expect(anonymous.status).toBe(401);
  });
});

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
    expect(raffle.draw_rule_text).toBe('Gana los últimos 2 dígitos del primer premio.');
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

  it('reads the frozen sales in keyset pages: the list is whole across page boundaries', async () => {
    const raffle = await makeRaffle(t, { total_numbers: 100, digit_count: 2, closing_date: inAnHour() });
    await reserve(raffle.id, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    await reserve(raffle.id, [50], buyer({ cedula: 'V-77777777' }));
    await closingDatePassed(raffle.id);
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
