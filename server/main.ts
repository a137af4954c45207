/**
 * `npm start`: read the environment, start the server (server/app/start-server.ts), and stop gracefully
 * on SIGTERM / SIGINT. Exit codes: 2 a configuration error, 1 any other failure to start or stop.
 */
import { startServer } from './app/start-server.js';
import { readCitationConfig } from './citations/config.js';
import { ConfigError } from './settings/parse.js';
import { readServerConfig } from './settings/server-config.js';
import { startFailureMessage } from './app/start-failure.js';

async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = readServerConfig(process.env);
  const server = await startServer(config, readCitationConfig(process.env), {
    // The audit worker thread is built beside this file (dist/audit-worker.mjs).
    workerUrl: new URL('./audit-worker.mjs', import.meta.url),
    startedAt,
  }).catch((error: unknown) => {
    // A busy port and the like: a sentence a person can act on (the original error stays as the cause).
    throw error instanceof ConfigError ? error : new Error(startFailureMessage(error, config), { cause: error });
  });
  // Signal handlers before the start is announced: a SIGTERM sent the moment "listening" is read must
  // get the graceful stop, not Node's default exit (which would leave the data directory's lock behind).
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.logger.info('signal', { signal });
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        server.logger.error('shutdown failed', { error: String(error) });
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  server.announce();
}

main().catch((error: unknown) => {
  process.stderr.write(`citable server: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(error instanceof ConfigError ? 2 : 1);
});
