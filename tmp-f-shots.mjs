import { chromium } from '@playwright/test';

const base = 'http://127.0.0.1:4421';
const out = '/tmp/f-shots';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });

async function signedIn(email, password, width) {
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width, height: width < 500 ? 844 : 900 },
    locale: 'en-US',
    timezoneId: 'UTC',
  });
  const r = await context.request.post('/api/auth/sign-in/email', {
    headers: { origin: base },
    data: { email, password },
  });
  if (!r.ok()) throw new Error(await r.text());
  const page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') console.log(`[${width}] console ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => console.log(`[${width}] pageerror: ${e}`));
  return page;
}

async function shot(page, name) {
  await page.waitForTimeout(600);
  await page.screenshot({ path: `${out}/${name}.png`, fullPage: true });
  // The page in parts a screen or so high, to look at in detail.
  const { width, height } = await page.evaluate(() => ({
    width: document.documentElement.scrollWidth,
    height: document.documentElement.scrollHeight,
  }));
  const part = width < 500 ? 1000 : 1400;
  for (let y = 0, i = 1; y < height - 700; y += part, i++) {
    await page.screenshot({
      path: `${out}/${name}-part${i}.png`,
      fullPage: true,
      clip: { x: 0, y, width, height: Math.min(part, height - y) },
    });
  }
  console.log('shot', name);
}

const api = async (page, method, path, data) => {
  const r = await page.request.fetch(path, { method, headers: { origin: base }, data });
  const text = await r.text();
  if (!r.ok()) console.log(method, path, r.status(), text);
  return text ? JSON.parse(text) : null;
};

const step = process.argv[2] ?? 'all';
for (const width of [390, 1280]) {
  const w = width < 500 ? 'phone' : 'desktop';
  const buyer = await signedIn('buyer@velo-werkstatt.test', 'buyer-demo-2026', width);
  const admin = await signedIn('admin@ecparts.test', 'admin-demo-2026', width);
  const tools = await api(buyer, 'GET', '/api/tools?limit=20');
  const product = tools.data.find((p) => p.stock >= 200 && p.packSize === 1) ?? tools.data[0];
  const second = tools.data.find((p) => p !== product && p.stock >= 200 && p.packSize === 1);
  await api(buyer, 'PUT', `/api/cart/lines/${product._id}`, { quantity: 100 });
  if (second) await api(buyer, 'PUT', `/api/cart/lines/${second._id}`, { quantity: second.moq * 5 });

  await buyer.goto('/cart');
  await buyer.waitForSelector('html[data-ready]', { state: 'attached' });
  await buyer.getByLabel('Note for the shop (optional)').fill('We need these before the spring season; can you do better on 100?');
  await shot(buyer, `${w}-cart`);
  await buyer.getByRole('button', { name: 'Request a quote' }).click();
  await buyer.waitForURL(/\/dashboard\/quotes\//);
  const quoteId = buyer.url().split('/').at(-1);
  await shot(buyer, `${w}-quote-requested`);

  await admin.goto('/dashboard/quotes');
  await admin.getByText(/newest first/).waitFor();
  await shot(admin, `${w}-admin-quotes`);
  await admin.goto(`/dashboard/quotes/${quoteId}`);
  await admin.waitForSelector('html[data-ready]', { state: 'attached' });
  await shot(admin, `${w}-admin-quote-answer`);
  const form = admin.getByRole('form', { name: /Answer quote/ });
  await form.getByLabel(/Unit price of/).first().fill('1.99');
  await form.getByLabel('Note to the buyer (optional)').fill('Season price, held for two weeks.');
  await form.getByRole('button', { name: 'Send quote' }).click();
  await admin.getByText(/these prices hold until/).waitFor();
  await shot(admin, `${w}-admin-quote-quoted`);

  await buyer.reload();
  await buyer.getByRole('button', { name: 'Accept quote' }).waitFor();
  await shot(buyer, `${w}-quote-quoted`);
  await buyer.goto('/dashboard/quotes');
  await buyer.getByText(/quotes?, newest first/).waitFor();
  await shot(buyer, `${w}-quotes`);

  await admin.goto('/dashboard/companies');
  await admin.getByText(/^\d+ compan(y|ies)/).first().waitFor();
  await shot(admin, `${w}-admin-companies`);
  const companies = await api(admin, 'GET', '/api/companies');
  const company = companies.data[0];
  await admin.goto(`/dashboard/companies/${company._id}`);
  await admin.getByRole('form', { name: 'Dealer prices' }).waitFor();
  if (width === 390) {
    const payment = admin.getByRole('form', { name: 'Record payment' });
    await payment.getByLabel('Amount ($)').fill('120.50');
    await payment.getByLabel('Reference').fill('Bank transfer NL91 ABNA 0417 1643 00');
    await payment.getByRole('button', { name: 'Record payment' }).click();
    await admin.getByText(/Payment of \$120.50/).waitFor();
    const adjust = admin.getByRole('form', { name: 'Adjust the balance' });
    await adjust.getByLabel('Amount ($)').fill('15');
    await adjust.getByLabel('Reason').fill('Damaged delivery fee');
    await adjust.getByRole('button', { name: 'Adjust the balance' }).click();
    await admin.getByText(/adjusted by/).waitFor();
  }
  await shot(admin, `${w}-admin-company`);
  await buyer.context().close();
  await admin.context().close();
}
await browser.close();
