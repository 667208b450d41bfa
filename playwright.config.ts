import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests drive the built app (run `npm run build` first; `npm run test:e2e` does)
 * in Debian's Chromium. Playwright never downloads a browser here.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${PORT}`;
// The local OpenID Connect provider that stands in for Google, Facebook and GitHub.
const OAUTH_PORT = Number(process.env.E2E_OAUTH_PORT ?? 3101);
const oauthIssuer = `http://127.0.0.1:${OAUTH_PORT}`;

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
  // The runner exits after it has stopped the server, so the folder can go then.
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
const runDir = (process.env.ECPARTS_E2E_RUN_DIR ??= prepareRunDir());

const chromium = {
  browserName: 'chromium' as const,
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
};

export default defineConfig({
  testDir: './e2e',
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
      testIgnore: /(accounts|ordering|admin|security-xss)\.spec\.ts$/,
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
      use: {
        ...devices['Desktop Chrome'],
        ...chromium,
        viewport: { width: 1280, height: 800 },
      },
    },
  ],
  webServer: [
    {
      // Started first: the shop reads its discovery document at start.
      command: 'node --import tsx e2e/support/oauth-server.ts',
      url: `${oauthIssuer}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { E2E_OAUTH_PORT: String(OAUTH_PORT) },
    },
    {
      command: 'node --import tsx src/server/main.ts',
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        // Not production: the server refuses the test sign-in provider there and seeds the
        // demo accounts (known passwords) only outside it. The built app is served the same.
        NODE_ENV: 'test',
        DATA_DIR: join(runDir, 'data'),
        WEB_DIST_DIR: join(runDir, 'web'),
        SEED_DEMO: 'true',
        TEST_OAUTH_ISSUER: oauthIssuer,
        // Empty means unset: a DATABASE_URL in a local .env must not point the run elsewhere.
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        PUBLIC_URL: baseURL,
      },
    },
  ],
});
