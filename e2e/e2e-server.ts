// The e2e web server: what server/main.ts starts (startServer: config from the environment,
// migrations, first admin, every job), with a real RFC 3161 authority beside it (OpenSSL's `ts
// -reply` behind a small HTTP wrapper, as the API tests use), so the browser tests see raffles
// sealed as they are in production. No network: drand mirrors are unreachable here.
//
// One e2e-only route, answering only with the E2E_CONTROL_TOKEN playwright.config.ts generated:
// `POST /__e2e/raffles/:id/without-declared-source` stores a raffle as those created before declared
// draw sources are (API.md, "Sealed draw"; their winner is typed). New raffles cannot be created so,
// and the screens for the ones that exist are still tested.
import { sql } from 'drizzle-orm';
import { loadConfig } from '../server/config';
import { startServer } from '../server/start-server';
import { startLocalTsa } from '../server/test/local-tsa';

const tsa = await startLocalTsa({ name: 'TSA de Prueba Rifas' });
process.env.TSA_URL = tsa.url;
const controlToken = process.env.E2E_CONTROL_TOKEN ?? '';

const server = await startServer(loadConfig(), {
  extend(app, database) {
    // Hidden from the OpenAPI document: it describes the app's API, and this route is not one.
    app.post(
      '/__e2e/raffles/:id/without-declared-source',
      { schema: { hide: true } },
      async (request, reply) => {
        if (controlToken.length < 16 || request.headers['x-e2e-token'] !== controlToken)
          return reply.status(404).send();
        const { id } = request.params as { id: string };
        await database.db.execute(sql`update raffles set draw_kind = null where id = ${id}`);
        await app.services.raffles.changed(id);
        return reply.status(204).send();
      },
    );
  },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, async () => {
    await server.stop();
    await tsa.close();
    process.exit(0);
  });
