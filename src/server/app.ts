import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { createAuth, enabledSocialProviders } from './auth/auth.ts';
import { demoAccounts, seedDemoAccounts } from './auth/demo-accounts.ts';
import { createGuards } from './auth/guards.ts';
import { authRoutes } from './auth/routes.ts';
import { resolveAuthSecret } from './auth/secret.ts';
import { listenForChanges } from './cache/change-listener.ts';
import { memoizeFrozenBodies } from './cache/memo-serializer.ts';
import { createReadCache } from './cache/read-cache.ts';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { seedDemoData } from './db/seed.ts';
import { registerErrorHandler } from './errors.ts';
import { registerGracefulClose } from './http/graceful-close.ts';
import { registerApiDocs } from './http/docs.ts';
import { registerNulTextCheck } from './http/nul-text.ts';
import { registerSameOriginCheck } from './http/same-origin.ts';
import { registerSecurityHeaders } from './http/security.ts';
import { registerWebApp } from './http/web-app.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { blogRoutes } from './modules/blogs/routes.ts';
import { catalogRoutes } from './modules/catalog/routes.ts';
import { contactRoutes } from './modules/contact/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { createMailer } from './mail/mailer.ts';
import { orderRoutes } from './modules/orders/routes.ts';
import { paymentRoutes } from './modules/payments/routes.ts';
import { webhookRoutes } from './modules/payments/webhook-routes.ts';
import { choosePaymentProvider } from './payments/choose-provider.ts';
import { reviewRoutes } from './modules/reviews/routes.ts';
import { siteConfigRoutes } from './modules/site-config/routes.ts';
import { userRoutes } from './modules/users/routes.ts';

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
  app.setSerializerCompiler(memoizeFrozenBodies(serializerCompiler));
  registerErrorHandler(app);
  registerGracefulClose(app);
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
  registerSameOriginCheck(app, config);
  registerNulTextCheck(app);

  const { db } = database;
  const cache = createReadCache({ enabled: false });
  const changes = await listenForChanges(database, cache, app.log);
  app.addHook('onClose', () => changes.stop());
  const { secret, generated } = resolveAuthSecret(config);
  if (generated && config.isProduction) {
    app.log.warn('BETTER_AUTH_SECRET is not set: using a secret generated into DATA_DIR');
  }
  const mailer = createMailer(config, app.log);
  const auth = createAuth({ config, db, mailer, secret, log: app.log });
  const guards = createGuards(auth, db, secret);
  const paymentProvider = choosePaymentProvider(config, db);
  // Known passwords have no place on a production server, whatever SEED_DEMO says.
  if (config.seedDemo && !config.isProduction) {
    await seedDemoAccounts(auth, db);
    app.log.info(
      { accounts: demoAccounts.map(({ role, email, password }) => ({ role, email, password })) },
      `Demo accounts: ${demoAccounts.map((a) => `${a.role} ${a.email} / ${a.password}`).join('; ')}`,
    );
  }
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database });
      await api.register(catalogRoutes, { db, cache, guards });
      await api.register(blogRoutes, { db });
      await api.register(reviewRoutes, { db, cache, guards });
      await api.register(contactRoutes, { db });
      await api.register(authRoutes, { auth, db });
      await api.register(userRoutes, { db, guards, secret });
      await api.register(orderRoutes, { db, cache, guards, mailer });
      await api.register(auditRoutes, { db, guards });
      await api.register(paymentRoutes, { db, guards, mailer, provider: paymentProvider });
      if (paymentProvider.kind === 'stripe' && paymentProvider.parseWebhook) {
        const { parseWebhook } = paymentProvider;
        await api.register(webhookRoutes, { db, mailer, provider: paymentProvider, parseWebhook });
      }
      await api.register(siteConfigRoutes, {
        siteConfig: {
          social: enabledSocialProviders(config),
          payments: {
            provider: paymentProvider.kind,
            publishableKey: config.stripe.publishableKey ?? null,
          },
        },
      });
    },
    { prefix: '/api' },
  );
  await registerWebApp(app, config);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
