import { expect, test } from './support/test.ts';
import { newCustomer, sessionFile } from './support/accounts.ts';
import { DESKTOP_ONLY } from './support/page.ts';

// Each of these once left a line in the browser's console. The shared fixture (support/test.ts)
// fails any test whose pages log an error or warning it did not expect; these tests walk the
// paths where the three lines appeared.

test('paging and searching the shop leave no router warning', async ({ page }) => {
  await page.goto('/shop');
  const pager = page.getByRole('navigation', { name: 'Pages' });
  await pager.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL('/shop?page=2');
  await expect(pager).toContainText('Page 2 of');

  const search = page.getByRole('search', { name: 'Shop search' });
  await search.getByRole('searchbox', { name: 'Search products', exact: true }).fill('chain');
  await search.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL('/shop?q=chain');
});

test(
  "a first load of a customer's cart hydrates cleanly, even when the cart icon's code is slow",
  { tag: DESKTOP_ONLY },
  async ({ page, request }) => {
    await newCustomer(page, 'Hana Hydrate');
    const { data } = await (await request.get('/api/tools?limit=1')).json();
    const tool = data[0] as { _id: string; name: string; moq: number };
    const added = await page.request.put(`/api/cart/lines/${tool._id}`, {
      data: { quantity: tool.moq },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(added.ok()).toBe(true);

    // The icon's code arriving after the cart itself is what a first visit on a slow line sees.
    await page.route('**/assets/cart-nav-link-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await page.goto('/cart');
    await expect(page.getByRole('heading', { name: 'Your cart' })).toBeVisible();
    await expect(page.getByText(tool.name).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Cart, 1 line' })).toBeVisible();
  },
);

test.describe(() => {
  test.use({ storageState: sessionFile('customer') });

  test('My Review answers a signed-in customer with the page, not a 404', async ({ page }) => {
    const response = await page.goto('/dashboard/myreview');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Review');
  });
});
