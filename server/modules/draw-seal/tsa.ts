import { randomBytes, X509Certificate } from 'node:crypto';
import * as pkijs from 'pkijs';
import { SEAL_TEXTS } from './texts';

/**
 * RFC 3161 time-stamping of a commitment root (decision 023). The imprint is SHA-256 with the 32
 * root bytes themselves as `hashedMessage`: the root already is a SHA-256 value, so anyone checks
 * the token with `openssl ts -verify -digest <root hex> -in sello.tsr -CAfile <ca.pem>`.
 */

const ID_CT_TSTINFO = '1.2.840.113549.1.9.16.1.4';
const ID_DATA = '1.2.840.113549.1.7.1';
const ID_CONTENT_TYPE_ATTR = '1.2.840.113549.1.9.3';
const ID_KP_TIMESTAMPING = '1.3.6.1.5.5.7.3.8';
const ID_SHA256 = '2.16.840.1.101.3.4.2.1';
const OID_CN = '2.5.4.3';
const OID_O = '2.5.4.10';
/** pkijs SignedDataVerifyError code: the signer's certificate does not chain to a trusted one. */
const CHAIN_FAILED = 5;

export type Timestamp = { token: string; authority: string; time: Date };
export type TimestampCheck = { ok: true; authority: string; time: Date } | { ok: false; reason: string };

/** `transient`: the authority did not answer (down, slow, overloaded); worth trying again later. */
export class TimestampError extends Error {
  constructor(
    message: string,
    readonly transient = false,
  ) {
    super(message);
  }
}

const toArrayBuffer = (bytes: Uint8Array): ArrayBuffer =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

function rootBytes(rootHex: string): Uint8Array {
  if (!/^[0-9a-f]{64}$/i.test(rootHex)) throw new TimestampError(SEAL_TEXTS.badRoot);
  return Uint8Array.from(Buffer.from(rootHex, 'hex'));
}

/** Asks the authority at `tsaUrl` to timestamp `rootHex`; checks status, nonce and imprint. */
export async function requestTimestamp(
  tsaUrl: string,
  rootHex: string,
  opts: { timeoutMs?: number; fetch?: typeof fetch } = {},
): Promise<Timestamp> {
  const root = rootBytes(rootHex);
  const nonceBytes = randomBytes(8);
  nonceBytes[0] = (nonceBytes[0] as number) & 0x7f; // a positive INTEGER, encoded as sent
  if (nonceBytes[0] === 0) nonceBytes[0] = 1;
  const send = opts.fetch ?? fetch;
  let response: Response;
  try {
    response = await send(tsaUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/timestamp-query', accept: 'application/timestamp-reply' },
      body: timeStampQuery(root, nonceBytes),
      signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
    });
  } catch (error) {
    throw new TimestampError(SEAL_TEXTS.unreachable(errorText(error)), true);
  }
  if (!response.ok) {
    throw new TimestampError(
      SEAL_TEXTS.httpStatus(response.status),
      response.status >= 500 || response.status === 429,
    );
  }
  let der: Uint8Array;
  try {
    der = new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    throw new TimestampError(SEAL_TEXTS.unreachable(errorText(error)), true);
  }
  const parsed = parseResponse(der);
  if (!parsed.ok) throw new TimestampError(parsed.reason);
  const { tstInfo } = parsed;
  const nonce = tstInfo.nonce?.valueBlock.valueHexView;
  if (!nonce || Buffer.compare(Buffer.from(nonce), nonceBytes) !== 0) {
    throw new TimestampError(SEAL_TEXTS.nonceMismatch);
  }
  const check = await verifyTimestamp(Buffer.from(der).toString('base64'), rootHex);
  if (!check.ok) throw new TimestampError(check.reason);
  const authority = check.authority || new URL(tsaUrl).host;
  return { token: Buffer.from(der).toString('base64'), authority, time: check.time };
}

/**
 * Checks a stored token against the root: granted status, SHA-256 imprint equal to the root, the
 * CMS signature by the embedded TSA certificate (marked for time-stamping) and, when
 * `trustedCertsPem` is given, that certificate's chain to one of them at the stamped time.
 */
export async function verifyTimestamp(
  tokenBase64: string,
  rootHex: string,
  opts: { trustedCertsPem?: string[] } = {},
): Promise<TimestampCheck> {
  let root: Uint8Array;
  try {
    root = rootBytes(rootHex);
  } catch (error) {
    return { ok: false, reason: errorText(error) };
  }
  const parsed = parseResponse(Uint8Array.from(Buffer.from(tokenBase64, 'base64')));
  if (!parsed.ok) return parsed;
  const { signed, tstInfo } = parsed;

  const imprint = tstInfo.messageImprint;
  if (imprint.hashAlgorithm.algorithmId !== ID_SHA256) return { ok: false, reason: SEAL_TEXTS.notSha256 };
  if (Buffer.compare(Buffer.from(imprint.hashedMessage.valueBlock.valueHexView), root) !== 0) {
    return { ok: false, reason: SEAL_TEXTS.imprintMismatch };
  }
  const signerInfo = signed.signerInfos[0];
  const contentTypeAttr = signerInfo?.signedAttrs?.attributes.find((a) => a.type === ID_CONTENT_TYPE_ATTR);
  const signedType = (
    contentTypeAttr?.values[0] as { valueBlock?: object } | undefined
  )?.valueBlock?.toString();
  if (signedType !== ID_CT_TSTINFO) return { ok: false, reason: SEAL_TEXTS.notTimestamp };

  // pkijs checks a TSTInfo imprint by hashing the original data, which a root (itself a hash)
  // does not have: the imprint is checked above, and the signature over the signed attributes
  // (whose content type, checked above, says TSTInfo) is checked with the content typed as data.
  signed.encapContentInfo.eContentType = ID_DATA;
  const trustedCerts = (opts.trustedCertsPem ?? []).map(certificateFromPem);
  let result: pkijs.SignedDataVerifyResult;
  try {
    result = await signed.verify({
      signer: 0,
      checkChain: trustedCerts.length > 0,
      trustedCerts,
      checkDate: tstInfo.genTime,
      extendedMode: true,
    });
  } catch (error) {
    const { code, message } = error as { code?: number; message?: string };
    if (code === CHAIN_FAILED) return { ok: false, reason: SEAL_TEXTS.untrusted };
    return { ok: false, reason: SEAL_TEXTS.signatureInvalid(message ?? String(error)) };
  }
  if (!result.signatureVerified)
    return { ok: false, reason: SEAL_TEXTS.signatureInvalid('firma incorrecta') };
  const signer = result.signerCertificate;
  if (!signer || !isTimestampingCert(signer)) return { ok: false, reason: SEAL_TEXTS.notTsaCert };
  return { ok: true, authority: authorityName(signer, tstInfo), time: tstInfo.genTime };
}

/**
 * The DER TimeStampReq: version 1, SHA-256 imprint of the root, the nonce, certReq TRUE. Written
 * out by hand (67 bytes, every length short-form): pkijs bundles its own asn1js, whose classes
 * are not the app's asn1js ones.
 */
export function timeStampQuery(root: Uint8Array, nonce: Uint8Array): Uint8Array<ArrayBuffer> {
  const tlv = (tag: number, ...parts: Uint8Array[]): Uint8Array<ArrayBuffer> => {
    const body = Buffer.concat(parts);
    return Uint8Array.from([tag, body.length, ...body]);
  };
  const sha256 = tlv(0x30, tlv(0x06, Uint8Array.from(Buffer.from('608648016503040201', 'hex'))), tlv(0x05));
  return tlv(
    0x30,
    tlv(0x02, Uint8Array.of(1)),
    tlv(0x30, sha256, tlv(0x04, root)),
    tlv(0x02, nonce),
    tlv(0x01, Uint8Array.of(0xff)),
  );
}

type Parsed = { ok: true; signed: pkijs.SignedData; tstInfo: pkijs.TSTInfo } | { ok: false; reason: string };

function parseResponse(der: Uint8Array): Parsed {
  try {
    const response = pkijs.TimeStampResp.fromBER(toArrayBuffer(der));
    const status = response.status.status;
    if (status !== pkijs.PKIStatus.granted && status !== pkijs.PKIStatus.grantedWithMods) {
      const detail = response.status.statusStrings?.map((s) => s.valueBlock.value).join('; ');
      return { ok: false, reason: SEAL_TEXTS.refused(status, detail) };
    }
    const token = response.timeStampToken;
    if (!token || token.contentType !== pkijs.ContentInfo.SIGNED_DATA)
      return { ok: false, reason: SEAL_TEXTS.noToken };
    const signed = new pkijs.SignedData({ schema: token.content });
    const eContent = signed.encapContentInfo.eContent;
    if (signed.encapContentInfo.eContentType !== ID_CT_TSTINFO || !eContent) {
      return { ok: false, reason: SEAL_TEXTS.notTimestamp };
    }
    const tstInfo = pkijs.TSTInfo.fromBER(toArrayBuffer(new Uint8Array(eContent.getValue())));
    return { ok: true, signed, tstInfo };
  } catch (error) {
    return { ok: false, reason: SEAL_TEXTS.malformed(errorText(error)) };
  }
}

function certificateFromPem(pem: string): pkijs.Certificate {
  return pkijs.Certificate.fromBER(toArrayBuffer(new Uint8Array(new X509Certificate(pem).raw)));
}

function isTimestampingCert(cert: pkijs.Certificate): boolean {
  const eku = cert.extensions?.find((e) => e.extnID === pkijs.id_ExtKeyUsage);
  const usages = (eku?.parsedValue as pkijs.ExtKeyUsage | undefined)?.keyPurposes ?? [];
  return usages.includes(ID_KP_TIMESTAMPING);
}

/** The TSA's certificate subject (CN, else O), else the name it put in the token. */
function authorityName(cert: pkijs.Certificate, tstInfo: pkijs.TSTInfo): string {
  const attribute = (oid: string) =>
    cert.subject.typesAndValues.find((tv) => tv.type === oid)?.value.valueBlock.value as string | undefined;
  const fromTsaField = tstInfo.tsa?.value?.typesAndValues?.find((tv: pkijs.AttributeTypeAndValue) =>
    [OID_CN, OID_O].includes(tv.type),
  )?.value.valueBlock.value as string | undefined;
  return attribute(OID_CN) ?? attribute(OID_O) ?? fromTsaField ?? '';
}

function errorText(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error.cause as { code?: string; message?: string } | undefined) ?? null;
    return cause?.code ?? cause?.message ?? error.message;
  }
  return String(error);
}
