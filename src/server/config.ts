import { z } from 'zod';

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const emailList = z
  .string()
  .default('')
  .transform((s) =>
    s
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email()));

const envSchema = z.object({
  // Production unless told otherwise: `npm start`, a bare `node src/server/main.ts` or a service
  // manager that forgets the variable must never trust the Vite origin or seed known passwords.
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  BETTER_AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PUBLIC_URL: z.url().optional(),
  ADMIN_EMAILS: emailList,
  // Where Contact Us messages are mailed; every admin who can sign in when unset.
  SHOP_EMAIL: z.email().optional(),
  SEED_DEMO: flag.optional(),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_').optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_').optional(),
  // Another Stripe API host: stripe-mock locally, or the fake the tests start.
  STRIPE_API_BASE: z.url().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  FACEBOOK_CLIENT_ID: z.string().optional(),
  FACEBOOK_CLIENT_SECRET: z.string().optional(),
  GITHUB_CLIENT_ID: z.string().optional(),
  GITHUB_CLIENT_SECRET: z.string().optional(),
  WEB_DIST_DIR: z.string().default('./dist/web'),
  // How long an unpaid order holds its stock (a week at most); fractions of a minute are allowed.
  ORDER_HOLD_MINUTES: z.coerce.number().positive().max(10_080).default(60),
  // How long an order awaiting its company's approval holds its stock (a month at most): an
  // approver may be away for a weekend, which the unpaid hold's minutes do not allow.
  APPROVAL_HOLD_HOURS: z.coerce.number().positive().max(720).default(72),
  MAX_UNPAID_ORDERS: z.coerce.number().int().min(1).max(10_000).default(5),
  // Days after a shipment within which its parts may be returned for any reason; after them,
  // only under warranty.
  RETURN_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  // Orders one account may place in ten minutes (every server process counts together).
  ORDER_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(30),
  // Contact messages one address may send in ten minutes (a workshop behind one address may
  // need more).
  CONTACT_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(5),
  SIGNUP_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(30),
  // Calls one API key may make in a minute (every server process counts together).
  API_KEY_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(600),
  // What one account may hold in unpaid orders, in whole dollars: while its email is not
  // verified, and once it is. No account holds more than MAX_UNPAID_SHARE percent of a part's
  // stock on hand unpaid.
  MAX_UNPAID_VALUE_UNVERIFIED: z.coerce.number().int().min(1).max(1_000_000_000).default(2_000),
  MAX_UNPAID_VALUE: z.coerce.number().int().min(1).max(1_000_000_000).default(20_000),
  MAX_UNPAID_SHARE: z.coerce.number().int().min(1).max(100).default(50),
  // A part with fewer on hand than this shows as low stock (`availability: low_stock`).
  LOW_STOCK_AT: z.coerce.number().int().min(1).max(1_000_000).default(20),
  // How often each server looks for holds that ended; an order expires at most this long after.
  ORDER_EXPIRY_SWEEP_SECONDS: z.coerce.number().positive().max(60).default(20),
  // A job's try that threw runs again after this many seconds, then twice as long each time.
  JOB_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
  // Tests only: an OpenID Connect issuer that stands in for Google, Facebook and GitHub.
  TEST_OAUTH_ISSUER: z.url().optional(),
  // GET /metrics is served only when this is set, and only to `Authorization: Bearer <it>`.
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  // The embedded database backs itself up into DATA_DIR/backups this often (0: never), keeping
  // the newest BACKUP_KEEP. Fractions of an hour are allowed.
  BACKUP_EVERY_HOURS: z.coerce.number().min(0).max(8760).default(24),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(7),
  // Addresses per sitemap file; past it /sitemap.xml becomes an index of files (the protocol
  // allows 50,000 at most).
  SITEMAP_URLS_PER_FILE: z.coerce.number().int().min(10).max(50_000).default(50_000),
  // What the in-memory caches may hold, in MiB (fractions allowed; 0 keeps nothing): the read
  // cache of catalogue, reviews and delivery rules, and the pages rendered for visitors.
  READ_CACHE_MAX_MB: z.coerce.number().min(0).max(65_536).default(16),
  PAGE_CACHE_MAX_MB: z.coerce.number().min(0).max(65_536).default(16),
  // Ask the EU's VIES service whether a newly saved VAT ID is registered: confirmed, it is
  // verified at once (reverse charge applies); otherwise it waits for an admin. Off by default.
  VIES_CHECK: flag.default(false),
  // Where VIES's REST check is (the tests point it at a local stub), and how long to wait for it.
  VIES_URL: z.url().default('https://ec.europa.eu/taxation_customs/vies/rest-api/check-vat-number'),
  VIES_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(3_000),
  // Webhooks: http on loopback and private addresses allowed (tests only); the waits before each
  // retry of a failed delivery, in ms, comma-separated (5 s, 1 min, 10 min, 1 h, 6 h, 24 h); how
  // long an endpoint's deliveries must all have failed before it is disabled (3 days); how often
  // each server hands due deliveries to the job queue.
  WEBHOOK_ALLOW_PRIVATE: flag.default(false),
  // Product images fetched from links (an import's image_url, outside links from before) may come
  // from loopback and private addresses: tests only.
  MEDIA_FETCH_ALLOW_PRIVATE: flag.default(false),
  WEBHOOK_RETRY_SCHEDULE_MS: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'must be waits in ms, comma-separated')
    .default('5000,60000,600000,3600000,21600000,86400000')
    .transform((s) => s.split(',').map(Number)),
  WEBHOOK_DISABLE_AFTER_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(3 * 24 * 3_600_000),
  WEBHOOK_SWEEP_MS: z.coerce.number().int().min(50).max(60_000).default(2_000),
  STOCK_ALERT_SWEEP_MS: z.coerce.number().int().min(50).max(60_000).default(2_000),
});

export type Config = ReturnType<typeof parseConfig>;

const MIB = 1024 * 1024;

export class ConfigError extends Error {}

/** Parses the environment once; a wrong value stops start-up with one line naming it. */
export function parseConfig(env: Record<string, string | undefined>) {
  // An empty variable means "not set", as in most .env files.
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = issue?.path.join('.') ?? 'environment';
    throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? 'is invalid'}`);
  }
  const e = parsed.data;
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_PUBLISHABLE_KEY)) {
    const missing = e.STRIPE_SECRET_KEY ? 'STRIPE_PUBLISHABLE_KEY' : 'STRIPE_SECRET_KEY';
    throw new ConfigError(
      `Invalid configuration: ${missing} is required with the other Stripe key`,
    );
  }
  if (e.TEST_OAUTH_ISSUER && e.NODE_ENV === 'production') {
    throw new ConfigError('Invalid configuration: TEST_OAUTH_ISSUER is for tests, not production');
  }
  if (e.MAX_UNPAID_VALUE_UNVERIFIED > e.MAX_UNPAID_VALUE) {
    throw new ConfigError(
      'Invalid configuration: MAX_UNPAID_VALUE_UNVERIFIED must not be more than MAX_UNPAID_VALUE',
    );
  }
  const embedded = e.DATABASE_URL === undefined;
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    isDevelopment: e.NODE_ENV === 'development',
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    authSecret: e.BETTER_AUTH_SECRET,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    adminEmails: e.ADMIN_EMAILS,
    shopEmail: e.SHOP_EMAIL,
    seedDemo: e.SEED_DEMO ?? (embedded && e.NODE_ENV !== 'test'),
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiBase: e.STRIPE_API_BASE,
    },
    smtpUrl: e.SMTP_URL,
    social: {
      google: pair(e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET),
      facebook: pair(e.FACEBOOK_CLIENT_ID, e.FACEBOOK_CLIENT_SECRET),
      github: pair(e.GITHUB_CLIENT_ID, e.GITHUB_CLIENT_SECRET),
    },
    webDistDir: e.WEB_DIST_DIR,
    contactRatePerTenMinutes: e.CONTACT_RATE_LIMIT,
    signUpsPerHour: e.SIGNUP_RATE_LIMIT,
    apiKeyRatePerMinute: e.API_KEY_RATE_LIMIT,
    orders: {
      holdMinutes: e.ORDER_HOLD_MINUTES,
      approvalHoldHours: e.APPROVAL_HOLD_HOURS,
      maxUnpaid: e.MAX_UNPAID_ORDERS,
      ratePerTenMinutes: e.ORDER_RATE_LIMIT,
      maxUnpaidCentsUnverified: e.MAX_UNPAID_VALUE_UNVERIFIED * 100,
      maxUnpaidCents: e.MAX_UNPAID_VALUE * 100,
      maxUnpaidSharePercent: e.MAX_UNPAID_SHARE,
      expirySweepMs: Math.round(e.ORDER_EXPIRY_SWEEP_SECONDS * 1000),
    },
    catalog: { lowStockAt: e.LOW_STOCK_AT },
    returns: { days: e.RETURN_DAYS },
    jobs: { retryDelaySeconds: e.JOB_RETRY_DELAY_SECONDS },
    testOAuthIssuer: e.TEST_OAUTH_ISSUER,
    metricsToken: e.METRICS_TOKEN,
    backups: {
      everyMs: Math.round(e.BACKUP_EVERY_HOURS * 3_600_000),
      keep: e.BACKUP_KEEP,
    },
    sitemapUrlsPerFile: e.SITEMAP_URLS_PER_FILE,
    cacheBudgets: {
      readBytes: Math.round(e.READ_CACHE_MAX_MB * MIB),
      pageBytes: Math.round(e.PAGE_CACHE_MAX_MB * MIB),
    },
    // Undefined: VAT IDs are verified by admins only.
    vies: e.VIES_CHECK ? { url: e.VIES_URL, timeoutMs: e.VIES_TIMEOUT_MS } : undefined,
    media: { fetchAllowPrivate: e.MEDIA_FETCH_ALLOW_PRIVATE },
    webhooks: {
      allowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
      retryScheduleMs: e.WEBHOOK_RETRY_SCHEDULE_MS,
      disableAfterMs: e.WEBHOOK_DISABLE_AFTER_MS,
      sweepMs: e.WEBHOOK_SWEEP_MS,
    },
    stockAlerts: { sweepMs: e.STOCK_ALERT_SWEEP_MS },
  };
}

function pair(clientId?: string, clientSecret?: string) {
  return clientId && clientSecret ? { clientId, clientSecret } : undefined;
}
