import { loadConfig } from './config';
import { startServer } from './start-server';

/** `npm start`: the config from the environment, the server, and a graceful stop on a signal. */
async function main() {
  const config = loadConfig();
  const server = await startServer(config);
  // `npm start` runs with --expose-gc: start-up's garbage goes now, not whenever (decision 032).
  (globalThis as { gc?: () => void }).gc?.();
  server.app.log.info(
    `Rifas listening on http://localhost:${server.port} (database: ${server.database.kind})`,
  );
  const shutdown = async (signal: string) => {
    server.app.log.info(`${signal} received, shutting down`);
    await server.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error) => {
  console.error(`\nRifas could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
