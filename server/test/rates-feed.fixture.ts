import http from 'node:http';
import type { AddressInfo } from 'node:net';

type Mode = 'object' | 'array' | 'bad-json' | 'http500' | 'empty' | 'hang';

/** A rates feed on 127.0.0.1 whose answer each test chooses. */
export function startFeed() {
  const state = { mode: 'object' as Mode, hits: 0 };
  const bodies: Record<string, [number, string]> = {
    object: [200, JSON.stringify({ rates: { VES: 36.5, EUR: 0.92 } })],
    array: [
      200,
      JSON.stringify([
        { currency_code: 'VES', rate_to_usd: 40.25 },
        { currency_code: 'cop', rate_to_usd: '4100.5' },
      ]),
    ],
    'bad-json': [200, '{"rates": {"VES": 36.5'],
    http500: [500, 'Internal Server Error'],
    empty: [200, JSON.stringify({ rates: { VES: -3, XX: 5 } })],
  };
  const server = http.createServer((_req, res) => {
    state.hits++;
    const answer = bodies[state.mode];
    if (!answer) return; // 'hang': never answers
    res.writeHead(answer[0], { 'content-type': 'application/json' }).end(answer[1]);
  });
  return new Promise<{ url: string; state: typeof state; close: () => void }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}/rates.json`,
        state,
        close: () => {
          server.closeAllConnections();
          server.close();
        },
      });
    });
  });
}

/** A URL nothing listens on: a port that was free a moment ago. */
export async function deadUrl() {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}/rates.json`;
}
