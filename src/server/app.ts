import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { seedDemoData } from './db/seed.ts';
import { registerErrorHandler } from './errors.ts';
import { registerApiDocs } from './http/docs.ts';
import { registerSecurityHeaders } from './http/security.ts';
import { registerWebApp } from './http/web-app.ts';
import { blogRoutes } from './modules/blogs/routes.ts';
import { catalogRoutes } from './modules/catalog/routes.ts';
import { contactRoutes } from './modules/contact/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { reviewRoutes } from './modules/reviews/routes.ts';

export const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Builds the whole server: database (migrated, and seeded when configured), API, docs and the
 * web app. The app owns the database and closes it on `app.close()`.
 */
export async function buildApp(config: Config, deps: { database?: Database } = {}) {
  const database = deps.database ?? openDatabase(config);
  try {
    await runMigrations(database);
    if (config.seedDemo) await seedDemoData(database.db);
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }

  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    bodyLimit: BODY_LIMIT_BYTES,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.addHook('onClose', () => database.close());

  await registerSecurityHeaders(app, config);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      error: 'rate_limited',
      message: `Too many requests. Please try again in ${context.after}.`,
    }),
  });
  await registerApiDocs(app);

  const { db } = database;
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database });
      await api.register(catalogRoutes, { db });
      await api.register(blogRoutes, { db });
      await api.register(reviewRoutes, { db });
      await api.register(contactRoutes, { db });
    },
    { prefix: '/api' },
  );
  await registerWebApp(app, config);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
