// The e2e web server: the production start-up (server/start-server.ts, as server/main.ts runs it)
// with a real RFC 3161 authority beside it (OpenSSL's `ts -reply` behind a small HTTP wrapper, as
// the API tests use), so the browser tests see raffles sealed as they are in production. No
// network: drand mirrors are unreachable here.
//
// One harness-only route, `POST /__e2e/control` (outside /api, answering only with the
// E2E_CONTROL_TOKEN playwright.config.ts generated), lets a spec set what no API sets yet: the
// seller credited on an order (issue 22: attribution by referral link is built separately; the
// commission journey credits the order here until then). Nothing else can open the embedded
// database this server holds.
import { loadConfig } from '../server/config';
import { startServer } from '../server/start-server';
import { startLocalTsa } from '../server/test/local-tsa';

const tsa = await startLocalTsa({ name: 'TSA de Prueba Rifas' });
process.env.TSA_URL = tsa.url;
const controlToken = process.env.E2E_CONTROL_TOKEN ?? '';

type Control = { op: 'creditOrder'; args: { order_code: string; seller_id: string } };

const server = await startServer(loadConfig(), {
  extend(app, database) {
    const driver = (
      database.db as unknown as { $client: { query: (t: string, p?: unknown[]) => Promise<unknown> } }
    ).$client;
    app.post('/__e2e/control', { schema: { hide: true } }, async (request, reply) => {
      if (controlToken.length < 16 || request.headers['x-e2e-token'] !== controlToken)
        return reply.status(404).send();
      const { op, args } = request.body as Control;
      if (op !== 'creditOrder') return reply.status(400).send({ error: `unknown op ${op}` });
      await driver.query('update orders set seller_id = $1 where code = $2', [
        args.seller_id,
        args.order_code,
      ]);
      return { ok: true };
    });
  },
});
async function shutdown() {
  await server.stop();
  await tsa.close();
  process.exit(0);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void shutdown());
