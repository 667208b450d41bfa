import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { createAuth, enabledSocialProviders } from './auth/auth.ts';
import { adminStartLines, hasAdmin, promoteAdminEmails } from './auth/admin-promotion.ts';
import { demoAccounts, seedDemoAccounts } from './auth/demo-accounts.ts';
import { createGuards } from './auth/guards.ts';
import { authRateLimitsFor } from './auth/rate-limits.ts';
import { authRoutes } from './auth/routes.ts';
import { resolveAuthSecret } from './auth/secret.ts';
import { listenForChanges } from './cache/change-listener.ts';
import { memoizeFrozenBodies } from './cache/memo-serializer.ts';
import { createReadCache } from './cache/read-cache.ts';
import type { Config } from './config.ts';
import { openDatabase, pgliteDir, type Database } from './db/client.ts';
import { createPgliteApart } from './db/create-pglite.ts';
import { runMigrations } from './db/migrate.ts';
import { applyImportJob } from './flows/imports/apply-import.ts';
import { handOverOutsidePictures, outsidePicturesJob } from './flows/catalog/outside-pictures.ts';
import { importHandlers } from './flows/imports/handlers.ts';
import { jobHandlers } from './modules/jobs/handlers.ts';
import { startJobQueue, type JobQueue } from './modules/jobs/queue.ts';
import { deliverWebhookJob } from './flows/webhooks/deliver.ts';
import { webhookEndpointHandlers } from './flows/webhooks/handlers.ts';
import { startWebhookSweep } from './flows/webhooks/sweep.ts';
import { emitOrderEvent } from './flows/steps/order-events.ts';
import { startServerBackups } from './db/server-backups.ts';
import { seedDemoData } from './db/seed.ts';
import { demoCompany, demoCompanyMembers, seedCompanyDemoMembers } from './db/seed-companies.ts';
import { registerErrorHandler } from './errors.ts';
import { registerGracefulClose } from './http/graceful-close.ts';
import { registerApiDocs } from './http/docs.ts';
import { registerNulTextCheck } from './http/nul-text.ts';
import { registerRequestChecks } from './http/request-checks.ts';
import { loggerOptions } from './http/request-log.ts';
import { routerRefusal, securityHeaders } from './http/security.ts';
import { registerWebApp } from './http/web-app.ts';
import { registerMetrics } from './http/metrics.ts';
import { createShopMetrics } from './metrics/shop-metrics.ts';
import { clientErrorAnswer } from './http/client-error.ts';
import { acceptEmptyJsonBodies } from './http/json-body.ts';
import { uploadsDirIn } from './http/multipart-body.ts';
import { refuseRoutesOutsideTable, registerEndpoints } from './http/register-endpoints.ts';
import { makeDataDirPrivate } from './lib/private-files.ts';
import type { VatIds } from './lib/vat-ids.ts';
import { viesCheck } from './lib/vies.ts';
import { cleanUpRateWindows } from './lib/rate-window.ts';
import { apiKeyChecker } from './modules/api-keys/authenticate.ts';
import { apiKeyHandlers } from './modules/api-keys/handlers.ts';
import { auditHandlers } from './modules/audit/handlers.ts';
import { companyHandlers } from './modules/companies/handlers.ts';
import { findMembership } from './modules/companies/membership.ts';
import { blogHandlers } from './modules/blogs/handlers.ts';
import { companyPriceHandlers } from './modules/companies/price-handlers.ts';
import { getTool } from './modules/catalog/service.ts';
import { addressHandlers } from './modules/addresses/handlers.ts';
import { contactHandlers } from './modules/contact/handlers.ts';
import { healthHandlers } from './modules/health/handlers.ts';
import { orderHandlers } from './modules/orders/handlers.ts';
import { findOrder } from './modules/orders/repository.ts';
import {
  savedCardHandlers,
  testAuthenticateHandlers,
  testCardHandlers,
} from './modules/payments/handlers.ts';
import { reviewHandlers } from './modules/reviews/handlers.ts';
import { shippingHandlers } from './modules/shipping/handlers.ts';
import { shopSettingsHandlers } from './modules/shop-settings/handlers.ts';
import { readShopSettings } from './modules/shop-settings/repository.ts';
import { taxHandlers } from './modules/tax/handlers.ts';
import { registerSeoRoutes } from './modules/seo/routes.ts';
import { registerMediaRoutes } from './modules/media/routes.ts';
import { siteConfigHandlers } from './modules/site-config/handlers.ts';
import { stockHandlers } from './flows/catalog/stock-handlers.ts';
import { userHandlers } from './modules/users/handlers.ts';
import { getUser } from './modules/users/service.ts';
import { activeAdmins } from './modules/users/repository.ts';
import { createMailer } from './mail/mailer.ts';
import { choosePaymentProvider } from './modules/payments/providers/choose-provider.ts';
import { catalogFlowHandlers } from './flows/catalog/handlers.ts';
import { productImageHandlers } from './flows/catalog/product-images.ts';
import { taxonomyHandlers } from './flows/catalog/taxonomy-handlers.ts';
import { dealerCartHandlers, dealerCatalogHandlers } from './flows/catalog/dealer-handlers.ts';
import { priceTableHandlers } from './flows/catalog/price-table-handlers.ts';
import { startOrderExpiry } from './flows/ordering/expire-orders.ts';
import { accountHandlers } from './flows/accounts/handlers.ts';
import { afterSaleHandlers } from './flows/after-sale/handlers.ts';
import { warehouseHandlers } from './flows/warehouse/handlers.ts';
import { approvalHandlers } from './flows/approvals/handlers.ts';
import { companyAdminHandlers } from './flows/credit/company-admin-handlers.ts';
import { creditHandlers } from './flows/credit/handlers.ts';
import { exportHandlers } from './flows/exports/handlers.ts';
import { orderFlowHandlers } from './flows/ordering/handlers.ts';
import { paymentFlowHandlers } from './flows/payments/handlers.ts';
import { quoteHandlers } from './flows/quotes/handlers.ts';
import { savedListHandlers } from './flows/lists/handlers.ts';
import { returnHandlers } from './flows/returns/handlers.ts';
import { overviewHandlers } from './flows/overview/handlers.ts';
import { stockAlertHandlers } from './flows/stock-alerts/handlers.ts';
import { mailStockAlertJob } from './flows/stock-alerts/mail-job.ts';
import { startStockAlertSweep } from './flows/stock-alerts/sweep.ts';
import { webhookHandlers } from './flows/payments/webhook-handlers.ts';

export const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Builds the whole server: database (migrated, and seeded when configured), API, docs and the
 * web app. The app owns the database and closes it on `app.close()`.
 */
export async function buildApp(config: Config, deps: { database?: Database } = {}) {
  // Before the database opens: what an older version or a looser umask left readable is not.
  makeDataDirPrivate(config.dataDir);
  if (!deps.database && !config.databaseUrl) await createPgliteApart(pgliteDir(config.dataDir));
  const database = deps.database ?? openDatabase(config);
  try {
    await runMigrations(database);
    if (config.seedDemo) await seedDemoData(database.db);
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }

  // The same on every answer for the life of the server: worked out once.
  const headers = securityHeaders(config);
  const app = Fastify({
    ...loggerOptions(config.logLevel),
    bodyLimit: BODY_LIMIT_BYTES,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    frameworkErrors: routerRefusal(headers),
    clientErrorHandler: clientErrorAnswer(headers),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(memoizeFrozenBodies(serializerCompiler));
  registerErrorHandler(app);
  // Before every other hook: the security headers, then the path, Host and same-origin checks.
  registerRequestChecks(app, config, headers);
  acceptEmptyJsonBodies(app);
  refuseRoutesOutsideTable(app);
  registerGracefulClose(app);
  app.addHook('onClose', () => database.close());
  // A server that opened the embedded database in DATA_DIR backs it up on schedule and when
  // `npm run db:backup` asks (onClose runs last-added first: this stops before the close).
  if (!deps.database && database.driver.kind === 'pglite') {
    const backups = await startServerBackups(database.driver.client, config, app.log);
    app.addHook('onClose', () => backups.stop());
  }
  const metrics = createShopMetrics(database.connections);
  app.addHook('onClose', async () => metrics.stop());
  const { events } = metrics;
  registerMetrics(app, { token: config.metricsToken, metrics });

  await registerApiDocs(app);
  registerNulTextCheck(app);

  const { db } = database;
  const cache = createReadCache({
    enabled: false,
    maxBytes: config.cacheBudgets.readBytes,
    onRead: metrics.cacheRead,
  });
  metrics.watchCacheBytes('read', () => cache.bytes);
  const changes = await listenForChanges(database, cache, app.log);
  app.addHook('onClose', () => changes.stop());
  const rateWindows = cleanUpRateWindows(db, app.log);
  app.addHook('onClose', async () => rateWindows.stop());
  const { secret, generated } = resolveAuthSecret(config);
  if (generated && config.isProduction) {
    app.log.warn('BETTER_AUTH_SECRET is not set: using a secret generated into DATA_DIR');
  }
  // Without SMTP, each mail's link is also printed as a plain line for whoever runs the shop.
  const say = (lines: string) => void process.stdout.write(`${lines}\n`);
  const mailer = createMailer(
    { ...config, say: ['info', 'debug', 'trace'].includes(config.logLevel) ? say : undefined },
    app.log,
  );
  const auth = createAuth({ config, db, mailer, secret, log: app.log });
  const guards = createGuards(auth, db, secret);
  const paymentProvider = await choosePaymentProvider(config, db);
  // Unpaid orders whose hold ended expire and give their stock back, their payments settled
  // with the provider (onClose runs these hooks last-added first, so the sweep stops before
  // the database closes).
  const orderExpiry = startOrderExpiry({
    db,
    cache,
    log: app.log,
    intervalMs: config.orders.expirySweepMs,
    events,
    payments: {
      db,
      provider: paymentProvider,
      mailer,
      log: app.log,
      events,
      approvalHoldHours: config.orders.approvalHoldHours,
    },
  });
  app.addHook('onClose', () => orderExpiry.stop());
  // Long work (imports' applies, webhook deliveries) runs as jobs; the worker stops before the
  // database closes.
  // A failed delivery schedules its next try on the queue it runs on: known once it has started.
  const started: { queue?: JobQueue } = {};
  const jobQueue = await startJobQueue({
    database,
    log: app.log,
    retryDelaySeconds: config.jobs.retryDelaySeconds,
    kinds: [
      applyImportJob({
        db,
        cache,
        view: config.catalog,
        progressWhileRunning: database.kind === 'postgres',
        fetchAllowPrivate: config.media.fetchAllowPrivate,
      }),
      outsidePicturesJob({
        db,
        cache,
        view: config.catalog,
        allowPrivate: config.media.fetchAllowPrivate,
      }),
      deliverWebhookJob({
        db,
        mailer,
        log: app.log,
        publicUrl: config.publicUrl,
        webhooks: config.webhooks,
        queue: () => {
          if (!started.queue) throw new Error('job queue not started');
          return started.queue;
        },
      }),
      mailStockAlertJob({ db, mailer, publicUrl: config.publicUrl, secret }),
    ],
  });
  started.queue = jobQueue;
  app.addHook('onClose', () => jobQueue.stop());
  // Products still pictured by an outside link get it fetched and stored, once: the CSP lets
  // no other host's image in.
  await handOverOutsidePictures(db, jobQueue);
  // Webhook events are written with the changes that cause them; this hands their deliveries
  // to the queue (stopped before the queue: onClose runs last-added first).
  const webhookSweep = startWebhookSweep({
    db,
    queue: jobQueue,
    intervalMs: config.webhooks.sweepMs,
    log: app.log,
  });
  app.addHook('onClose', () => webhookSweep.stop());
  // Back-in-stock alerts are fired with the receipt that causes them; this hands their mails
  // to the queue the same way.
  const stockAlertSweep = startStockAlertSweep({
    db,
    queue: jobQueue,
    intervalMs: config.stockAlerts.sweepMs,
    log: app.log,
  });
  app.addHook('onClose', () => stockAlertSweep.stop());
  // Known passwords only where the operator asked for them: SEED_DEMO under `npm run dev`.
  // Production and tests never get them, whatever SEED_DEMO says.
  if (config.seedDemo && config.isDevelopment) {
    await seedDemoAccounts(auth, db);
    await seedCompanyDemoMembers(db);
    app.log.info(
      { accounts: demoAccounts.map(({ role, email, password }) => ({ role, email, password })) },
      `Demo accounts: ${demoAccounts.map((a) => `${a.role} ${a.email} / ${a.password}`).join('; ')}`,
    );
  } else if (config.seedDemo) {
    // The demo company has its two members here too, with passwords nobody knows.
    await seedDemoAccounts(auth, db, 'unknown');
    await seedCompanyDemoMembers(db);
    app.log.info(
      `Demo company ${demoCompany.name}: to act as its owner or buyer, use "Forgot password" with ${demoCompanyMembers.map((m) => m.email).join(' or ')} (the link is mailed to the outbox).`,
    );
  }
  const adminEmails = await promoteAdminEmails(db, config.adminEmails);
  const adminLines = adminStartLines({
    ...adminEmails,
    listed: config.adminEmails,
    hasAdmin: await hasAdmin(db),
    publicUrl: config.publicUrl,
    outbox: config.smtpUrl ? undefined : `${config.dataDir}/outbox`,
  });
  for (const { level, message } of adminLines) app.log[level](adminEmails, message);
  await app.register(authRoutes, {
    auth,
    db,
    limits: authRateLimitsFor({ signUpsPerHour: config.signUpsPerHour }),
    prefix: '/api',
  });
  // A company's members share its orders: the owner guard and the orders list ask this.
  const companyOf = async (userId: string) => (await findMembership(db, userId))?.companyId;
  // Wherever a buyer or a company saves a VAT ID: the shop's own is refused, and VIES (when
  // VIES_CHECK is on) may verify a new one at once.
  const vies = config.vies && viesCheck(config.vies, app.log);
  const vatIds: VatIds = {
    shopVatId: async () =>
      (await cache.read('shop_settings', 'shop', () => readShopSettings(db))).vatId,
    confirmed: vies || (() => Promise.resolve(false)),
  };
  const handlers = {
    ...healthHandlers({ database }),
    ...siteConfigHandlers({
      social: enabledSocialProviders(config),
      payments: {
        provider: paymentProvider.kind,
        publishableKey: config.stripe.publishableKey ?? null,
      },
    }),
    ...dealerCatalogHandlers({ db, cache, view: config.catalog, currentUser: guards.currentUser }),
    ...catalogFlowHandlers({ db, cache, view: config.catalog }),
    ...stockHandlers({ db, cache, mail: { mailer, log: app.log } }),
    ...productImageHandlers({ db, cache, view: config.catalog }),
    ...taxonomyHandlers({ db, cache }),
    ...blogHandlers({ db }),
    ...reviewHandlers({ db, cache, findProduct: (id) => getTool(db, cache, config.catalog, id) }),
    ...contactHandlers({
      db,
      mailer,
      shopEmail: config.shopEmail,
      publicUrl: config.publicUrl,
      activeAdmins: () => activeAdmins(db),
    }),
    ...userHandlers({ db, secret }),
    ...accountHandlers({ db }),
    ...orderHandlers({
      db,
      mailer,
      companyOf,
      shipped: (tx, order) => emitOrderEvent(tx, 'order.shipped', order),
    }),
    ...dealerCartHandlers({ db, caps: config.orders }),
    ...companyPriceHandlers({ db }),
    ...priceTableHandlers({ db, cache }),
    ...addressHandlers({ db }),
    ...shippingHandlers({ db, cache }),
    ...taxHandlers({ db, cache, findUser: (id) => getUser(db, id), vatIds }),
    ...shopSettingsHandlers({ db, cache }),
    ...orderFlowHandlers({
      db,
      cache,
      mailer,
      provider: paymentProvider,
      limits: config.orders,
      events,
    }),
    ...afterSaleHandlers({
      db,
      cache,
      mailer,
      provider: paymentProvider,
      events,
      approvalHoldHours: config.orders.approvalHoldHours,
    }),
    ...warehouseHandlers({ db }),
    ...approvalHandlers({ db, cache, mailer, holdMinutes: config.orders.holdMinutes }),
    ...auditHandlers({ db }),
    ...jobHandlers({ db, queue: jobQueue }),
    ...importHandlers({ db, queue: jobQueue }),
    ...apiKeyHandlers({ db }),
    ...webhookEndpointHandlers({
      db,
      queue: jobQueue,
      allowPrivate: config.webhooks.allowPrivate,
    }),
    ...companyHandlers({ db, mailer, publicUrl: config.publicUrl, vatIds }),
    ...companyAdminHandlers({ db }),
    ...creditHandlers({ db }),
    ...exportHandlers({ db }),
    ...quoteHandlers({
      db,
      cache,
      mailer,
      limits: config.orders,
      events,
      publicUrl: config.publicUrl,
    }),
    ...savedListHandlers({ db }),
    ...returnHandlers({
      db,
      cache,
      mailer,
      provider: paymentProvider,
      returnDays: config.returns.days,
    }),
    ...stockAlertHandlers({ db, secret, view: config.catalog }),
    ...overviewHandlers({ db, lowStockAt: config.catalog.lowStockAt }),
    ...paymentFlowHandlers({
      db,
      mailer,
      provider: paymentProvider,
      events,
      approvalHoldHours: config.orders.approvalHoldHours,
    }),
    ...('confirmTestCard' in paymentProvider ? testCardHandlers(paymentProvider, events) : {}),
    ...('authenticateTestCard' in paymentProvider
      ? testAuthenticateHandlers(paymentProvider, events)
      : {}),
    ...savedCardHandlers({ db, provider: paymentProvider }),
    ...(paymentProvider.kind === 'stripe' && paymentProvider.parseWebhook
      ? webhookHandlers({
          db,
          mailer,
          provider: paymentProvider,
          parseWebhook: paymentProvider.parseWebhook,
          events,
          approvalHoldHours: config.orders.approvalHoldHours,
        })
      : {}),
  };
  await registerEndpoints(app, {
    guards,
    owners: {
      order: async (id) => {
        const order = await findOrder(db, id);
        return order && { userId: order.userId, companyId: order.companyId };
      },
      companyOf,
    },
    undeclaredRefusal: config.env === 'test' ? 'fail' : 'log',
    db,
    paymentProvider: paymentProvider.kind,
    apiKeys: { check: apiKeyChecker(db), perMinute: config.apiKeyRatePerMinute },
    uploadsDir: uploadsDirIn(config.dataDir),
    rateLimitMax: {
      placeOrder: config.orders.ratePerTenMinutes,
      checkout: config.orders.ratePerTenMinutes,
      acceptQuote: config.orders.ratePerTenMinutes,
      requestQuote: config.orders.ratePerTenMinutes,
      contact: config.contactRatePerTenMinutes,
    },
    handlers,
  });
  await registerSeoRoutes(app, { db, cache, config });
  registerMediaRoutes(app, { db });
  // Pages load their data and run their forms through the API's own routes, in-process.
  await registerWebApp(app, config, { cache, auth, metrics });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
