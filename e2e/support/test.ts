import {
  test as base,
  expect,
  type BrowserContext,
  type Page,
  type TestInfo,
} from '@playwright/test';

// React's production build reports a page whose HTML does not match the first render in the
// browser as "Minified React error #418" (text), #419, #421, #422, #423 or #425.
const HYDRATION_TROUBLE = /Minified React error #4(18|19|21|22|23|25)\b|hydrat/i;

/** A console message a test provokes on purpose, and so expects (see `expectConsoleMessage`). */
type Expected = { text: RegExp; url?: RegExp };

const expectedByTest = new WeakMap<TestInfo, Expected[]>();

/**
 * A review photo link that answers 404, which admin.spec.ts plants in the shared demo data (a
 * review whose photo link no longer works). Every page that shows reviews asks for it from then
 * on, in any test, so its failed load alone is expected in every test.
 */
export const BROKEN_PHOTO_PATH = '/images/avatars/no-such-photo.png';
const expectedEverywhere = (): Expected[] => [
  { text: failedLoad(404), url: new RegExp(`${escapeRegExp(BROKEN_PHOTO_PATH)}$`) },
];

/**
 * Lets the current test's pages log one kind of console error or warning that the test provokes
 * on purpose: a request it makes fail, a wrong password it types. Keep it narrow: the message's
 * text, and for a failed load the address of the resource (`url`). Anything else fails the test.
 */
export function expectConsoleMessage(text: RegExp, options: { url?: RegExp } = {}) {
  const info = base.info();
  const list = expectedByTest.get(info) ?? [];
  list.push({ text, url: options.url });
  expectedByTest.set(info, list);
}

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The browser's own line for a request answered with this status (or dropped: `net::…`). */
export function failedLoad(status: number | `net::${string}`) {
  return typeof status === 'number'
    ? new RegExp(`^Failed to load resource: the server responded with a status of ${status}\\b`)
    : new RegExp(`^Failed to load resource: ${escapeRegExp(status)}$`);
}

type Seen = { what: string; text: string; page: string; source: string };

/**
 * Collects every console error and warning, and every uncaught error, from the pages of a
 * context; `check` fails the test on any the test did not expect (hydration errors included).
 */
export function watchConsole(context: BrowserContext) {
  const seen: Seen[] = [];
  context.on('console', (message) => {
    const type = message.type();
    if (type !== 'error' && type !== 'warning' && type !== 'assert') return;
    seen.push({
      what: HYDRATION_TROUBLE.test(message.text()) ? 'hydration error' : `console ${type}`,
      text: message.text(),
      page: message.page()?.url() ?? '',
      source: message.location().url,
    });
  });
  context.on('weberror', (error) => {
    const text = String(error.error());
    seen.push({
      what: HYDRATION_TROUBLE.test(text) ? 'hydration error' : 'uncaught error',
      text,
      page: error.page()?.url() ?? '',
      source: '',
    });
  });
  return {
    check(testInfo: TestInfo) {
      const expected = [...expectedEverywhere(), ...(expectedByTest.get(testInfo) ?? [])];
      // A hydration error is never expected: the page the server wrote must be the browser's.
      const unexpected = seen.filter(
        (item) =>
          item.what === 'hydration error' ||
          !expected.some(
            ({ text, url }) => text.test(item.text) && (!url || url.test(item.source)),
          ),
      );
      const lines = unexpected.map(
        (item) =>
          `${item.what} on ${item.page}: ${item.text}${item.source ? ` (${item.source})` : ''}`,
      );
      if (lines.length > 0) void testInfo.attach('console errors', { body: lines.join('\n') });
      expect(lines, 'the pages must log no error or warning the test did not expect').toEqual([]);
    },
  };
}

/**
 * A server-rendered page shows its controls before its script has taken over; a click then
 * would do nothing. After `goto` and `reload`, this waits until the app marks the document
 * ready (main.tsx), as a person waits for a page to finish loading.
 */
function waitForAppAfterLoads(page: Page) {
  const ready = async <R extends { headers(): Record<string, string> } | null>(response: R) => {
    if (response?.headers()['content-type']?.startsWith('text/html')) {
      await page.waitForSelector('html[data-ready]', { state: 'attached', timeout: 15_000 });
    }
    return response;
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => ready(await goto(url, options));
  page.reload = async (options) => ready(await reload(options));
}

function watchContext(context: BrowserContext, scripts: boolean) {
  const watch = watchConsole(context);
  if (scripts) {
    context.pages().forEach(waitForAppAfterLoads);
    context.on('page', waitForAppAfterLoads);
  }
  return watch;
}

/**
 * Playwright's test, failing any test whose pages log an error or a warning it did not expect
 * (a hydration error among them; in the default context and in every context the test opens
 * itself), and waiting for the app after loads.
 */
export const test = base.extend<{ consoleCheck: void }>({
  consoleCheck: [
    async ({ context, browser, javaScriptEnabled }, use, testInfo) => {
      const watches = [watchContext(context, javaScriptEnabled !== false)];
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const opened = await newContext(options);
        watches.push(watchContext(opened, options?.javaScriptEnabled !== false));
        return opened;
      };
      try {
        await use();
      } finally {
        browser.newContext = newContext;
      }
      for (const watch of watches) watch.check(testInfo);
    },
    { auto: true },
  ],
});

export { expect };
export type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
