import { expect, test, type Page } from './support/test.ts';

// Where a page opens: at the top when it is new to the tab (a link, a typed address, a
// bookmark), where it was left on back and forward, and where it is on a reload of itself.

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** Scrolls to the footer and answers where the page then is (well below the top). */
async function scrollToFooter(page: Page) {
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => scrollY(page)).toBeGreaterThan(300);
  return scrollY(page);
}

/** The page is long enough to be scrolled, so "at the top" means something. */
async function expectScrollable(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight))
    .toBeGreaterThan(300);
}

test('a page reached by a link opens at the top, and back returns to where the visitor was', async ({
  page,
}) => {
  await page.goto('/shop');
  const shopY = await scrollToFooter(page);

  await page.getByRole('contentinfo').getByRole('link', { name: 'Blog', exact: true }).click();
  await expect(page).toHaveURL('/blog');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to my Blogs');
  await expectScrollable(page);
  expect(await scrollY(page)).toBe(0);

  await page.goBack();
  await expect(page).toHaveURL('/shop');
  await expect.poll(() => scrollY(page)).toBe(shopY);

  await page.goForward();
  await expect(page).toHaveURL('/blog');
  await expect.poll(() => scrollY(page)).toBe(0);
});

test('a page loaded whole in the same tab opens at the top, wherever the last one was left', async ({
  page,
}) => {
  await page.goto('/shop');
  await scrollToFooter(page);

  // A typed address or a bookmark: a new document in the same tab.
  await page.goto('/blog');
  await expectScrollable(page);
  // Long enough for the old restoring (after hydration) to have moved it.
  await page.waitForTimeout(500);
  expect(await scrollY(page)).toBe(0);

  await page.goto('/login');
  await page.waitForTimeout(500);
  expect(await scrollY(page)).toBe(0);
});

test('a reload keeps the page where it was, as browsers do, and the next page still opens at the top', async ({
  page,
}) => {
  await page.goto('/blog');
  await expectScrollable(page);
  await page.evaluate(() => window.scrollTo(0, 250));
  await expect.poll(() => scrollY(page)).toBe(250);

  await page.reload();
  await expect.poll(() => scrollY(page)).toBe(250);

  await page.goto('/shop');
  await page.waitForTimeout(500);
  expect(await scrollY(page)).toBe(0);

  // Back to the blog's own entry, a document of its own: its place is kept there too.
  await page.goBack();
  await expect(page).toHaveURL('/blog');
  await expect.poll(() => scrollY(page)).toBe(250);
});
