// The HTTP reference of the reservations section, in a process of its own: a bare Fastify server
// (no logger, no schema, no hooks) whose one route takes the same POST as a reservation, parses its
// JSON body and answers 201 with a body of as many bytes as ours (RESPONSE_BYTES). What one request
// of this size costs Node and Fastify on this machine, with nothing of the app in it.
//   node --import tsx bench/trivial-server.ts    (prints READY, then answers {port} to any command)
import Fastify from 'fastify';
import { serveCommands } from './child';

const bytes = Math.max(16, Number(process.env.RESPONSE_BYTES ?? 1000));
// A JSON string of exactly `bytes` bytes: {"ok":true,"pad":"xxx…"}.
const body = `{"ok":true,"pad":"${'x'.repeat(bytes - 20)}"}`;

const app = Fastify({ logger: false });
app.post('/api/raffles/:id/reservations', async (request, reply) => {
  // Touch the parsed body as a handler would.
  if (!request.body || typeof request.body !== 'object') return reply.status(400).send();
  return reply.status(201).type('application/json; charset=utf-8').send(body);
});
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
app.server.maxConnections = 10_000;

serveCommands(async () => ({ port }));
