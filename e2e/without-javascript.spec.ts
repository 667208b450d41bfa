import { expect, expectConsoleMessage, failedLoad, test, type Page } from './support/test.ts';
import type { BlogList } from '../src/contract/blogs.ts';
import type { ToolList } from '../src/contract/catalog-list.ts';

// With scripts off, the browser shows the server's HTML and nothing else: what a crawler, a
// link preview or a phone still loading the app sees. The catalogue, searching, paging and the
// blog must all work that way.
test.use({ javaScriptEnabled: false });

const main = (page: Page) => page.getByRole('main');

/** The page's own tags for search engines and link previews, read from the HTML. */
async function expectHead(page: Page, title: RegExp, canonicalPath: string) {
  await expect(page).toHaveTitle(title);
  const tag = (selector: string) => page.locator(selector).first();
  await expect(tag('meta[name="description"]')).toHaveAttribute('content', /\S{3}.{20,}/);
  const canonical = await tag('link[rel="canonical"]').getAttribute('href');
  expect(new URL(canonical ?? '').pathname + new URL(canonical ?? '').search).toBe(canonicalPath);
  for (const property of ['og:title', 'og:description', 'og:url', 'og:image']) {
    await expect(tag(`meta[property="${property}"]`), property).toHaveAttribute('content', /\S/);
  }
  await expect(tag('meta[name="twitter:card"]')).toHaveAttribute('content', /summary/);
}

/** The schema.org types the page's JSON-LD blocks declare. */
async function structuredTypes(page: Page) {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => (JSON.parse(text) as { '@type': string })['@type']);
}

test.describe('with JavaScript off', () => {
  test('the home page shows every section with its products, reviews and posts', async ({
    page,
    request,
  }) => {
    const [tools, blogs] = await Promise.all([
      request.get('/api/tools?limit=6').then((r) => r.json() as Promise<ToolList>),
      request.get('/api/blogs').then((r) => r.json() as Promise<BlogList>),
    ]);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bycycle spare parts');
    for (const section of [
      'Cycle Tools',
      'Customer Reviews',
      'Blogs',
      'Questions and answers',
      'Contact Us',
    ]) {
      await expect(page.getByRole('heading', { name: section, exact: true })).toBeVisible();
    }
    await expect(main(page).getByRole('heading', { name: tools.data[0]!.name })).toBeVisible();
    await expect(main(page).getByText(blogs.data[0]!.title).first()).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Customer Reviews' }).getByRole('article').first(),
    ).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Name' })).toBeVisible();
    await expectHead(page, /\| ECParts$/, '/');
    expect(await structuredTypes(page)).toContain('Organization');
  });

  test("a shop card's Add to cart sends a visitor to sign in, and back to the same list", async ({
    page,
  }) => {
    await page.goto('/shop?q=chain');
    const card = main(page).getByRole('article').first();
    const name = await card.getByRole('heading').textContent();
    await card.getByRole('button', { name: `Add to cart: ${name}` }).click();
    await expect(page).toHaveURL(/\/login\?/);
    expect(new URL(page.url()).searchParams.get('next')).toBe('/shop?q=chain');
    await expect(main(page).getByText('Sign in to order')).toBeVisible();
  });

  test('the navbar search and the shop search find products by name', async ({ page }) => {
    await page.goto('/blog');
    const navbarSearch = page.getByRole('banner').getByRole('searchbox');
    await navbarSearch.fill('chain');
    await navbarSearch.press('Enter');
    await expect(page).toHaveURL(/\/shop\?q=chain$/);
    const cards = main(page).getByRole('article');
    await expect(cards.first()).toBeVisible();
    for (const name of await cards.getByRole('heading').allTextContents()) {
      expect(name.toLowerCase()).toContain('chain');
    }
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');

    const shopSearch = page.getByRole('search', { name: 'Shop search' }).getByRole('searchbox');
    await shopSearch.fill('wrench');
    await shopSearch.press('Enter');
    await expect(page).toHaveURL(/\/shop\?q=wrench$/);
    await expect(cards.first()).toContainText(/wrench/i);
  });

  test('the shop pages forward and back through links', async ({ page }) => {
    await page.goto('/shop');
    await expectHead(page, /^Shop \| ECParts$/, '/shop');
    expect(await structuredTypes(page)).toContain('BreadcrumbList');
    const pager = page.getByRole('navigation', { name: 'Pages' });
    // Other specs add products as this runs: the number of pages may grow, not the first page.
    await expect(pager).toContainText(/Page 1 of \d+/);
    const firstPage = await main(page).getByRole('article').getByRole('heading').allTextContents();
    await pager.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/shop\?page=2$/);
    await expect(pager).toContainText(/Page 2 of \d+/);
    await expectHead(page, /^Shop, page 2 \| ECParts$/, '/shop?page=2');
    const secondPage = await main(page).getByRole('article').getByRole('heading').allTextContents();
    expect(secondPage.filter((name) => firstPage.includes(name))).toEqual([]);
    await pager.getByRole('link', { name: 'Previous' }).click();
    await expect(page).toHaveURL(/\/shop$/);
    await expect(pager).toContainText(/Page 1 of \d+/);
  });

  test('a product page opens from its card with its SKU, prices and stock', async ({ page }) => {
    await page.goto('/shop');
    const card = main(page).getByRole('article').first();
    const name = (await card.getByRole('heading').textContent()) ?? '';
    await card.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(/\/products\/[^/]+\/[a-z0-9-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    // The part's codes: SKU, then brand, MPN and GTIN where it has them.
    await expect(main(page).getByRole('term').getByText('SKU', { exact: true })).toBeVisible();
    await expect(
      main(page)
        .getByRole('definition')
        .getByText(/^[A-Z0-9]+-[A-Z0-9._-]+$/)
        .first(),
    ).toBeVisible();
    await expect(
      main(page)
        .getByText(/\$\d+\.\d\d/)
        .first(),
    ).toBeVisible();
    await expect(
      main(page)
        .getByText(/In stock|Only \d+ left|Out of stock/)
        .first(),
    ).toBeVisible();
    const path = new URL(page.url()).pathname;
    await expectHead(
      page,
      new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\| ECParts$`),
      path,
    );
    expect(await structuredTypes(page)).toEqual(
      expect.arrayContaining(['Product', 'BreadcrumbList']),
    );
  });

  test('a visitor reads a blog post from the blog', async ({ page, request }) => {
    const blogs = (await (await request.get('/api/blogs')).json()) as BlogList;
    const post = blogs.data[0]!;
    await page.goto('/blog');
    await page.getByRole('link', { name: `Read More: ${post.title}` }).click();
    await expect(page).toHaveURL(new RegExp(`/blogs/${post._id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(post.title);
    const firstParagraph = post.desc.split('\n\n')[0]!.trim();
    await expect(main(page).getByText(firstParagraph.slice(0, 60))).toBeVisible();
    await expectHead(page, /\| ECParts$/, `/blogs/${post._id}`);
    expect(await structuredTypes(page)).toEqual(
      expect.arrayContaining(['BlogPosting', 'BreadcrumbList']),
    );
  });

  test('an unknown page answers 404 with the not-found page', async ({ page }) => {
    expectConsoleMessage(failedLoad(404), { url: /\/no-such-page$/ });
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(
      page.getByRole('heading', { name: 'Sorry, This page is not found!' }),
    ).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });
});
