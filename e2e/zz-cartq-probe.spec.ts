import { expect, test } from './support/test.ts';
import { sessionFile } from './support/accounts.ts';
import type { ToolList } from '../src/contract/catalog.ts';

test.use({ storageState: sessionFile('customer') });

test('probe: first load of /cart with a line hydrates @desktop-only', async ({ page }) => {
  const origin = String(test.info().project.use.baseURL);
  const tools = (await (await page.request.get('/api/tools')).json()) as ToolList;
  const tool = tools.data.find((t) => t.packSize === 1)!;
  const put = await page.request.put(`/api/cart/lines/${tool._id}`, { headers: { origin }, data: { quantity: 20 } });
  expect(put.status()).toBe(200);
  await page.goto('/cart');
  await expect(page.getByRole('button', { name: 'Checkout' })).toBeVisible();
  await page.waitForTimeout(1000);
});
