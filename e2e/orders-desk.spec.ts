import { extractText, getDocumentProxy } from 'unpdf';
import { expect, test, type Page } from './support/test.ts';
import type { Product } from '../src/contract/catalog.ts';
import type { Order } from '../src/contract/orders.ts';
import { fillSignUp, sessionFile, uniqueEmail } from './support/accounts.ts';
import { origin, uniqueWord } from './support/admin.ts';
import { deliveryFor } from './support/orders.ts';

// The orders desk (issue 35): an admin ticks a day's paid orders, prints their pick list and
// ships them all at once; on a phone each order is a card of at most 120 px.

const ORDERS = 10;

async function addPart(admin: Page, name: string, bin: string) {
  const response = await admin.request.post('/api/tools', {
    headers: { origin: origin() },
    data: {
      name,
      price: 2.5,
      stock: 5000,
      desc: 'A part made for one end-to-end test of the orders desk.',
      img: '/images/products/spoke-wrench.svg',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const part = (await response.json()) as Product;
  const binned = await admin.request.patch(`/api/tools/${part._id}`, {
    headers: { origin: origin() },
    data: { bin },
  });
  expect(binned.status(), await binned.text()).toBe(200);
  expect(((await binned.json()) as Product).bin).toBe(bin);
  return part;
}

/** A paid order of `quantity` of the part, checked out and paid through the API as the pages do. */
async function paidOrder(page: Page, part: Product, quantity: number) {
  const headers = { origin: origin() };
  const put = await page.request.put(`/api/cart/lines/${part._id}`, {
    headers,
    data: { quantity },
  });
  expect(put.status(), await put.text()).toBe(200);
  const placed = await page.request.post('/api/checkout', {
    headers: { ...headers, 'idempotency-key': `desk-${uniqueWord()}` },
    data: await deliveryFor(page),
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()) as Order;
  const intent = await page.request.post('/api/create-payment-intent', {
    headers,
    data: { orderId: order._id },
  });
  expect(intent.status(), await intent.text()).toBe(200);
  const charged = await page.request.post('/api/payments/test/confirm', {
    headers,
    data: {
      clientSecret: (await intent.json()).clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
    },
  });
  expect(charged.status(), await charged.text()).toBe(200);
  const paid = await page.request.patch(`/api/order/${order._id}`, {
    headers,
    data: { transactionId: (await charged.json()).paymentIntentId },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  return order;
}

/** A buyer with `count` paid orders of the part, 10, 11, 12… pieces each. */
async function buyerWithOrders(page: Page, part: Product, count: number) {
  const email = uniqueEmail('desk');
  await page.goto('/signup');
  await fillSignUp(page, { name: `Dee Desk ${uniqueWord()}`, email, password: 'pedal-power-2026' });
  await expect(page).toHaveURL(/\/$/);
  const orders: Order[] = [];
  for (let i = 0; i < count; i++) orders.push(await paidOrder(page, part, 10 + i));
  return { email, orders };
}

const pdfText = async (body: Buffer) => {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(body)), {
    mergePages: true,
  });
  return text.replace(/\s+/g, ' ');
};

test('an admin ships 10 selected orders at once and prints their pick list @desktop-only', async ({
  page,
  browser,
}) => {
  // Ten orders checked out and paid before the desk is opened.
  test.setTimeout(120_000);
  const word = uniqueWord();
  const adminContext = await browser.newContext({ storageState: sessionFile('admin') });
  const admin = await adminContext.newPage();
  const part = await addPart(admin, `Zz Desk Spokes ${word}`, 'C-7');
  const { email, orders } = await buyerWithOrders(page, part, ORDERS);

  // The desk, filtered by its address: this buyer's orders that wait to ship.
  await admin.goto(`/dashboard/manageallorders?status=to_ship&q=${encodeURIComponent(email)}`);
  const table = admin.getByRole('table', { name: 'All orders' });
  await expect(table.getByRole('row')).toHaveCount(ORDERS + 1);
  await expect(admin.getByLabel('Status')).toHaveValue('to_ship');
  const first = table.getByRole('row').filter({ hasText: `Order #${orders[0]!.number}` });
  // The grand total: the goods, shipping and tax, what the card was charged.
  const charged = (await (await admin.request.get(`/api/order/${orders[0]!._id}`)).json()) as Order;
  await expect(first).toContainText(`$${charged.grandTotal.toFixed(2)}`);
  await expect(first).toContainText('Card');
  const rowHeight = (await first.boundingBox())!.height;
  expect(rowHeight).toBeLessThanOrEqual(48);

  await admin.getByRole('checkbox', { name: 'Select every order on this page' }).check();
  await expect(admin.getByText(`${ORDERS} selected`)).toBeVisible();
  await admin.screenshot({ path: 'test-results/orders-desk-desktop.png', fullPage: true });

  // The pick list opens in a tab of its own: one part, all the pieces, each order named.
  const [tab] = await Promise.all([
    admin.waitForEvent('popup'),
    admin.getByRole('button', { name: 'Print pick list' }).click(),
  ]);
  const pickUrl = tab.url();
  expect(pickUrl).toContain('/api/orders/pick-list?');
  await tab.close();
  const pick = await admin.request.get(pickUrl);
  expect(pick.status()).toBe(200);
  const text = await pdfText(await pick.body());
  const pieces = orders.reduce((sum, _o, i) => sum + 10 + i, 0);
  expect(text).toContain(`C-7 ${part.sku}`);
  expect(text).toContain(`#${orders[0]!.number} × 10`);
  expect(text).toContain(`× ${10 + ORDERS - 1} ${pieces}`);
  for (const order of orders) expect(text).toContain(`#${order.number} ×`);

  // Ship all: a tracking number for the first, none for the rest.
  await admin.getByRole('button', { name: 'Ship all' }).click();
  const dialog = admin.getByRole('dialog', { name: `Ship ${ORDERS} orders` });
  await dialog.getByLabel(`Tracking number for order #${orders[0]!.number}`).fill('1Z-DESK-1');
  await admin.screenshot({ path: 'test-results/orders-desk-ship-all.png' });
  await dialog.getByRole('button', { name: `Ship ${ORDERS} orders` }).click();
  await expect(dialog.getByText(`${ORDERS} of ${ORDERS} orders shipped.`)).toBeVisible();
  await expect(
    dialog.getByText(`#${orders[0]!.number}: Shipped in full, tracking 1Z-DESK-1.`),
  ).toBeVisible();
  await admin.screenshot({ path: 'test-results/orders-desk-shipped.png' });
  // The first: the dialog's backdrop is a Close button too, out of the tab order.
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  // Nothing of them waits to ship now.
  await expect(admin.getByText('No orders match these filters.')).toBeVisible();
  const shipped = (await (await admin.request.get(`/api/order/${orders[0]!._id}`)).json()) as Order;
  expect(shipped.status).toBe('shipped');
  expect(shipped.shipments[0]!.trackingNumber).toBe('1Z-DESK-1');
  await adminContext.close();
});

test('on a phone each order on the desk is a card of at most 120 px @phone-only', async ({
  page,
  browser,
}) => {
  const adminContext = await browser.newContext({ storageState: sessionFile('admin') });
  const admin = await adminContext.newPage();
  const part = await addPart(admin, `Zz Desk Phone ${uniqueWord()}`, 'A-1');
  const { email, orders } = await buyerWithOrders(page, part, 2);
  await admin.goto(`/dashboard/manageallorders?q=${encodeURIComponent(email)}`);
  const table = admin.getByRole('table', { name: 'All orders' });
  const card = table.getByRole('row').filter({ hasText: `Order #${orders[0]!.number}` });
  await expect(card).toBeVisible();
  await expect(card.getByRole('button', { name: /^Mark shipped/ })).toBeVisible();
  await expect(
    card.getByRole('checkbox', { name: `Select order #${orders[0]!.number}` }),
  ).toBeVisible();
  const box = (await card.boundingBox())!;
  expect(box.height).toBeLessThanOrEqual(120);
  expect(box.width).toBeLessThanOrEqual(390);
  const overflow = await admin.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await admin.screenshot({ path: 'test-results/orders-desk-phone.png', fullPage: false });
  await adminContext.close();
});
