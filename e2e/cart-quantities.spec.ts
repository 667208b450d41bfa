import {
  expect,
  expectConsoleMessage,
  failedLoad,
  test,
  type APIRequestContext,
  type Page,
} from './support/test.ts';
import type { Cart } from '../src/contract/cart.ts';
import type { Product } from '../src/contract/catalog.ts';
import type { ToolList } from '../src/contract/catalog-list.ts';
import type { Order } from '../src/contract/orders.ts';
import { productPath } from '../src/contract/product-path.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { fillSignUp, uniqueEmail } from './support/accounts.ts';
import { DESKTOP_ONLY, expectOnScreen } from './support/page.ts';
import { origin } from './support/admin.ts';
import { cartRow, quantityOf } from './support/cart.ts';
import { checkOutFromCart } from './support/orders.ts';

// The quantity checked out is the one typed (issue 20, item 3), and /cart on a phone (item 2).
// Each project's run signs up one customer of its own: the shared customer's cart belongs to
// bulk-buying.spec.ts, which empties and fills it while this file runs. The tests share the
// account, so they run one after another, each starting from an empty cart.

test.describe.configure({ mode: 'serial' });

/**
 * Parts of the demo catalogue, read as they are now: a part made for this file would show in
 * the shop's listing while shop.spec.ts pages through it.
 */
async function demoPart(request: APIRequestContext, sku: string) {
  const list = (await (await request.get(`/api/tools?q=${sku}`)).json()) as ToolList;
  const part = list.data.find((p) => p.sku === sku);
  if (!part) throw new Error(`the demo catalogue has no ${sku}`);
  return part;
}

const customer = {
  name: 'Quinn Quantity',
  email: '',
  password: 'spoke-count-2026',
};
let customerState = '';
/** Spokes in bags of 36 (36+ $0.45 · 144+ $0.39 · 720+ $0.33). */
let spokes: Product;
/** A chain whip, sold by the piece from 10 (10+ $14.50 · 50+ $13.50 · 100+ $12.50). */
let whip: Product;

test.beforeAll(async ({ browser }, testInfo) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  spokes = await demoPart(page.request, 'ECP-SPK-262');
  whip = await demoPart(page.request, 'ECP-PCW-01');
  customer.email = uniqueEmail('quantities');
  await page.goto('/signup');
  await fillSignUp(page, customer);
  await page.waitForURL((url) => url.pathname === '/');
  await page.waitForFunction(() => localStorage.getItem('accessToken') !== null);
  customerState = testInfo.outputPath('quantities-customer.json');
  await context.storageState({ path: customerState });
  await context.close();
});

// A fixture, not a value: the account's state exists only once beforeAll has signed it up.
// eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern
test.use({ storageState: async ({}, use) => use(customerState) });

/** Sets the customer's cart to exactly these lines, through the API. */
async function fillCart(page: Page, lines: [Product, number][]) {
  const emptied = await page.request.delete('/api/cart', { headers: { origin: origin() } });
  expect(emptied.status(), await emptied.text()).toBe(200);
  for (const [product, quantity] of lines) {
    const put = await page.request.put(`/api/cart/lines/${product._id}`, {
      headers: { origin: origin() },
      data: { quantity },
    });
    expect(put.status(), await put.text()).toBe(200);
  }
}

async function cartLines(page: Page) {
  const cart = (await (await page.request.get('/api/cart')).json()) as Cart;
  return cart.lines.map((line) => [line.sku, line.quantity]);
}

const checkoutButton = (page: Page) => page.getByRole('button', { name: 'Checkout', exact: true });

/** The quantities each cart write and checkout carried, in the order they were sent. */
function watchCartWrites(page: Page) {
  const sent: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'PUT' && url.pathname.startsWith('/api/cart/lines/')) {
      sent.push(`PUT ${(request.postDataJSON() as { quantity: number }).quantity}`);
    } else if (request.method() === 'POST' && url.pathname === '/api/checkout') {
      sent.push('checkout');
    }
  });
  return sent;
}

test(`a typed quantity the part is not sold in turns Checkout off and says why; fixed and saved, Checkout orders exactly it ${DESKTOP_ONLY}`, async ({
  page,
}) => {
  await fillCart(page, [[spokes, 144]]);
  const sent = watchCartWrites(page);
  await page.goto('/cart');
  const row = cartRow(page, spokes);
  const field = quantityOf(row, spokes);
  await expect(field).toHaveValue('144');
  await expect(checkoutButton(page)).toBeEnabled();

  // 37 spokes, sold in bags of 36: refused under the field, and Checkout waits, saying why.
  await field.fill('37');
  await expect(checkoutButton(page)).toBeDisabled();
  const why = page.locator('#checkout-holds');
  await expect(why).toContainText('Checkout waits until every quantity on screen is in your cart');
  await expect(why).toContainText(
    `${spokes.name}: 37 cannot be ordered. Sold in packs of 36: try 36 or 72.`,
  );
  await expect(checkoutButton(page)).toHaveAccessibleDescription(/37 cannot be ordered/);
  await field.press('Enter');
  await expect(row.getByRole('alert')).toHaveText('Sold in packs of 36: try 36 or 72');
  await field.blur();
  await expect(checkoutButton(page)).toBeDisabled();
  await expectNoSeriousA11yViolations(page);

  // A quantity it is sold in, typed and not yet saved: still off, and it says how to save.
  await field.fill('72');
  await expect(why).toContainText(
    `${spokes.name}: 72 is not saved yet. Press Enter to save it, or Escape to keep 144.`,
  );
  await expect(checkoutButton(page)).toBeDisabled();
  await field.press('Enter');
  await expect(row.getByRole('cell').nth(3)).toHaveText('$32.40');
  await expect(checkoutButton(page)).toBeEnabled();
  await expect(why).toBeHidden();

  // More than the stock: the server refuses it, the field keeps what was typed, Checkout waits.
  expectConsoleMessage(failedLoad(409), { url: /\/api\/cart\/lines\// });
  const { stock } = await demoPart(page.request, spokes.sku);
  const tooMany = String((Math.floor(stock / 36) + 1) * 36);
  await field.fill(tooMany);
  await field.press('Enter');
  await expect(row.getByRole('alert')).toHaveText(`Only ${stock} in stock`);
  await expect(field).toHaveValue(tooMany);
  await expect(checkoutButton(page)).toBeDisabled();
  await field.press('Escape');
  await expect(field).toHaveValue('72');
  await expect(row.getByRole('alert')).toBeHidden();
  await expect(checkoutButton(page)).toBeEnabled();

  // Checkout orders what the screen shows: 72, never the 144 the cart held before.
  await checkOutFromCart(page);
  const orderId = page.url().split('/').at(-1)!;
  const order = (await (await page.request.get(`/api/order/${orderId}`)).json()) as Order;
  expect(order.lines.map((line) => [line.sku, line.quantity])).toEqual([[spokes.sku, 72]]);
  expect(order.totalPrice).toBe(32.4);
  // Nothing but the quantities on screen ever left the page: never 37, nor the old 144.
  expect(sent).toEqual(['PUT 72', `PUT ${tooMany}`, 'checkout']);
});

test(`quick order adds to the cart or replaces it, says which, and shows what each line put in the cart ${DESKTOP_ONLY}`, async ({
  page,
}) => {
  await fillCart(page, [[whip, 20]]);
  await page.goto('/quick-order');

  // The example in the box is made of parts the shop sells.
  const box = page.getByLabel('SKU and quantity, one part per line');
  const example = (await box.getAttribute('placeholder')) ?? '';
  const skus = example.split('\n').map((line) => line.split(' ')[0]!);
  expect(skus.length).toBeGreaterThan(0);
  const catalogue = (await (await page.request.get('/api/tools')).json()) as ToolList;
  for (const sku of skus) expect(catalogue.data.map((p) => p.sku)).toContain(sku);

  // Added on top: 40 spokes go in as the bag of 72 they make; the whip line grows to 40.
  await expect(page.getByRole('radio', { name: 'Add to the cart' })).toBeChecked();
  await box.fill(`${spokes.sku} 40\n${whip.sku} 20`);
  await page.getByRole('button', { name: 'Add all to cart' }).click();
  const status = page.getByRole('status').filter({ hasText: /line/ });
  await expect(status).toHaveText('Added to your cart. 1 line added, 1 adjusted, 0 errors.');
  const results = page.getByRole('region', { name: 'Quick order results' });
  await expect(results.getByRole('columnheader')).toHaveText([
    'Line',
    'SKU',
    'Asked',
    'In your cart',
    'Note',
  ]);
  const spokeResult = results.getByRole('row').filter({ hasText: spokes.sku });
  await expect(spokeResult.getByRole('cell').nth(1)).toHaveText('40');
  await expect(spokeResult.getByRole('cell').nth(2)).toHaveText('72');
  await expect(spokeResult.getByRole('cell').nth(3)).toHaveText(
    'Adjusted Raised to 72: sold in packs of 36',
  );
  const whipResult = results.getByRole('row').filter({ hasText: whip.sku });
  await expect(whipResult.getByRole('cell').nth(1)).toHaveText('20');
  await expect(whipResult.getByRole('cell').nth(2)).toHaveText('40');
  expect(await cartLines(page)).toEqual([
    [whip.sku, 40],
    [spokes.sku, 72],
  ]);
  await expectNoSeriousA11yViolations(page);

  // The corrected list again, replacing the cart: nothing doubles, and it says it replaced.
  await box.fill(`${spokes.sku} 72\n${whip.sku} 20`);
  await page.getByText('Replace the cart', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Replace the cart' })).toBeChecked();
  await expect(page.getByText(/Your cart is emptied \(2 lines now\)/)).toBeVisible();
  await page.getByRole('button', { name: 'Replace the cart with these lines' }).click();
  await expect(status).toHaveText(
    'Your cart was replaced: it holds these lines only. 2 lines added, 0 adjusted, 0 errors.',
  );
  await expect(
    results.getByRole('row').filter({ hasText: whip.sku }).getByRole('cell').nth(2),
  ).toHaveText('20');
  expect(await cartLines(page)).toEqual([
    [spokes.sku, 72],
    [whip.sku, 20],
  ]);
  await expect(page.getByRole('link', { name: 'Go to your cart (2 lines)' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test(`the product page adds the quantity chosen with its stepper, and its notice keeps clear of the navbar ${DESKTOP_ONLY}`, async ({
  page,
}) => {
  await fillCart(page, []);
  await page.goto(productPath(whip));
  const field = page.getByRole('spinbutton', { name: `Quantity of ${whip.name}` });
  await expect(field).toHaveValue('10');
  await expect(page.getByText('Minimum 10', { exact: true })).toBeVisible();
  await expect(page.getByText('10 × $14.50 = $145.00')).toBeVisible();
  await expect(page.getByText('order 50 for $13.50 each')).toBeVisible();

  await page.getByRole('button', { name: `More ${whip.name}` }).click();
  await expect(field).toHaveValue('11');
  // A quantity below the minimum keeps Add to cart off.
  await field.fill('7');
  await field.press('Enter');
  await expect(page.getByText('The minimum for this part is 10')).toBeVisible();
  const add = page.getByRole('button', { name: 'Add to cart' });
  await expect(add).toBeDisabled();
  await field.fill('50');
  await expect(page.getByText('50 × $13.50 = $675.00')).toBeVisible();
  await expect(page.getByText('order 100 for $12.50 each')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // Clicked straight from the field: what it shows is what is added.
  await add.click();
  const notice = page.getByText(`Added 50 × ${whip.name} to your cart.`);
  await expect(notice).toBeVisible();
  expect(await cartLines(page)).toEqual([[whip.sku, 50]]);

  // The notice sits under the navbar, not over the cart icon beside it.
  const navbar = await page.locator('header').first().boundingBox();
  const toast = page.locator('.Toastify__toast').first();
  // (Polled: the toast slides in from above the screen.)
  await expect
    .poll(async () => (await toast.boundingBox())?.y)
    .toBeGreaterThanOrEqual(navbar!.y + navbar!.height);
});

test(`a visitor's Add to cart asks them to sign in to order, and brings them back to the product ${DESKTOP_ONLY}`, async ({
  browser,
}) => {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  const path = productPath(whip);
  await page.goto(path);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page).toHaveURL(`/login?next=${encodeURIComponent(path)}&reason=order`);
  await expect(page.getByText('Sign in to order.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // The reason is in the address: a reload (rendered by the server) still says it.
  await page.reload();
  await expect(page.getByText('Sign in to order.')).toBeVisible();
  // Signing up from here would come back too.
  await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
    'href',
    `/signup?next=${encodeURIComponent(path)}&reason=order`,
  );

  await signIn(page);
  await expect(page).toHaveURL(path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(whip.name);
  await context.close();
});

test(`a visitor sent to sign in with a next address off the site comes back home instead ${DESKTOP_ONLY}`, async ({
  browser,
}) => {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto('/login?next=//evil.example/products&reason=order');
  await signIn(page);
  await expect(page).toHaveURL('/');
  await context.close();
});

test('on a phone, each cart line is a card with its quantity, price, total and Remove on the screen, and Checkout too @phone-only', async ({
  page,
}) => {
  await fillCart(page, [
    [spokes, 144],
    [whip, 20],
  ]);
  await page.goto('/cart');
  for (const product of [spokes, whip]) {
    const row = cartRow(page, product);
    await expectOnScreen(quantityOf(row, product));
    await expectOnScreen(row.getByRole('cell').nth(1)); // unit price
    await expectOnScreen(row.getByRole('cell').nth(3)); // line total
    await expectOnScreen(row.getByRole('button', { name: `Remove ${product.name}` }));
  }
  await expect(cartRow(page, spokes).getByRole('cell').nth(3)).toHaveText('$56.16');
  await expect(cartRow(page, spokes).getByRole('cell').nth(1)).toContainText('$0.39');
  const total = page.getByRole('status').filter({ hasText: /^Total/ });
  await expect(total).toContainText('$346.16');
  await expectOnScreen(total);
  await expectOnScreen(checkoutButton(page));
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);

  // Stepping on the phone keeps the card whole.
  await cartRow(page, spokes)
    .getByRole('button', { name: `Fewer ${spokes.name}` })
    .click();
  await expect(cartRow(page, spokes).getByRole('cell').nth(3)).toHaveText('$48.60');
  await expectNoSidewaysScroll(page);
});

/** The login form on the page as it is, its address (and so its `next`) kept. */
async function signIn(page: Page) {
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(customer.email);
  await form.getByLabel('Password', { exact: true }).fill(customer.password);
  await form.getByRole('button', { name: 'Login' }).click();
}

/** Nothing on the page reaches past its right edge. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
  expect(scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(clientWidth);
}
