import { expect, test, type APIRequestContext, type Page } from './support/test.ts';
import type { ToolList } from '../src/contract/catalog-list.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import {
  expectFailedLoad,
  expectPageMeta,
  failApi,
  followLinkTo,
  DESKTOP_ONLY,
} from './support/page.ts';

const PAGE_SIZE = 12;

/** The catalogue's first 100 (or those matching `q`), and how many there are in all. */
async function catalogue(request: APIRequestContext, q = '') {
  const response = await request.get(`/api/tools?limit=100${q ? `&q=${q}` : ''}`);
  expect(response.ok()).toBe(true);
  const { data, total } = (await response.json()) as ToolList;
  return Object.assign(data, { total });
}

const shopSearch = (page: Page) =>
  page.getByRole('search', { name: 'Shop search' }).getByRole('searchbox', {
    name: 'Search products',
    exact: true,
  });
const products = (page: Page) => page.getByRole('main').getByRole('article');

test.describe('the shop', () => {
  test('a visitor browses the products page by page and picks one to order', async ({
    page,
    request,
  }) => {
    // The admin spec adds products while this runs: read the catalogue and the page again
    // until both were read between two additions.
    let all = Object.assign([] as ToolList['data'], { total: 0 });
    await expect(async () => {
      all = await catalogue(request);
      await page.goto('/shop');
      await expect(page.getByText(`${all.total} products`, { exact: true })).toBeVisible({
        timeout: 3_000,
      });
    }).toPass();
    expect(all.total, 'the demo catalogue fills more than one page').toBeGreaterThan(PAGE_SIZE);
    const pages = Math.ceil(all.total / PAGE_SIZE);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shop Page');
    await expect(page.getByText('Welcome to our shop')).toBeVisible();
    await expect(products(page)).toHaveCount(PAGE_SIZE);
    await expect(products(page).getByRole('heading')).toHaveText(
      all.slice(0, PAGE_SIZE).map((t) => t.name),
    );

    const pager = page.getByRole('navigation', { name: 'Pages' });
    await expect(pager).toContainText(`Page 1 of ${pages}`);
    await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await pager.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL('/shop?page=2');
    await expect(pager).toContainText(`Page 2 of ${pages}`);
    await expect(products(page).getByRole('heading')).toHaveText(
      all.slice(PAGE_SIZE, 2 * PAGE_SIZE).map((t) => t.name),
    );

    // The page lives in the address, so Back returns to the first page.
    await page.goBack();
    await expect(pager).toContainText(`Page 1 of ${pages}`);
    await expect(products(page)).toHaveCount(PAGE_SIZE);

    // Each card shows a picture, the name and the price per piece, and leads to ordering.
    const tool = all[0]!;
    const card = products(page).first();
    await expect(card.getByRole('heading')).toHaveText(tool.name);
    await expect(card.getByRole('img', { name: tool.name })).toBeVisible();
    await expect(card).toContainText(`$${tool.price.toFixed(2)} per piece`);
    await card.getByRole('link', { name: `Order Now: ${tool.name}` }).click();
    // Ordering needs an account.
    await expect(page).toHaveURL('/login');
  });

  test('a visitor searches the shop by product name', async ({ page, request }) => {
    const chains = await catalogue(request, 'chain');
    // The wholesaler's catalogue (issue 32) has pages of chains and the tools for them.
    expect(chains.total).toBeGreaterThan(PAGE_SIZE);

    await page.goto('/shop');
    await shopSearch(page).fill('Chain');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL('/shop?q=Chain');
    await expect(
      page.getByText(`${chains.total} products matching “Chain”`, { exact: true }),
    ).toBeVisible();
    await expect(products(page).getByRole('heading')).toHaveText(
      chains.slice(0, PAGE_SIZE).map((t) => t.name),
    );
    await expect(page.getByRole('navigation', { name: 'Pages' })).toContainText(
      `Page 1 of ${Math.ceil(chains.total / PAGE_SIZE)}`,
    );

    // A search link can be shared: opening it shows the same results.
    await page.goto('/shop?q=chain');
    await expect(shopSearch(page)).toHaveValue('chain');
    await expect(products(page)).toHaveCount(PAGE_SIZE);
  });

  test('a search that matches nothing says so and offers to clear it', async ({
    page,
    request,
  }) => {
    const all = await catalogue(request);
    await page.goto('/shop?q=unicycle');
    await expect(page.getByText('No products match “unicycle”.')).toBeVisible();
    await expect(products(page)).toHaveCount(0);

    await page.getByRole('link', { name: 'Clear search' }).click();
    await expect(page).toHaveURL('/shop');
    await expect(page.getByText(`${all.total} products`, { exact: true })).toBeVisible();
    await expect(shopSearch(page)).toHaveValue('');
  });

  test(
    'a page past the end offers the way back to the first page',
    { tag: DESKTOP_ONLY },
    async ({ page }) => {
      await page.goto('/shop?page=99');
      await expect(page.getByText('There is nothing on page 99.')).toBeVisible();
      await page.getByRole('button', { name: 'Go to the first page' }).click();
      await expect(page).toHaveURL('/shop');
      await expect(products(page)).toHaveCount(PAGE_SIZE);
    },
  );

  test('a failed product list shows its message in red and searching still works', async ({
    page,
  }) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/tools') asked.push(request.url());
    });
    await failApi(page, '**/api/tools**', { message: 'The catalogue is being restocked' });
    await followLinkTo(page, 'shop');
    const alert = page.getByRole('main').getByRole('alert');
    await expectFailedLoad(alert, 'The catalogue is being restocked');
    // The list was asked for once and retried three times before the message showed.
    expect(asked).toHaveLength(4);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shop Page');
    await expectNoSeriousA11yViolations(page, 'main');

    // Once the server answers again, the visitor can carry on without reloading.
    await page.unrouteAll();
    await shopSearch(page).fill('wrench');
    await shopSearch(page).press('Enter');
    await expect(page).toHaveURL('/shop?q=wrench');
    await expect(products(page).first()).toBeVisible();
    await expect(alert).toHaveCount(0);
  });

  test(
    'a visitor who lost the connection is told to check it',
    { tag: DESKTOP_ONLY },
    async ({ page }) => {
      await failApi(page, '**/api/tools**', 'offline');
      await followLinkTo(page, 'shop');
      const alert = page.getByRole('main').getByRole('alert');
      await expectFailedLoad(alert, 'Network error: please check your connection and try again.');
    },
  );

  test('the shop has a title, a description and no serious accessibility issue', async ({
    page,
  }) => {
    await page.goto('/shop');
    await expect(products(page).first()).toBeVisible();
    await expectPageMeta(page, 'Shop');
    await expectNoSeriousA11yViolations(page);
  });
});
