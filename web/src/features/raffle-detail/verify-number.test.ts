import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import {
  merkleLevels,
  merklePath,
  merkleRoot,
  type Receipt,
  receiptMessage,
  saleLine,
  soldListText,
  toBase64,
  toHex,
} from '@domain/verification';
import { describe, expect, it } from 'vitest';
import type { InclusionProof, SealedDraw } from './sealed-draw';
import { verifyList } from './verify-list';
import { parseReceipt, verifyNumber, verifyReceipt } from './verify-number';

const sha = (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest());
const RAFFLE = 'r-1';
const CLOSED_AT = '2026-11-21T23:00:00.000Z';
const sales = [
  { ticketNumber: '0007', verificationCode: 'AAAA111111', cedula: 'V-1234567' },
  { ticketNumber: '0042', verificationCode: 'K7M4Q2XAB9', cedula: 'V-11111111' },
  { ticketNumber: '0100', verificationCode: 'ZZZZ999999', cedula: 'E-8888888' },
];
const lines = sales.map((s) => saleLine(sha, s));

/** A published list and a server that answers proofs from it (optionally a lying one). */
function sealed(published = lines, lie?: (p: InclusionProof) => InclusionProof) {
  const levels = merkleLevels(sha, published);
  const root = toHex(merkleRoot(sha, levels));
  const draw: SealedDraw = {
    prizes: [],
    draw_source: null,
    draw_commitment: root,
    sold_list: soldListText(published),
    winning_number: null,
    drawn_at: null,
    winner: null,
    closed_at: CLOSED_AT,
    commitment_version: 2,
    line_count: published.length,
    sold_list_url: null,
    timestamp: null,
    source: { kind: null, lottery: null, draw_at: null, rule: null, rule_text: null, beacon: null },
    result: null,
    audit_head: null,
    instant_win_commitment: null,
    instant_wins: null,
    instant_win_salt: null,
  };
  const getProof = async (number: number) => {
    const index = published.findIndex((l) => Number(l.split(':')[0]) === number);
    if (index < 0) return null;
    const proof = {
      line: published[index],
      index,
      size: published.length,
      path: merklePath(levels, index).map(toHex),
      root,
    };
    return lie ? lie(proof) : proof;
  };
  return { draw, getProof };
}

describe('verifyNumber', () => {
  it('proves a number typed with a cedula without the dash, counting the hashes', async () => {
    const verdict = await verifyNumber({ number: 42, code: 'k7m4q2xab9', cedula: 'V11111111' }, 4, sealed());
    expect(verdict).toMatchObject({ kind: 'proven', ticketNumber: '0042', closedAt: CLOSED_AT, hashes: 4 });
  });

  it('accepts the cedula with dots', async () => {
    const verdict = await verifyNumber(
      { number: 42, code: 'K7M4Q2XAB9', cedula: 'v-11.111.111' },
      4,
      sealed(),
    );
    expect(verdict.kind).toBe('proven');
  });

  it('says not found for a wrong code, and for a number missing from the list', async () => {
    expect(
      await verifyNumber({ number: 42, code: 'WRONG00000', cedula: 'V-11111111' }, 4, sealed()),
    ).toMatchObject({ kind: 'not-found', inList: true });
    expect(
      await verifyNumber({ number: 42, code: 'K7M4Q2XAB9', cedula: 'V-11111111' }, 4, sealed([lines[0]])),
    ).toMatchObject({ kind: 'not-found', inList: false });
  });

  it('refuses a path that does not lead to the published root', async () => {
    const forged = sealed(lines, (p) => ({ ...p, path: p.path.map(() => '00'.repeat(32)) }));
    expect(
      (await verifyNumber({ number: 42, code: 'K7M4Q2XAB9', cedula: 'V11111111' }, 4, forged)).kind,
    ).toBe('bad-proof');
    const otherRoot = sealed(lines, (p) => ({ ...p, root: 'ab'.repeat(32) }));
    expect(
      (await verifyNumber({ number: 42, code: 'K7M4Q2XAB9', cedula: 'V11111111' }, 4, otherRoot)).kind,
    ).toBe('bad-proof');
  });

  it('sends old raffles to the whole list', async () => {
    const old = sealed();
    const verdict = await verifyNumber({ number: 42, code: 'x', cedula: 'V1' }, 4, {
      ...old,
      draw: { ...old.draw, commitment_version: 1 },
    });
    expect(verdict.kind).toBe('legacy');
  });
});

describe('verifyReceipt', () => {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const raw = new Uint8Array(publicKey.export({ format: 'der', type: 'spki' }).subarray(-32));
  const key = async () => raw;
  const receiptOf = (line: string, heldUntil: string | null): Receipt => {
    const body = {
      raffle_id: RAFFLE,
      number: Number(line.split(':')[0]),
      line,
      sold_at: '2026-11-20T12:00:00.000Z',
      held_until: heldUntil,
    };
    const signature = toBase64(new Uint8Array(sign(null, receiptMessage(body), privateKey)));
    return { version: 1, ...body, signature };
  };

  it('finds a signed receipt in the list', async () => {
    const receipt = parseReceipt(JSON.stringify(receiptOf(lines[1], null)));
    expect(await verifyReceipt(receipt, RAFFLE, key, sealed())).toEqual({
      kind: 'included',
      ticketNumber: '0042',
    });
  });

  it('flags a signed sale missing from the list, softened when its hold ended before the close', async () => {
    const dropped = sealed([lines[0], lines[2]]);
    expect(await verifyReceipt(receiptOf(lines[1], null), RAFFLE, key, dropped)).toMatchObject({
      kind: 'missing',
      ticketNumber: '0042',
      mayHaveExpired: false,
    });
    expect(
      await verifyReceipt(receiptOf(lines[1], '2026-11-21T10:00:00.000Z'), RAFFLE, key, dropped),
    ).toMatchObject({ kind: 'missing', mayHaveExpired: true });
    // The number resold to someone else: its line differs from the signed one.
    const resold = sealed([
      lines[0],
      saleLine(sha, { ...sales[1], verificationCode: 'OTHER00000' }),
      lines[2],
    ]);
    expect(await verifyReceipt(receiptOf(lines[1], null), RAFFLE, key, resold)).toMatchObject({
      kind: 'missing',
    });
  });

  it('rejects a tampered receipt, another raffle and a file that is not a receipt', async () => {
    const tampered = { ...receiptOf(lines[1], null), sold_at: '2026-11-19T12:00:00.000Z' };
    expect((await verifyReceipt(tampered, RAFFLE, key, sealed())).kind).toBe('bad-signature');
    expect((await verifyReceipt(receiptOf(lines[1], null), 'r-2', key, sealed())).kind).toBe('other-raffle');
    expect(parseReceipt('not json')).toBeNull();
    expect(parseReceipt('{"version":1}')).toBeNull();
    expect((await verifyReceipt(null, RAFFLE, key, sealed())).kind).toBe('invalid-file');
  });
});

describe('verifyList', () => {
  it('matches the published root, and not after a line is removed, added or altered', () => {
    const { draw } = sealed();
    const text = soldListText(lines);
    expect(verifyList(text, draw)).toMatchObject({ match: true, lines: 3, computed: draw.draw_commitment });
    expect(verifyList(soldListText([lines[0], lines[2]]), draw).match).toBe(false);
    expect(verifyList(soldListText([...lines, `0200:${'0'.repeat(64)}`]), draw).match).toBe(false);
    expect(verifyList(text.replace('0042:', '0043:'), draw).match).toBe(false);
  });

  it('hashes the flat text of a version 1 list', () => {
    const text = '01:abc\n02:def';
    const flat = createHash('sha256').update(text).digest('hex');
    const draw = { ...sealed().draw, commitment_version: 1, draw_commitment: flat };
    expect(verifyList(text, draw)).toMatchObject({ match: true, computed: flat });
  });
});
