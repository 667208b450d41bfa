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

/** Collects hydration errors from every page of a context; `check` fails the test if any came. */
export function watchHydration(context: BrowserContext) {
  const seen: string[] = [];
  const note = (text: string, url: string) => {
    if (HYDRATION_TROUBLE.test(text)) seen.push(`${url}: ${text}`);
  };
  context.on('console', (message) => {
    if (message.type() === 'error') note(message.text(), message.page()?.url() ?? '');
  });
  context.on('weberror', (error) => note(String(error.error()), error.page()?.url() ?? ''));
  return {
    check(testInfo?: TestInfo) {
      if (seen.length > 0 && testInfo) {
        void testInfo.attach('hydration errors', { body: seen.join('\n') });
      }
      expect(seen, 'the page must hydrate without errors').toEqual([]);
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
  const watch = watchHydration(context);
  if (scripts) {
    context.pages().forEach(waitForAppAfterLoads);
    context.on('page', waitForAppAfterLoads);
  }
  return watch;
}

/**
 * Playwright's test, failing any test whose pages report a hydration error (in the default
 * context and in every context the test opens itself), and waiting for the app after loads.
 */
export const test = base.extend<{ hydrationCheck: void }>({
  hydrationCheck: [
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
