import { expect, test } from './support/test.ts';
import { newCustomer } from './support/accounts.ts';
import { placeOrderFor, productWithStock } from './support/orders.ts';
import { socialShopURL } from './support/servers.ts';

// The test-mode server holds an unpaid order's stock for 6 s instead of an hour
// (ORDER_HOLD_MINUTES=0.1 in playwright.config.ts), so the hold ends during the test.
test.use({ baseURL: socialShopURL });

test('an order left unpaid past its hold shows as Expired, cannot be paid, and can be deleted', async ({
  page,
}) => {
  await newCustomer(page, 'Ezra Expiry');
  const product = await productWithStock(page);
  await placeOrderFor(page, product, 10);

  const row = page.getByRole('row').filter({ hasText: product.name });
  await expect(row).toContainText('Unpaid');
  const orderId = await row.evaluate((tr) => {
    const link = tr.querySelector('a[href*="/order/payment/"]');
    return link?.getAttribute('href')?.split('/').pop() ?? '';
  });

  // The hold ends after 6 s and the server sweeps every second; My Orders shows it on reload.
  await expect(async () => {
    await page.reload();
    await expect(row).toContainText('Expired', { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(row.getByRole('button', { name: /Pay/ })).toBeDisabled();
  const stock = await (await page.request.get(`/api/tools/${product._id}`)).json();
  expect(stock.stock).toBe(product.stock);

  await page.goto(`/order/payment/${orderId}`);
  await expect(page.getByText('This order has expired.')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Card payment' })).toHaveCount(0);

  await page.goto('/dashboard');
  await row.getByRole('button', { name: /Delete/ }).click();
  const modal = page.getByRole('dialog');
  await modal.getByRole('button', { name: /Yes|Delete/ }).click();
  await expect(row).toHaveCount(0);
});
