import { existsSync } from 'node:fs';
import { buildApp } from './app.ts';
import { ConfigError, parseConfig } from './config.ts';
import { markDataDirInUse } from './db/data-dir-lock.ts';
import { securityHeaders } from './http/security.ts';
import { listenWhileStarting } from './http/starting-server.ts';

// Past this a stuck request no longer holds the shutdown; the exit code then says it was forced.
const SHUTDOWN_DEADLINE_MS = 25_000;

async function main() {
  // DATA_DIR is the shop's alone (src/server/lib/private-files.ts): anything created without an
  // explicit mode, by us or a library, gets no access for group and others either.
  process.umask(0o077);
  // The one place that reads the environment; a local .env fills in what the shell did not set.
  if (existsSync('.env')) process.loadEnvFile('.env');
  // eslint-disable-next-line no-restricted-properties
  const config = parseConfig(process.env);
  // React and its server renderer pick their build from NODE_ENV, which the shop defaults to
  // production; they are loaded after this line (src/server/ssr/pages.ts).
  // eslint-disable-next-line no-restricted-properties
  process.env.NODE_ENV ??= config.env;
  // Tells `npm run make-admin` that the embedded database is open here (PGlite has no lock).
  if (!config.databaseUrl) process.once('exit', markDataDirInUse(config.dataDir));

  // A signal during start-up waits for it to finish: a migration on PGlite is not cut short.
  let requested: string | undefined;
  let stop = (signal: string) => {
    requested ??= signal;
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  // The port answers 503 (health/ready included) while migrations run, then the app takes it.
  const starting = await listenWhileStarting({
    port: config.port,
    host: config.host,
    headers: securityHeaders(config),
  });
  const app = await buildApp(config);
  const port = await starting.close();

  let closing = false;
  stop = (signal) => {
    if (closing) {
      app.log.warn({ signal }, 'second signal: exiting without waiting');
      process.exit(1);
    }
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const deadline = setTimeout(() => {
      app.log.error(`requests still running after ${SHUTDOWN_DEADLINE_MS} ms: exiting anyway`);
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    deadline.unref();
    // Stops accepting, lets in-flight requests finish, then closes the database.
    app.close().then(
      () => {
        app.log.info('shut down cleanly');
        process.exit(0);
      },
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  if (requested) return stop(requested);

  await app.listen({ port, host: config.host });
  app.log.info(`ECParts storefront ready at ${config.publicUrl}`);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error('Failed to start:', err);
  }
  process.exit(1);
});
