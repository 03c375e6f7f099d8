// The e2e web server: the production entry (server/main.ts) with a real RFC 3161 authority beside
// it (OpenSSL's `ts -reply` behind a small HTTP wrapper, as the API tests use), so the browser tests
// see raffles sealed as they are in production. No network: drand mirrors are unreachable here.
import { startLocalTsa } from '../server/test/local-tsa';

const tsa = await startLocalTsa({ name: 'TSA de Prueba Rifas' });
process.env.TSA_URL = tsa.url;
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void tsa.close());
await import('../server/main');
