import { createPublicKey, verify } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../domain/api';
import type { DrawResult, ProofResult } from '../../../domain/draw';
import type { Raffle } from '../../../domain/raffles';
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
import { buyer, closingDatePassed, makeRaffle, reserveNumbers, storedSoldList } from '../../test/factories';
import { inAnHour } from '../../test/prize-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { nodeSha256 as sha256 } from '../receipts/receipt-signer';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
});
afterAll(() => t?.close());

const reserve = (raffleId: string, numbers: number[], who = buyer()) =>
  reserveNumbers(t, raffleId, numbers, who);

describe('the sold list freezes at the closing date', () => {
  it('after the closing date, before any close, staff cannot sell, release or cancel, nor move the date; payments go on', async () => {
    const raffle = await makeRaffle(t, { total_numbers: 100, digit_count: 2, closing_date: inAnHour() });
    const [honest] = await reserve(raffle.id, [7, 8], buyer({ cedula: 'V-11111111' }));
    await closingDatePassed(t, raffle.id);

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
    // Nor the buyer's name (the masked winner the draw shows) and contact, as once it is closed.
    for (const body of [{ buyer_name: 'Cómplice' }, { buyer_phone: '0424-7654321' }]) {
      const renamed = await t.api<ApiError>('PATCH', `/api/tickets/${honest.id}`, { token: admin, body });
      expect(renamed.status, JSON.stringify(body)).toBe(409);
      expect(renamed.body.error.code).toBe('RAFFLE_CLOSED');
    }
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
    await closingDatePassed(t, raffle.id);
    await t.app.services.tickets.releaseExpired(100);
    await t.app.services.draws.closeDue();
    const draw = await t.api<DrawResult>('GET', `/api/raffles/${raffle.id}/draw`);
    expect(draw.body.line_count).toBe(1);
  });

  it('two sweeps at once close a due raffle once; a raffle without closing date never closes itself', async () => {
    const due = await makeRaffle(t, { total_numbers: 10, digit_count: 1, closing_date: inAnHour() });
    const open = await makeRaffle(t, { total_numbers: 10, digit_count: 1, closing_date: null });
    await reserve(due.id, [1]);
    await closingDatePassed(t, due.id);
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
