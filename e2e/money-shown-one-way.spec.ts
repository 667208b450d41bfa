import { formatDollars } from '../src/contract/money.ts';
import type { Order } from '../src/contract/orders.ts';
import { newCustomer } from './support/accounts.ts';
import { origin, test } from './support/admin.ts';
import { addAddressByApi, checkOutFromCart, productWithStock } from './support/orders.ts';
import { DESKTOP_ONLY } from './support/page.ts';
import { expect, type Locator } from './support/test.ts';
import { keepShot } from './support/shots.ts';

// Issue 35, "a buyer's money, shown one way": every place that shows an order's total shows the
// grand total (what is or will be charged: goods, shipping and tax); the goods alone appear only
// where they are labelled "Subtotal". The order is shipped to California, so shipping and tax
// make the two differ.

/** The subtotal may be on screen only beside its label. */
async function subtotalOnlyLabelled(where: Locator, subtotal: string) {
  const shown = where.getByText(subtotal, { exact: true });
  for (const one of await shown.all()) {
    const label = await one.evaluate(
      (element) => element.previousElementSibling?.textContent?.trim() ?? '',
    );
    expect(label, `${subtotal} shown without its label`).toBe('Subtotal');
  }
}

test(`an order's total is its grand total on My Orders, its page, its payment page and its delete dialog ${DESKTOP_ONLY}`, async ({
  page,
  admin,
}) => {
  test.setTimeout(90_000);
  await newCustomer(page, 'Tess Totals');
  await addAddressByApi(page);
  const product = await productWithStock(page);
  const put = await page.request.put(`/api/cart/lines/${product._id}`, {
    headers: { origin: origin() },
    data: { quantity: 12 },
  });
  expect(put.status(), await put.text()).toBe(200);
  await page.goto('/cart');
  await checkOutFromCart(page);
  const orderId = page.url().split('/').at(-1) ?? '';
  const order = (await (await page.request.get(`/api/order/${orderId}`)).json()) as Order;
  expect(order.grandTotal).toBeGreaterThan(order.subtotal);
  const grand = formatDollars(order.grandTotal);
  const subtotal = formatDollars(order.subtotal);

  // The payment page: its summary's Total price is what the card is charged.
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(
    summary.getByText('Total price').locator('xpath=following-sibling::dd[1]'),
  ).toHaveText(grand);
  await subtotalOnlyLabelled(summary, subtotal);

  // My Orders, as a table on a desktop and as cards on a phone.
  await page.goto('/dashboard');
  const row = page.getByRole('row').filter({ hasText: `#${order.number}` });
  await expect(row).toContainText(grand);
  await expect(row).not.toContainText(subtotal);
  await keepShot(page, 'my-orders-desktop');
  await page.getByRole('button', { name: new RegExp(`^Delete order #${order.number}`) }).click();
  const dialog = page.getByRole('dialog', { name: 'Are you sure want to delete this?' });
  await expect(dialog).toContainText(grand);
  await expect(dialog).not.toContainText(subtotal);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.setViewportSize({ width: 390, height: 844 });
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: new RegExp(`#${order.number}$`) }) });
  await expect(card).toContainText(grand);
  await expect(card).not.toContainText(subtotal);
  await keepShot(page, 'my-orders-phone');

  // The order page: Totals says both, each under its name; Order again and Save to list are there.
  await page.goto(`/dashboard/orders/${orderId}`);
  const totals = page.getByRole('region', { name: 'Totals' });
  await expect(
    totals.getByText('Grand total').locator('xpath=following-sibling::dd[1]'),
  ).toHaveText(grand);
  await subtotalOnlyLabelled(totals, subtotal);
  const actions = page.getByRole('group', { name: 'Order actions' });
  await expect(actions.getByRole('button', { name: 'Order again' })).toBeVisible();
  await expect(actions.locator('summary', { hasText: 'Save to list' })).toBeVisible();
  await keepShot(page, 'order-phone');
  await page.setViewportSize({ width: 1280, height: 800 });
  await keepShot(page, 'order-desktop');

  // The admin's list shows the same grand total.
  await admin.goto(`/dashboard/manageallorders?q=${encodeURIComponent(`#${order.number}`)}`);
  const adminRow = admin.getByRole('row').filter({ hasText: `#${order.number}` });
  await expect(adminRow).toContainText(grand);
  await expect(adminRow).not.toContainText(subtotal);

  // Order again puts the parts back into the cart.
  await actions.getByRole('button', { name: 'Order again' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText(product.name).first()).toBeVisible();
});
