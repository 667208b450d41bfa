import { test } from './support/test.ts';
import { newCustomer } from './support/accounts.ts';

test('probe cart hydration', async ({ page }) => {
  page.on('console', (m) => console.log(`console ${m.type()} ${page.url()} ${m.text().slice(0, 3000)}`));
  page.on('pageerror', (e) => console.log(`pageerror ${String(e).slice(0, 300)}`));
  page.on('response', (r) => r.status() >= 400 && console.log(`http ${r.status()} ${r.url()}`));
  await newCustomer(page, 'Cara Cart');
  console.log('== empty cart');
  await page.goto('/quick-order');
  await page.waitForTimeout(800);
  await page.goto('/cart');
  await page.waitForTimeout(800);
  const tools = await (await page.request.get('/api/tools?limit=3')).json();
  for (const t of tools.data) {
    const r = await page.request.put(`/api/cart/lines/${t._id}`, { data: { quantity: t.moq }, headers: { origin: new URL(page.url()).origin } });
    console.log('add', r.status(), (await r.text()).slice(0, 200));
  }
  console.log('== full cart');
  await page.goto('/cart');
  await page.waitForTimeout(800);
  await page.reload();
  await page.waitForTimeout(800);
  for (const url of ['/dashboard', '/dashboard/myreview', '/quick-order']) {
    console.log('== goto', url);
    await page.goto(url);
    await page.waitForTimeout(800);
  }
});
