/** Hex SHA-256 of a text's UTF-8 bytes, computed by the browser; null where WebCrypto is missing (plain http). */
export async function sha256Hex(text: string): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Lines of a published sold list ("" is an empty list, not one empty line). */
export const listLines = (text: string | null): string[] => (text ? text.split('\n') : []);
