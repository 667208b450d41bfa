import type { Product } from '../src/contract/catalog.ts';
import type { Order } from '../src/contract/orders.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { firstLink, mailsTo, signUpAtAnyWidth } from './support/accounts.ts';
import { origin } from './support/admin.ts';
import { addAddressByApi, californiaAddress } from './support/orders.ts';
import { expect, test, type Browser, type Locator, type Page } from './support/test.ts';
import { keepShot } from './support/shots.ts';

// Issue 35, "Phone checkout": the cart and the checkout keep the total and the next step in a
// bar at the bottom of a phone's screen (a summary column that stays in view on a desktop); a
// long cart folds after 10 lines and finds a line by SKU or name; the checkout lists each
// address once, billed to the same address unless that box is unticked.

const SCREEN = { width: 390, height: 844 };

/**
 * A new account with one address (on a phone the navbar's links sit in its closed menu), its
 * email confirmed when `confirmed`: then it may hold more than $2,000 unpaid.
 */
async function signUp(page: Page, name: string, { confirmed = false } = {}) {
  const { email } = await signUpAtAnyWidth(page, name, 'phone-checkout');
  if (confirmed) {
    await expect.poll(() => mailsTo(email).length).toBeGreaterThan(0);
    await page.goto(firstLink(mailsTo(email)[0]!));
    await expect(page).toHaveURL(/\/email-confirmed$/);
  }
  return addAddressByApi(page);
}

/** `count` of the cheapest parts, each at its minimum (no more than a share of its stock). */
async function fillCart(page: Page, count: number) {
  const response = await page.request.get('/api/tools?limit=100&sort=price_asc');
  const parts = ((await response.json()) as { data: Product[] }).data
    .filter((p) => p.stock >= p.moq * 4)
    .slice(0, count);
  expect(parts).toHaveLength(count);
  const put = await page.request.post('/api/cart/lines', {
    headers: { origin: origin() },
    data: { lines: parts.map((p) => ({ productId: p._id, add: p.moq })) },
  });
  expect(put.status(), await put.text()).toBe(200);
  return parts;
}

const cartRows = (page: Page) =>
  page.getByRole('region', { name: 'Cart lines' }).getByRole('rowheader');

/** The page's account in a second browser profile with script off, at the page's size. */
async function withoutScript(page: Page, browser: Browser, use: (plain: Page) => Promise<void>) {
  const context = await browser.newContext({
    storageState: await page.context().storageState(),
    javaScriptEnabled: false,
    viewport: page.viewportSize(),
  });
  try {
    await use(await context.newPage());
  } finally {
    await context.close();
  }
}

/** The control lies wholly inside the window as it is scrolled now. */
async function expectInWindow(control: Locator) {
  const box = await control.boundingBox();
  const screen = control.page().viewportSize();
  if (!box || !screen) throw new Error('the control is not drawn');
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(screen.height);
}

/** How far down the page (from its top, in px) the element ends. */
const bottomOf = (element: Locator) =>
  element.evaluate((e) => e.getBoundingClientRect().bottom + window.scrollY);

test('a buyer with a 40-line cart on a 390 × 844 phone reaches Place order within two screens of scrolling @phone-only', async ({
  page,
}) => {
  test.setTimeout(120_000);
  expect(page.viewportSize()).toEqual(SCREEN);
  await signUp(page, 'Pat Phone', { confirmed: true });
  await fillCart(page, 40);

  // The cart: 10 lines drawn, the total and Checkout in the bar at the bottom of the screen.
  await page.goto('/cart');
  await expect(cartRows(page)).toHaveCount(10);
  const cartBar = page.getByRole('region', { name: 'Cart total' });
  await expect(cartBar).toContainText('Total (40 lines)');
  const checkout = cartBar.getByRole('button', { name: 'Checkout', exact: true });
  await expectInWindow(checkout);
  await keepShot(page, 'cart-40-lines', false);
  await keepShot(page, 'cart-40-lines-whole');
  const cartHeight = await page.evaluate(() => document.documentElement.scrollHeight);

  // The checkout: Place order in the bar from the first screen on.
  await checkout.click();
  await expect(page).toHaveURL(/\/checkout/);
  const place = page.getByRole('button', { name: 'Place order' });
  await expect(place).toBeEnabled();
  await expectInWindow(place);
  const bar = page.getByRole('region', { name: 'Order total' });
  await expect(bar).toContainText('Grand total');
  await expect(page.getByRole('checkbox', { name: 'Bill to the same address' })).toBeChecked();
  await keepShot(page, 'checkout-40-lines', false);
  await keepShot(page, 'checkout-40-lines-whole');

  // What is chosen before Place order (ship-to, method, billing, the review and its total) ends
  // within three screens, less the bar: two screens of scrolling show all of it.
  const barHeight = (await bar.boundingBox())?.height ?? 0;
  const needed = [
    page.getByRole('group', { name: 'Ship to' }),
    page.getByRole('group', { name: 'Shipping method' }),
    page.getByRole('group', { name: 'Billing address' }),
    page.getByRole('region', { name: 'Review' }),
  ];
  const lowest = Math.max(...(await Promise.all(needed.map(bottomOf))));
  const scrolling = lowest - (SCREEN.height - barHeight);
  const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  console.log(
    `cart ${cartHeight} px tall; checkout ${pageHeight} px tall, the review ends at ${Math.round(lowest)} px, ${Math.round(scrolling)} px of scrolling (budget ${2 * SCREEN.height}); bar ${Math.round(barHeight)} px`,
  );
  expect(scrolling).toBeLessThanOrEqual(2 * SCREEN.height);

  // Scrolled to the end, the bar still holds Place order and covers nothing: the page ends
  // with room for it.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expectInWindow(place);
  const footerLine = page.getByText('All Right reserved - 2022');
  const footerBottom = (await footerLine.boundingBox())?.y ?? Infinity;
  expect(footerBottom).toBeLessThan(SCREEN.height - barHeight);
  await expectNoSeriousA11yViolations(page);

  await place.click();
  await expect(page).toHaveURL(/\/order\/payment\/[0-9a-f-]{36}$/);
});

test('a long cart folds after 10 lines, shows all 40 on asking, and its search finds a folded line by SKU or name', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signUp(page, 'Fran Fold');
  const parts = await fillCart(page, 40);
  const cart = (await (await page.request.get('/api/cart')).json()) as {
    lines: { sku: string; name: string }[];
  };
  const folded = cart.lines[34];
  if (!folded) throw new Error('no 35th line');

  await page.goto('/cart');
  await expect(cartRows(page)).toHaveCount(10);
  await expect(page.getByText(folded.sku, { exact: true })).toHaveCount(0);

  // Search by SKU: the 35th line, folded away until now, alone.
  const search = page.getByRole('search', { name: 'Cart search' });
  await search.getByLabel('Find a line in your cart').fill(folded.sku);
  await search.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(cartRows(page)).toHaveCount(1);
  await expect(cartRows(page)).toHaveText(folded.name);
  await expect(page.getByRole('status').filter({ hasText: 'lines match' })).toHaveText(
    `1 of 40 lines match “${folded.sku}”.`,
  );
  // The total is still the whole cart's.
  await expect(page.getByRole('region', { name: 'Cart total' })).toContainText('Total (40 lines)');

  // By name, in other letters' case; and a search that finds nothing says so.
  await search.getByLabel('Find a line in your cart').fill(folded.name.toUpperCase());
  await search.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(cartRows(page).filter({ hasText: folded.name })).toHaveCount(1);
  await search.getByLabel('Find a line in your cart').fill('no such part anywhere');
  await search.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(
    page.getByText('No line in your cart matches “no such part anywhere”.'),
  ).toBeVisible();
  await search.getByRole('button', { name: 'Clear search' }).click();
  await expect(cartRows(page)).toHaveCount(10);

  // Show all: 40 lines, and focus on the first that was folded.
  await page.getByRole('button', { name: 'Show all 40 lines' }).click();
  await expect(cartRows(page)).toHaveCount(40);
  await expect(page.getByRole('button', { name: /Show all/ })).toHaveCount(0);
  await expect(
    page.getByRole('region', { name: 'Cart lines' }).getByRole('row').nth(11),
  ).toBeFocused();
  await expect(page).toHaveURL(/[?&]all=1/);

  // On a desktop the summary column stays in view beside the lines; on a phone the bar does.
  await page.getByRole('button', { name: 'Empty cart' }).scrollIntoViewIfNeeded();
  await expectInWindow(page.getByRole('button', { name: 'Checkout', exact: true }));
  await expectNoSeriousA11yViolations(page);
  await keepShot(page, 'cart-all-lines', false);
  await page.evaluate(() => window.scrollTo(0, 0));
  await keepShot(page, 'cart-top', false);
  await page.getByRole('button', { name: 'Checkout', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Place order' })).toBeEnabled();
  await keepShot(page, 'checkout-top', false);
  await page.getByRole('heading', { name: /Parts in your order/ }).scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, 1200));
  await expectInWindow(page.getByRole('button', { name: 'Place order' }));
  await keepShot(page, 'checkout-scrolled', false);

  // Without script, the server draws the same: folded, a search by SKU, and Show all as a form.
  await withoutScript(page, browser, async (plain) => {
    await plain.goto('/cart');
    await expect(cartRows(plain)).toHaveCount(10);
    const last = parts.at(-1);
    await plain.getByLabel('Find a line in your cart').fill(last?.sku ?? '');
    await plain.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(plain).toHaveURL(/[?&]q=/);
    await expect(cartRows(plain)).toHaveCount(1);
    await plain.goto('/cart');
    await plain.getByRole('button', { name: 'Show all 40 lines' }).click();
    await expect(plain).toHaveURL(/[?&]all=1/);
    await expect(cartRows(plain)).toHaveCount(40);
  });
});

test('the checkout lists each address once and bills to the ship-to address unless that box is unticked', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signUp(page, 'Bo Billing');
  const office = await addAddressByApi(page, {
    ...californiaAddress,
    label: 'Head office',
    line1: '1 Billing Way',
    isDefaultShipping: false,
    isDefaultBilling: false,
  });
  await fillCart(page, 2);

  await page.goto('/checkout');
  const shipTo = page.getByRole('group', { name: 'Ship to' });
  await expect(shipTo.getByRole('radio', { name: /Workshop/ })).toBeChecked();
  const billing = page.getByRole('group', { name: 'Billing address' });
  const same = billing.getByRole('checkbox', { name: 'Bill to the same address' });
  await expect(same).toBeChecked();
  // Each address once: the billing list is not drawn while the box is ticked.
  await expect(billing.getByRole('radio')).toHaveCount(0);
  await expect(page.getByText('1 Billing Way')).toHaveCount(1);
  await expect(page.getByText(californiaAddress.line1)).toHaveCount(1);
  await keepShot(page, 'checkout-billing-same', false);

  // Unticked: the other addresses to bill to, the default or first of them picked.
  await same.uncheck();
  await expect(page).toHaveURL(/billingAddressId=other/);
  const headOffice = billing.getByRole('radio', { name: /Head office/ });
  await expect(headOffice).toBeChecked();
  await expect(billing.getByRole('radio')).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);
  await keepShot(page, 'checkout-billing-other', false);

  // Without script the box is sent with its step's button, and the page comes back the same.
  await withoutScript(page, browser, async (plain) => {
    await plain.goto('/checkout');
    const plainBilling = plain.getByRole('group', { name: 'Billing address' });
    await plainBilling.getByRole('checkbox', { name: 'Bill to the same address' }).uncheck();
    await plain.getByRole('button', { name: 'Update billing' }).click();
    await expect(plainBilling.getByRole('radio', { name: /Head office/ })).toBeChecked();
    await expect(
      plainBilling.getByRole('checkbox', { name: 'Bill to the same address' }),
    ).not.toBeChecked();
    await plainBilling.getByRole('checkbox', { name: 'Bill to the same address' }).check();
    await plain.getByRole('button', { name: 'Update billing' }).click();
    await expect(plainBilling.getByRole('radio')).toHaveCount(0);
  });

  // Ticked again, the list goes; unticked and placed, the order is billed to the head office.
  await same.check();
  await expect(billing.getByRole('radio')).toHaveCount(0);
  await same.uncheck();
  await expect(headOffice).toBeChecked();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/order\/payment\/[0-9a-f-]{36}$/);
  const orderId = page.url().split('/').at(-1) ?? '';
  const order = (await (await page.request.get(`/api/order/${orderId}`)).json()) as Order;
  expect(order.billingAddress?.line1).toBe(office.line1);
  expect(order.shippingAddress?.line1).toBe(californiaAddress.line1);
});
