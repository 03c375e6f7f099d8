// The load generator's HTTP client: plain node:http with keep-alive agents.
//
// Why not autocannon (or undici's pool): every request here carries its own body (a distinct number,
// a distinct buyer), the bench needs each response's status and timing (201 vs 409, the 201 that an
// SSE event is matched to), and the rates are hundreds to a few thousand requests per second, well
// within what node:http does on one core. It adds no package, and bodies are read raw: the bytes
// counted are the bytes on the wire (no transparent decompression as fetch would do).
import http from 'node:http';
import { now } from './stats';

export type Client = { port: number; agent: http.Agent; token?: string };

export function client(port: number, maxSockets: number, token?: string): Client {
  return { port, agent: new http.Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets }), token };
}

export type Reply = {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as received (still compressed when content-encoding says so). */
  body: Buffer;
  /** When the request was sent and the last byte arrived (performance.now() ms). */
  start: number;
  end: number;
  ms: number;
};

const REQUEST_TIMEOUT_MS = 60_000;

export function request(
  c: Client,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string>; auth?: boolean } = {},
): Promise<Reply> {
  const payload = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
  const headers: Record<string, string> = { ...options.headers };
  if (payload) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(payload.length);
  }
  if (options.auth && c.token) headers.authorization = `Bearer ${c.token}`;
  return new Promise((resolve, reject) => {
    const start = now();
    const req = http.request(
      { host: '127.0.0.1', port: c.port, method, path, headers, agent: c.agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const end = now();
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
            start,
            end,
            ms: end - start,
          });
        });
        res.on('error', reject);
      },
    );
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error(`${method} ${path}: timed out`)));
    req.on('error', reject);
    req.end(payload);
  });
}

export const json = <T>(reply: Reply): T => JSON.parse(reply.body.toString('utf8')) as T;

/** Throws with the server's answer unless the status is the expected one. */
export function expect(reply: Reply, status: number, what: string): Reply {
  if (reply.status !== status)
    throw new Error(
      `${what}: expected ${status}, got ${reply.status} ${reply.body.toString('utf8').slice(0, 300)}`,
    );
  return reply;
}

export type SseStream = { close: () => void; connected: Promise<void> };

/**
 * A minimal Server-Sent Events reader on its own keep-alive socket: calls `onEvent` with the event
 * name, its data and the arrival time. `connected` resolves when the first bytes arrive (the
 * server writes a comment right after the headers).
 */
export function openSse(
  agent: http.Agent,
  port: number,
  path: string,
  onEvent: (event: string, data: string, at: number) => void,
): SseStream {
  let req: http.ClientRequest | null = null;
  const connected = new Promise<void>((resolve, reject) => {
    req = http.get(
      { host: '127.0.0.1', port, path, agent, headers: { accept: 'text/event-stream' } },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`SSE ${path}: status ${res.statusCode}`));
          res.resume();
          return;
        }
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (chunk: string) => {
          const at = now();
          resolve();
          buffer += chunk;
          for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            let event = 'message';
            const data: string[] = [];
            for (const line of block.split('\n')) {
              if (line.startsWith('event:')) event = line.slice(6).trim();
              else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
            }
            if (data.length > 0) onEvent(event, data.join('\n'), at);
          }
        });
        res.on('error', () => {});
      },
    );
    req.on('error', reject);
  });
  return {
    connected,
    close: () => {
      (req as http.ClientRequest | null)?.destroy();
    },
  };
}
