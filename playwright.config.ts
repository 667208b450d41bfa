import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { shared } from './e2e/support/accounts.ts';
import { CHROMIUM_ARGS } from './e2e/support/chromium.ts';
import { oauthIssuer, ports, shopURL, socialShopURL } from './e2e/support/servers.ts';
import { SERVER_ENV, SERVER_NODE_FLAGS } from './scripts/server-flags.ts';

/**
 * End-to-end tests drive the built app (run `npm run build` first; `npm run test:e2e` does)
 * in Debian's Chromium, against the server started as `npm start` starts it: production mode,
 * no demo accounts. Playwright never downloads a browser here.
 */
const baseURL = shopURL;

/**
 * Each run gets its own folder: a fresh embedded database (seeded with the demo catalogue,
 * blogs and reviews) and a copy of the built web app, so a rebuild in the same checkout
 * during the run cannot swap the assets under the browser. Workers load this file again;
 * they inherit the runner's environment and so reuse the runner's folder.
 */
// E2E_WEB_DIST serves another build, so that several runs in one checkout can each have their own.
const webDist = process.env.E2E_WEB_DIST ?? 'dist/web';

function prepareRunDir() {
  if (!existsSync(join(webDist, 'index.html'))) {
    throw new Error(`No build in ${webDist}: run \`npm run build\` first (npm run test:e2e does).`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'ecparts-e2e-'));
  cpSync(webDist, join(dir, 'web'), { recursive: true });
  // The server compiled as `npm start` runs it (scripts/build-server.ts), from this checkout's
  // source now: its own copy, three folders deep as the migrations' path wants it.
  mkdirSync(join('dist', 'node'), { recursive: true });
  const server = mkdtempSync(join('dist', 'node', 'e2e-'));
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts', server]);
  process.env.ECPARTS_E2E_SERVER = join(server, 'main.js');
  // The runner exits after it has stopped the server, so the folder can go then.
  process.once('exit', () => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(server, { recursive: true, force: true });
  });
  return dir;
}
const runDir = (process.env.ECPARTS_E2E_RUN_DIR ??= prepareRunDir());

/** A shop server on its own port and database, serving the run's copy of the built app. */
const shopServer = (url: string, port: number, dataDir: string, env: Record<string, string>) => ({
  // With the flags and environment `npm start` gives node (scripts/server-flags.ts).
  command: `node ${SERVER_NODE_FLAGS.join(' ')} ${process.env.ECPARTS_E2E_SERVER}`,
  url: `${url}/api/health`,
  reuseExistingServer: false,
  gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 5_000 },
  timeout: 60_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  env: {
    ...SERVER_ENV,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: join(runDir, dataDir),
    WEB_DIST_DIR: join(runDir, 'web'),
    SEED_DEMO: 'true',
    // Empty means unset: a DATABASE_URL in a local .env must not reach the run.
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: url,
    // Every spec sends the contact form from 127.0.0.1, more than 5 in ten minutes in all
    // (test/rate-limits.test.ts holds the shop to its default of 5).
    CONTACT_RATE_LIMIT: '100',
    // The same for accounts: the specs sign up more than 30 in an hour, all from 127.0.0.1
    // (test/rate-limits.test.ts holds the shop to its default).
    SIGNUP_RATE_LIMIT: '1000',
    ...env,
  },
});

const chromium = {
  browserName: 'chromium' as const,
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  },
};

export default defineConfig({
  testDir: './e2e',
  // Signs up the shared admin and customer once, after the servers are up (e2e/support/accounts.ts).
  globalSetup: './e2e/support/global-setup.ts',
  // The stored-XSS probe writes script-laden names into the shared demo data; it runs on a
  // server of its own in `npm run test:security`, which sets E2E_SECURITY.
  testIgnore: process.env.E2E_SECURITY ? [] : /security-xss\.spec\.ts$/,
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  // Much of a test is waiting on the browser and the server, so 3 workers pay off even on 2 CPUs.
  workers: 3,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  // Generous for a busy machine; a passing test takes a few seconds.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    locale: 'en-US',
    timezoneId: 'UTC',
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'phone',
      // Flows with state (accounts, ordering, admin) and width-independent checks run once,
      // at desktop width.
      testIgnore: /(accounts|social-sign-in|order-expiry|ordering|admin|security-xss)\.spec\.ts$/,
      grepInvert: /@desktop-only/,
      use: {
        ...devices['Pixel 7'],
        ...chromium,
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 1,
      },
    },
    {
      name: 'desktop',
      // Layouts that exist only at a phone's width are checked once, by the phone project.
      grepInvert: /@phone-only/,
      use: {
        ...devices['Desktop Chrome'],
        ...chromium,
        viewport: { width: 1280, height: 800 },
      },
    },
  ],
  webServer: [
    // As `npm start` runs it. Production never creates the demo accounts: the suite signs up
    // its own, and ADMIN_EMAILS makes its admin one (e2e/support/global-setup.ts).
    shopServer(baseURL, ports.shop, 'data', {
      NODE_ENV: 'production',
      ADMIN_EMAILS: shared.admin.email,
      TEST_OAUTH_ISSUER: '',
      // Webhook endpoints on loopback: no delivery of the suite leaves the machine.
      WEBHOOK_ALLOW_PRIVATE: '1',
    }),
    // A second, test-mode server for what the production one cannot show: social sign-in
    // through a local OpenID Connect provider (accepted only as TEST_OAUTH_ISSUER, refused in
    // production), and unpaid orders whose hold ends within seconds instead of an hour.
    // e2e/social-sign-in.spec.ts and e2e/order-expiry.spec.ts (only) run against it, on its own
    // port and database; the built app it serves is the same.
    {
      // Started before its shop, which reads the provider's discovery document at start.
      command: 'node --import tsx e2e/support/oauth-server.ts',
      url: `${oauthIssuer}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { E2E_OAUTH_PORT: String(ports.oauth) },
    },
    shopServer(socialShopURL, ports.socialShop, 'social-data', {
      NODE_ENV: 'test',
      TEST_OAUTH_ISSUER: oauthIssuer,
      ORDER_HOLD_MINUTES: '0.1',
      ORDER_EXPIRY_SWEEP_SECONDS: '1',
    }),
  ],
});
