import { expect, test, type Browser } from './support/test.ts';
import { fillSignUp, logIn, shared, uniqueEmail } from './support/accounts.ts';
import { reviewPreview } from '../src/contract/review-preview.ts';
import { scrollToReviews } from './support/home.ts';
import { origin } from './support/admin.ts';

/**
 * Stored XSS, checked in Chromium: script typed into every text field the shop stores and
 * shows again (product name and description, review text, user name) comes back as plain
 * text on every page that shows it. Each payload marks its elements with `data-xss`, so an
 * element the browser built from one is found even when the CSP has stopped its script.
 * Not covered, and why: blog posts cannot be written through the app (no API writes them);
 * contact messages are stored but shown on no page.
 *
 * The probe writes script-laden names into the shop's data, so it runs on its own server in
 * `npm run test:security` (E2E_SECURITY=1), at desktop width; playwright.config.ts leaves it
 * out of the everyday e2e run.
 */

const MARK = 'data-xss';
const tag = Date.now().toString(36);
// Each under its field's length limit; "Zz" sorts the product after the demo catalogue.
const productName = `Zz ${tag} <img src=x ${MARK} onerror="alert('name')"><script ${MARK}>alert(1)</script>`;
const productDesc = `Desc ${tag} "><svg ${MARK} onload="alert('desc')"></svg><iframe ${MARK} src="javascript:alert(2)"></iframe>`;
// The home carousel shows a review's first 20 characters: the payload comes first.
const reviewText = `<img src=x ${MARK} onerror="alert('review')"> <a ${MARK} href="javascript:alert(3)">link</a> ${tag}`;
const userName = `Zz ${tag} <img src=x ${MARK} onerror=alert('user')>`;

type Seeded = { productId: string; orderId: string; customer: { email: string; password: string } };
let seeded: Seeded;

// One worker seeds the data once and visits the pages in turn.
test.describe.configure({ mode: 'default' });

/** Everything that would show a payload running: dialogs, page errors, CSP violations. */
async function watched(browser: Browser, signIn?: { email: string; password: string }) {
  const context = await browser.newContext({ baseURL: origin() });
  const page = await context.newPage();
  const incidents: string[] = [];
  page.on('dialog', (dialog) => {
    incidents.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('pageerror', (error) => incidents.push(`page error: ${error.message}`));
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { __cspViolations: seen });
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(
        `${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`,
      ),
    );
  });
  if (signIn) {
    await logIn(page, signIn);
    await expect(page).toHaveURL(/\/$/);
  }
  return {
    page,
    /** The payloads are on the page as text, and nothing of theirs became an element or ran. */
    async expectInert(...texts: string[]) {
      for (const text of texts) await expect(page.getByText(text).first()).toBeVisible();
      await expect(page.locator(`[${MARK}]`)).toHaveCount(0);
      const violations = await page.evaluate(
        () => (window as unknown as { __cspViolations: string[] }).__cspViolations,
      );
      expect([...incidents, ...violations]).toEqual([]);
    },
    close: () => context.close(),
  };
}

test.beforeAll(async ({ browser }) => {
  const admin = await watched(browser, shared.admin);
  const added = await admin.page.request.post('/api/tools', {
    headers: { origin: origin() },
    data: {
      name: productName,
      desc: productDesc,
      price: 2.5,
      stock: 500,
      img: '/images/products/chain-checker.svg',
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  const productId = ((await added.json()) as { _id: string })._id;
  await admin.close();

  const customer = { name: userName, email: uniqueEmail('xss'), password: 'pedal-power-2026' };
  const context = await browser.newContext({ baseURL: origin() });
  const page = await context.newPage();
  await page.goto('/signup');
  await fillSignUp(page, customer);
  await expect(page).toHaveURL(/\/$/);
  const ordered = await page.request.post('/api/orders', {
    headers: { origin: origin() },
    data: { productId, quantity: 10, email: customer.email },
  });
  expect(ordered.status(), await ordered.text()).toBe(201);
  const orderId = ((await ordered.json()) as { _id: string })._id;
  const reviewed = await page.request.post('/api/review', {
    headers: { origin: origin() },
    data: { desc: reviewText, rating: 5 },
  });
  expect(reviewed.status(), await reviewed.text()).toBe(201);
  await context.close();
  seeded = { productId, orderId, customer };
});

test('a visitor sees script in product names and reviews as text in the shop and on the home page', async ({
  browser,
}) => {
  const visitor = await watched(browser);
  await visitor.page.goto(`/shop?q=${encodeURIComponent(`Zz ${tag}`)}`);
  await visitor.expectInert(productName);
  await visitor.page.goto('/');
  const reviews = await scrollToReviews(visitor.page);
  const card = reviews.getByRole('article').filter({ hasText: userName }).first();
  await expect(card.getByText(reviewPreview(reviewText))).toBeVisible();
  await expect(card.getByTitle(reviewText)).toBeAttached();
  await visitor.expectInert(userName);
  await visitor.close();
});

test('the HTML the server renders carries script in names and reviews as text', async ({
  browser,
}) => {
  // Scripts off: what the browser shows is the server's HTML alone, before any hydration.
  const context = await browser.newContext({ baseURL: origin(), javaScriptEnabled: false });
  const page = await context.newPage();
  const pages: [string, string][] = [
    [`/shop?q=${encodeURIComponent(`Zz ${tag}`)}`, productName],
    [`/products/${seeded.productId}`, productDesc],
    ['/', userName],
  ];
  for (const [path, text] of pages) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByText(text).first(), path).toBeAttached();
    await expect(page.locator(`[${MARK}]`), path).toHaveCount(0);
    // The data block for hydration holds the same text, escaped so that it cannot end early.
    const data = (await page.locator('#page-data').textContent()) ?? '';
    expect(data, path).not.toMatch(/<\/?script/i);
    expect(JSON.stringify(JSON.parse(data)), path).toContain(JSON.stringify(text).slice(1, -1));
  }
  await context.close();
});

test('a customer sees script in the product, their orders and their name as text', async ({
  browser,
}) => {
  const customer = await watched(browser, seeded.customer);
  await customer.page.goto(`/tools/${seeded.productId}`);
  await customer.expectInert(productName, productDesc);
  await customer.page.goto('/dashboard');
  await customer.expectInert(productName);
  await customer.page.goto(`/order/payment/${seeded.orderId}`);
  await customer.expectInert(productName);
  await customer.page.goto('/dashboard/myprofile');
  await customer.expectInert(userName);
  await customer.page.goto('/dashboard/myreview');
  await customer.expectInert(userName);
  await customer.close();
});

test('an admin sees script in product names, user names and reviews as text in every admin list', async ({
  browser,
}) => {
  const admin = await watched(browser, shared.admin);
  const pages: [string, string[]][] = [
    [`/dashboard/manageuser?q=${encodeURIComponent(seeded.customer.email)}`, [userName]],
    ['/dashboard/manageallorders', [productName]],
    [`/dashboard/manageProduct?q=${encodeURIComponent(`Zz ${tag}`)}`, [productName]],
    ['/dashboard/audit', [productName]],
    ['/dashboard/managereviews', [userName, reviewText]],
  ];
  for (const [url, texts] of pages) {
    await admin.page.goto(url);
    await admin.expectInert(...texts);
  }
  await admin.close();
});
