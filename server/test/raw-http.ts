import http from 'node:http';
import zlib from 'node:zlib';

export type RawResponse = {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as they crossed the wire (still compressed when content-encoding says so). */
  wire: Buffer;
  /** The body decoded according to content-encoding. */
  text: () => string;
};

/**
 * A GET whose Accept-Encoding we control and whose body we see as sent: fetch always asks for
 * compression and silently inflates, which hides exactly what these tests look at.
 */
export function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const wire = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            wire,
            text: () => {
              if (encoding === 'br') return zlib.brotliDecompressSync(wire).toString('utf8');
              if (encoding === 'gzip') return zlib.gunzipSync(wire).toString('utf8');
              return wire.toString('utf8');
            },
          });
        });
      })
      .on('error', reject);
  });
}
