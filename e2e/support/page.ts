import { expect, type Locator, type Page } from '@playwright/test';
import { expectConsoleMessage, failedLoad } from './test.ts';

/** Playwright's URL glob as a RegExp: `**` is anything, `*` anything but a slash. */
export function globToRegExp(glob: string) {
  const source = glob
    .split(/(\*\*|\*)/)
    .map((part) =>
      part === '**' ? '.*' : part === '*' ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${source}$`);
}

/** The tab title the app gives a page, and a meta description a search engine can show. */
export async function expectPageMeta(page: Page, title: string) {
  await expect(page).toHaveTitle(`${title} | ECParts`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    /^\S.{18,158}\S$/,
  );
}

const clocks = new WeakSet<Page>();

/**
 * Makes calls to the API that match `pattern` fail: with the server's JSON error
 * `{ error, message }` and a status, or as a dropped connection (`'offline'`). Call it before
 * the page loads: it also takes over the page clock so `expectAfterRetries` can skip the
 * retry back-off. The clock keeps running in real time otherwise.
 */
export async function failApi(
  page: Page,
  pattern: string,
  answer: { status?: number; message: string } | 'offline',
) {
  // The browser logs each failure it provokes; this test expects them, and only them.
  const logged = answer === 'offline' ? 'net::ERR_INTERNET_DISCONNECTED' : (answer.status ?? 500);
  expectConsoleMessage(failedLoad(logged), { url: globToRegExp(pattern) });
  if (!clocks.has(page)) {
    clocks.add(page);
    await page.clock.install();
  }
  await page.route(pattern, (route) =>
    answer === 'offline'
      ? route.abort('internetdisconnected')
      : route.fulfill({
          status: answer.status ?? 500,
          contentType: 'application/json',
          body: JSON.stringify({ error: 'failed', message: answer.message }),
        }),
  );
}

/**
 * A failed list query retries three times with a growing back-off (1 s, 2 s, 4 s) before it
 * shows its error, in red. This waits for the error text while moving the page clock past each
 * back-off, so the test does not sit through them in real time, then checks its colour.
 */
export async function expectFailedLoad(alert: Locator, text: string) {
  await expect(async () => {
    await alert.page().clock.fastForward(4_000);
    await expect(alert).toHaveText(text, { timeout: 500 });
  }).toPass({ timeout: 20_000, intervals: [0] });
  await expectRedText(alert);
}

/** Fails unless the table's column headers are exactly these, in this order. */
export async function expectColumns(table: Locator, names: string[]) {
  await expect(table.getByRole('columnheader')).toHaveText(names);
}

/** Fails unless the text is drawn in a clearly red colour. */
export async function expectRedText(locator: Locator) {
  const { r, g, b } = await locator.evaluate((element) => {
    // Whatever colour syntax the stylesheet uses, a canvas turns it into sRGB bytes.
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.fillStyle = getComputedStyle(element).color;
    context.fillRect(0, 0, 1, 1);
    const [red = 0, green = 0, blue = 0] = context.getImageData(0, 0, 1, 1).data;
    return { r: red, g: green, b: blue };
  });
  const message = `expected red text, got rgb(${r}, ${g}, ${b})`;
  expect(r, message).toBeGreaterThan(150);
  expect(r - Math.max(g, b), message).toBeGreaterThan(80);
}

/**
 * Why a test runs at desktop width only: what it checks (a retry, a refusal, a dead link)
 * does not depend on the width, and every page's layout is covered at both widths elsewhere.
 */
/**
 * Tag for a test whose behaviour does not depend on the width: it runs in the desktop project
 * only (playwright.config.ts leaves it out of the phone project).
 */
export const DESKTOP_ONLY = '@desktop-only';

/**
 * Opens the home page, the shop or the blog the way a visitor already on the site does: by one
 * of its links, which the app follows itself, fetching the page's data in the browser. A page
 * loaded whole arrives with its data in the HTML and so never shows a loading or failure state;
 * these are the states a visitor sees when moving around the site.
 */
export async function followLinkTo(page: Page, to: 'home' | 'shop' | 'blog') {
  await page.goto('/legal');
  const footer = page.getByRole('contentinfo');
  const link = {
    home: page.getByRole('link', { name: 'ECParts home' }),
    shop: footer.getByRole('link', { name: 'Bulk orders' }),
    blog: footer.getByRole('link', { name: 'Blog', exact: true }),
  }[to];
  await link.click();
}

/** Scrolled to as a person would, the control lies wholly on the screen. */
export async function expectOnScreen(control: Locator) {
  await control.scrollIntoViewIfNeeded();
  const box = await control.boundingBox();
  const screen = control.page().viewportSize();
  if (!box || !screen) throw new Error('the control is not drawn');
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(screen.width);
  expect(box.y + box.height).toBeLessThanOrEqual(screen.height);
}

/**
 * Follows a link of the dashboard's menu, at any width. From large screens up the menu stands
 * beside the page; on a phone it is a drawer behind the "Dashboard menu" button, its links
 * hidden until it opens, so the button is pressed first (again if it was pressed before the
 * script took over the page, when it does nothing yet).
 */
export async function followDashboardLink(page: Page, name: string) {
  const link = page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name, exact: true });
  const toggle = page.getByRole('button', { name: 'Dashboard menu' });
  if (await toggle.isVisible()) {
    await expect(async () => {
      if (!(await link.isVisible())) await toggle.click();
      await expect(link).toBeVisible({ timeout: 1000 });
    }).toPass();
  }
  await link.click();
}
