import type { Product } from '../src/contract/catalog.ts';
import { productPath } from '../src/contract/product-path.ts';
import type { Order } from '../src/contract/orders.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { mailsTo, newCustomer } from './support/accounts.ts';
import { origin, sendOk, test, uniqueWord } from './support/admin.ts';
import { addAddressByApi, checkOutFromCart, payByCard } from './support/orders.ts';
import { DESKTOP_ONLY } from './support/page.ts';
import { expect, type Page } from './support/test.ts';
import { keepShot } from './support/shots.ts';

// Issue 34, backorders: a buyer orders more than the shelf holds of a part that allows it and
// pays for all of it; an admin receives stock, which is allocated to the order, and ships the
// rest; the buyer sees what is on backorder and what has shipped. A flow with state: desktop
// project only; the phone's layout of the same screens is looked at inside it.

/** A torque wrench of this test's own with 1 on the shelf, taking backorders from 14 Jan. */
async function backorderPart(admin: Page) {
  const part = (await sendOk(admin, 'post', '/api/tools', {
    name: `Zz E2E Torque Wrench ${uniqueWord()}`,
    price: 5,
    stock: 1,
    moq: 1,
    desc: 'A torque wrench made for one backorder test.',
    img: '/images/products/torque-wrench.svg',
  })) as Product;
  return (await sendOk(admin, 'patch', `/api/tools/${part._id}`, {
    backorder: { allowed: true, expectedAt: '2027-01-14' },
  })) as Product;
}

test(`a buyer backorders a part and pays; an admin receives stock and ships the rest ${DESKTOP_ONLY}`, async ({
  page,
  admin,
}) => {
  test.setTimeout(120_000);
  const part = await backorderPart(admin);
  const buyer = await newCustomer(page, `Bo Backorder ${uniqueWord()}`);
  await addAddressByApi(page);

  // The product page takes more than the shelf holds, and says the rest is backordered.
  await page.goto(productPath(part));
  await expect(
    page.getByText('More than 1 can be ordered: the rest is backordered.'),
  ).toBeVisible();
  const put = await page.request.put(`/api/cart/lines/${part._id}`, {
    headers: { origin: origin() },
    data: { quantity: 10 },
  });
  expect(put.status(), await put.text()).toBe(200);

  // The cart says what waits; checkout says what ships now and later, and offers the choice.
  await page.goto('/cart');
  await expect(
    page.getByText('1 in stock now; 9 on backorder, shipped when it arrives'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Checkout', exact: true }).click();
  await expect(page).toHaveURL(/\/checkout/);
  const when = page.getByRole('group', { name: 'When it ships' });
  await expect(when).toContainText(`On backorder, shipped when it arrives: 9 × ${part.name}`);
  const now = when.getByRole('radio', {
    name: 'Ship what is in stock now, the rest when it arrives',
  });
  await expect(now).toBeChecked();
  await expect(
    when.getByRole('radio', { name: 'Ship together, once everything is in' }),
  ).not.toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await keepShot(page, 'checkout-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(now).toBeVisible();
  await keepShot(page, 'checkout-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/order\/payment\/[0-9a-f-]{36}$/);
  const orderId = page.url().split('/').at(-1) ?? '';
  await payByCard(page);
  await expect(page.getByText('Congrats your payment has been succeed!')).toBeVisible();

  // Paid for all ten: the one on the shelf taken, nine awaited.
  const placed = (await (await page.request.get(`/api/order/${orderId}`)).json()) as Order;
  expect(placed.lines[0]).toMatchObject({ quantity: 10, reserved: 1, backordered: 9 });
  expect(placed.totalPrice).toBe(50);
  await page.goto(`/dashboard/orders/${orderId}`);
  await expect(page.getByText('1 in stock, 9 on backorder').first()).toBeVisible();

  // The admin receives nine: they go to this paid order, and the buyer is told.
  const received = await sendOk(admin, 'post', `/api/tools/${part._id}/stock-movements`, {
    delta: 9,
    reason: 'received',
    note: 'Delivery 34',
  });
  expect(received).toMatchObject({ stock: 0 });
  await expect
    .poll(() => mailsTo(buyer.email).map((m) => m.subject))
    .toContain(`Order #${placed.number}: 9 of your 10 × ${part.name} are in`);

  // The admin ships everything left: all ten, in one parcel.
  await admin.goto(`/dashboard/orders/${orderId}`);
  await admin.getByRole('button', { name: 'Ship…' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Ship' });
  await expect(dialog.getByLabel(`Quantity to ship: ${part.name}`)).toHaveValue('10');
  await dialog.getByLabel('Carrier').fill('DHL');
  await dialog.getByLabel('Tracking number').fill('JD034BACK');
  await dialog.getByRole('button', { name: 'Ship these pieces' }).click();
  await expect(admin.getByText(/10 pieces shipped by DHL/)).toBeVisible();

  // The buyer sees it shipped, nothing on backorder, and the timeline says the stock came in.
  await page.reload();
  await expect(page.getByText('1 in stock, 9 on backorder')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Shipments' })).toContainText('JD034BACK');
  const timeline = page.getByRole('list', { name: 'Timeline' });
  await expect(timeline).toContainText('Backorder in');
  await expect(timeline).toContainText(`9 of 10 × ${part.name} in; nothing left on backorder`);
  await expectNoSeriousA11yViolations(page);
  await keepShot(page, 'order-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(timeline).toBeVisible();
  await keepShot(page, 'order-phone');
});

test(`a buyer cancels pieces still on backorder from the order page and gets a credit note ${DESKTOP_ONLY}`, async ({
  page,
  admin,
}) => {
  const part = await backorderPart(admin);
  await newCustomer(page, `Cy Cancel ${uniqueWord()}`);
  await addAddressByApi(page);
  const put = await page.request.put(`/api/cart/lines/${part._id}`, {
    headers: { origin: origin() },
    data: { quantity: 6 },
  });
  expect(put.status(), await put.text()).toBe(200);
  await page.goto('/cart');
  await checkOutFromCart(page);
  const orderId = page.url().split('/').at(-1) ?? '';
  await payByCard(page);
  await expect(page.getByText('Congrats your payment has been succeed!')).toBeVisible();

  await page.goto(`/dashboard/orders/${orderId}`);
  await expect(page.getByText('1 in stock, 5 on backorder').first()).toBeVisible();
  await page.getByRole('button', { name: 'Cancel backordered…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel pieces on backorder?' });
  const quantity = dialog.getByLabel(`Quantity to cancel: ${part.name}`);
  await expect(quantity).toHaveValue('0');
  await quantity.fill('6');
  await dialog.getByLabel('Reason').fill('Found them at a local shop.');
  await dialog.getByRole('button', { name: 'Cancel and refund' }).click();
  await expect(dialog.getByText('Only 5 can be cancelled')).toBeVisible();
  await quantity.fill('3');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Cancel and refund' }).click();
  await expect(
    page.getByText(/3 pieces cancelled, \$[\d.,]+ refunded to the card, credit note CN-/),
  ).toBeVisible();
  await expect(page.getByText('1 in stock, 2 on backorder').first()).toBeVisible();
  await expect(page.getByText('3 cancelled').first()).toBeVisible();
  await expect(page.getByRole('list', { name: 'Credit notes' })).toContainText(`3 × ${part.name}`);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: 'Cancel backordered…' })).toBeVisible();
  await keepShot(page, 'cancelled-phone');
});

test(`a buyer on a phone cancels some pieces of an unpaid order, then pays the smaller total ${DESKTOP_ONLY}`, async ({
  page,
  admin,
}) => {
  const part = await backorderPart(admin);
  await newCustomer(page, `Una Unpaid ${uniqueWord()}`);
  await addAddressByApi(page);
  const put = await page.request.put(`/api/cart/lines/${part._id}`, {
    headers: { origin: origin() },
    data: { quantity: 6 },
  });
  expect(put.status(), await put.text()).toBe(200);
  await page.goto('/cart');
  await checkOutFromCart(page);
  const orderId = page.url().split('/').at(-1) ?? '';
  const placed = (await (await page.request.get(`/api/order/${orderId}`)).json()) as Order;

  // Signed up on a desktop (the phone's menu hides Dashboard), then on to a phone's width.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/dashboard/orders/${orderId}`);
  await page.getByRole('button', { name: 'Cancel some pieces…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel some pieces?' });
  await expect(dialog).toContainText('Nothing has been charged, so there is nothing to refund.');
  await expect(dialog).toContainText('ordered 6, 5 on backorder, 6 can be cancelled');
  const quantity = dialog.getByLabel(`Quantity to cancel: ${part.name}`);
  await expect(quantity).toHaveValue('0');
  await quantity.fill('4');
  await expectNoSeriousA11yViolations(page);
  await keepShot(page, 'cancel-unpaid-phone');
  await dialog.getByRole('button', { name: 'Cancel pieces' }).click();
  await expect(page.getByText(/: 4 pieces cancelled, \$[\d.,]+ in all now\./)).toBeVisible();
  const after = (await (await page.request.get(`/api/order/${orderId}`)).json()) as Order;
  expect(after.lines[0]).toMatchObject({ quantity: 2 });
  expect(after.grandTotal).toBeLessThan(placed.grandTotal);
  await expect(page.getByRole('list', { name: 'Timeline' })).toContainText('Pieces cancelled');

  await page.getByRole('link', { name: 'Pay now' }).click();
  await payByCard(page);
  await expect(page.getByText('Congrats your payment has been succeed!')).toBeVisible();
  const paid = (await (await page.request.get(`/api/order/${orderId}`)).json()) as Order;
  expect(paid).toMatchObject({ status: 'paid', grandTotal: after.grandTotal });
});

test('a part on backorder shows when more is expected on its card and page', async ({
  page,
  admin,
}) => {
  const part = await backorderPart(admin);
  const sold = await sendOk(admin, 'post', `/api/tools/${part._id}/stock-movements`, {
    delta: -1,
    reason: 'damaged',
  });
  expect(sold).toMatchObject({ stock: 0 });
  await page.goto(productPath(part));
  await expect(page.getByText('Expected 14 Jan').first()).toBeVisible();
  await page.goto(`/shop?q=${encodeURIComponent(part.name)}`);
  const card = page.getByRole('article', { name: part.name });
  await expect(card.getByText('Expected 14 Jan')).toBeVisible();
  await expect(card.getByRole('button', { name: `Add to cart: ${part.name}` })).toBeEnabled();
  await keepShot(page, `card-${test.info().project.name}`);
});
