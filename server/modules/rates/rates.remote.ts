import { parseRatesPayload, type RemoteRate } from '../../../domain/rates';

const MAX_FEED_BYTES = 1024 * 1024;

export type RemoteResult = { ok: true; rates: RemoteRate[] } | { ok: false; reason: string };

/** Downloads and parses the rates feed; every failure (network, status, size, JSON, timeout) is a value. */
export async function fetchRemoteRates(url: string, timeoutMs: number): Promise<RemoteResult> {
  try {
    const response = await fetch(url, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: 'application/json' },
      redirect: 'follow',
    });
    if (!response.ok) {
      await response.body?.cancel();
      return { ok: false, reason: `HTTP ${response.status}` };
    }
    if (Number(response.headers.get('content-length') ?? 0) > MAX_FEED_BYTES) {
      await response.body?.cancel();
      return { ok: false, reason: 'feed too large' };
    }
    const text = await response.text();
    if (text.length > MAX_FEED_BYTES) return { ok: false, reason: 'feed too large' };
    const rates = parseRatesPayload(JSON.parse(text));
    return rates.length > 0 ? { ok: true, rates } : { ok: false, reason: 'no usable rates in feed' };
  } catch (error) {
    const { name, message, cause } = error as Error & { cause?: { code?: string } };
    if (name === 'TimeoutError') return { ok: false, reason: `timeout after ${timeoutMs} ms` };
    return { ok: false, reason: cause?.code ? `${message} (${cause.code})` : message };
  }
}
