import { sessionFile } from './accounts.ts';
import { test as base, expect, type Page } from './test.ts';

/** A word no other test (or repeat) uses, so each test finds its own rows in shared lists. */
export const uniqueWord = () =>
  `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The server's origin: cookie-authenticated writes through `page.request` must name it. */
export const origin = () => String(base.info().project.use.baseURL);

/**
 * A write through the page's session, as its own pages send it (with the origin), for what a
 * test sets up rather than tests; anything but a 2xx fails the test with the server's answer.
 */
export async function sendOk(
  page: Page,
  method: 'post' | 'put' | 'patch',
  path: string,
  data: unknown,
) {
  const response = await page.request[method](path, { headers: { origin: origin() }, data });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as unknown;
}

/**
 * The test with `admin`: a second browser profile signed in as the run's shared admin, beside
 * the test's own page. It starts from the session global setup saved: the server allows only a
 * few sign-ins per account in 15 minutes.
 */
export const test = base.extend<{ admin: Page }>({
  admin: async ({ browser }, use) => {
    const context = await browser.newContext({ storageState: sessionFile('admin') });
    await use(await context.newPage());
    await context.close();
  },
});
