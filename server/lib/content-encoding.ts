export type ContentEncoding = 'br' | 'gzip' | 'identity';

/** The best encoding the client accepts (brotli, then gzip), from its Accept-Encoding header. */
export function pickEncoding(acceptEncoding: string | undefined): ContentEncoding {
  const accepted = (acceptEncoding ?? '').toLowerCase();
  const allows = (name: string) =>
    new RegExp(`(^|[\\s,])${name}(?!;\\s*q=0(\\.0*)?(\\s|,|$))`).test(accepted);
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return 'identity';
}
