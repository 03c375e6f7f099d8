import { createHash, randomBytes } from 'node:crypto';
import * as pkijs from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalTsa, startLocalTsa } from '../../test/local-tsa';
import { requestTimestamp, TimestampError, timeStampQuery, verifyTimestamp } from './tsa';

let tsa: LocalTsa;
let other: LocalTsa;
beforeAll(async () => {
  [tsa, other] = await Promise.all([startLocalTsa(), startLocalTsa({ name: 'Otra Autoridad' })]);
});
afterAll(async () => {
  await Promise.all([tsa?.close(), other?.close()]);
});

const newRoot = () => createHash('sha256').update(randomBytes(16)).digest('hex');
const der = (token: string) => Buffer.from(token, 'base64');

describe('RFC 3161 seal of a root, against a real OpenSSL authority', () => {
  it('seals the root itself as the SHA-256 imprint: pkijs and `openssl ts -verify -digest` agree', async () => {
    const root = newRoot();
    const before = Date.now();
    const seal = await requestTimestamp(tsa.url, root);
    expect(seal.authority).toBe('TSA de Prueba Rifas');
    expect(seal.time.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 - 1000);
    expect(seal.time.getTime()).toBeLessThanOrEqual(Date.now() + 1000);

    const check = await verifyTimestamp(seal.token, root, { trustedCertsPem: [tsa.caPem] });
    expect(check).toEqual({ ok: true, authority: 'TSA de Prueba Rifas', time: seal.time });
    const openssl = await tsa.opensslVerify(der(seal.token), root);
    expect(openssl.output).toContain('Verification: OK');
    expect(openssl.code).toBe(0);
  });

  it('an authority signing with ECDSA (P-256) verifies the same way', async () => {
    const ec = await startLocalTsa({ name: 'TSA ECDSA', key: 'ec' });
    try {
      const root = newRoot();
      const seal = await requestTimestamp(ec.url, root);
      expect(await verifyTimestamp(seal.token, root, { trustedCertsPem: [ec.caPem] })).toMatchObject({
        ok: true,
        authority: 'TSA ECDSA',
      });
      expect((await verifyTimestamp(seal.token, newRoot())).ok).toBe(false);
      expect((await ec.opensslVerify(der(seal.token), root)).code).toBe(0);
    } finally {
      await ec.close();
    }
  });

  it('a seal of another root fails, for pkijs and for openssl alike', async () => {
    const root = newRoot();
    const seal = await requestTimestamp(tsa.url, root);
    const wrong = newRoot();
    const check = await verifyTimestamp(seal.token, wrong, { trustedCertsPem: [tsa.caPem] });
    expect(check).toEqual({ ok: false, reason: expect.stringContaining('no corresponde a este compromiso') });
    expect((await tsa.opensslVerify(der(seal.token), wrong)).code).not.toBe(0);
  });

  it('a tampered token or an untrusted authority fails', async () => {
    const root = newRoot();
    const seal = await requestTimestamp(tsa.url, root);
    // The signature is the token's last bytes (no unsigned attributes): flip one of them.
    const bytes = der(seal.token);
    bytes[bytes.length - 5] = (bytes[bytes.length - 5] as number) ^ 0x01;
    const tampered = await verifyTimestamp(bytes.toString('base64'), root);
    expect(tampered).toEqual({ ok: false, reason: expect.stringContaining('firma del sello no es válida') });
    expect((await tsa.opensslVerify(bytes, root)).code).not.toBe(0);

    // Signed fine, but by an authority the verifier does not trust.
    const untrusted = await verifyTimestamp(seal.token, root, { trustedCertsPem: [other.caPem] });
    expect(untrusted).toEqual({
      ok: false,
      reason: expect.stringContaining('no proviene de una autoridad de confianza'),
    });
    expect((await other.opensslVerify(der(seal.token), root)).code).not.toBe(0);

    expect((await verifyTimestamp('bm8gZXMgdW4gc2VsbG8=', root)).ok).toBe(false);
  });

  it('refuses an answer to another request (a replayed token: the nonce differs)', async () => {
    const root = newRoot();
    const old = await requestTimestamp(tsa.url, root);
    const replay = async () => new Response(der(old.token), { status: 200 });
    await expect(requestTimestamp(tsa.url, root, { fetch: replay as typeof fetch })).rejects.toThrow(
      /número único no coincide/,
    );
  });

  it('an unreachable or failing authority is a transient error; a refusal is not', async () => {
    const down = 'http://127.0.0.1:1/tsr';
    const error = await requestTimestamp(down, newRoot()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimestampError);
    expect((error as TimestampError).transient).toBe(true);
    expect((error as Error).message).toMatch(/No se pudo contactar/);

    const failing = async () => new Response('boom', { status: 503 });
    const unavailable = await requestTimestamp(tsa.url, newRoot(), { fetch: failing as typeof fetch }).catch(
      (e: unknown) => e,
    );
    expect((unavailable as TimestampError).transient).toBe(true);

    // PKIStatus rejection (2), as a TimeStampResp with no token.
    const rejection = Buffer.from('3005300302' + '0102', 'hex');
    const refused = async () => new Response(rejection, { status: 200 });
    const refusal = await requestTimestamp(tsa.url, newRoot(), { fetch: refused as typeof fetch }).catch(
      (e: unknown) => e,
    );
    expect((refusal as Error).message).toMatch(/rechazó la solicitud \(estado 2\)/);
    expect((refusal as TimestampError).transient).toBe(false);
  });

  it('the query is a well-formed TimeStampReq: SHA-256 of the root as given, the nonce, certReq', () => {
    const root = randomBytes(32);
    const nonce = Uint8Array.of(0x12, 0x34, 0x56, 0x78, 0x9a, 0xbc, 0xde, 0xf0);
    const query = timeStampQuery(root, nonce);
    const parsed = pkijs.TimeStampReq.fromBER(query.buffer);
    expect(parsed.version).toBe(1);
    expect(parsed.messageImprint.hashAlgorithm.algorithmId).toBe('2.16.840.1.101.3.4.2.1');
    expect(Buffer.from(parsed.messageImprint.hashedMessage.valueBlock.valueHexView)).toEqual(root);
    expect(Buffer.from(parsed.nonce?.valueBlock.valueHexView ?? [])).toEqual(Buffer.from(nonce));
    expect(parsed.certReq).toBe(true);
  });
});
