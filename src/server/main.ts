import { existsSync } from 'node:fs';
import { buildApp } from './app.ts';
import { ConfigError, parseConfig } from './config.ts';

async function main() {
  // The one place that reads the environment; a local .env fills in what the shell did not set.
  if (existsSync('.env')) process.loadEnvFile('.env');
  // eslint-disable-next-line no-restricted-properties
  const config = parseConfig(process.env);
  const app = await buildApp(config);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    try {
      await app.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
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
