import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:4411';
const out = '/tmp/e-shots';
const who = process.argv[2] ?? 'owner';
const paths = (process.argv[3] ?? '/dashboard/company').split(',');
const accounts = {
  owner: ['owner@velo-werkstatt.test', 'owner-demo-2026'],
  buyer: ['buyer@velo-werkstatt.test', 'buyer-demo-2026'],
  customer: ['customer@ecparts.test', 'customer-demo-2026'],
};
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const [name, viewport] of [['phone', { width: 390, height: 844 }], ['desktop', { width: 1280, height: 800 }]]) {
  const context = await browser.newContext({ viewport, locale: 'en-US', timezoneId: 'UTC' });
  const page = await context.newPage();
  page.on('console', (m) => m.type() === 'error' && console.log('console:', m.text()));
  await page.goto(`${base}/login`);
  await page.waitForSelector('html[data-ready]', { state: 'attached' });
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(accounts[who][0]);
  await form.getByLabel('Password', { exact: true }).fill(accounts[who][1]);
  await form.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  for (const path of paths) {
    await page.goto(base + path);
    await page.waitForSelector('html[data-ready]', { state: 'attached' });
    await page.waitForTimeout(1500);
    const file = `${out}/${who}${path.replaceAll('/', '_').replaceAll('?', '_')}-${name}.png`;
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  await context.close();
}
await browser.close();
