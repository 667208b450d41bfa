import { expect, expectConsoleMessage, failedLoad, type Page } from './support/test.ts';
import type { Product } from '../src/contract/catalog.ts';
import type { Order } from '../src/contract/orders.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { origin, test, uniqueWord } from './support/admin.ts';
import { shared } from './support/accounts.ts';
import { DESKTOP_ONLY } from './support/page.ts';
import { keepShot } from './support/shots.ts';

// Manage Products and the stock ledger: receiving stock, a product's movements, and a count
// made against a stock that orders changed meanwhile (or a price another admin changed). Flows with state: desktop project only
// (a phone's width is checked inside the first test).

/** A product of this test's own; "Zz" sorts it after the demo catalogue other tests read. */
async function addProductByApi(page: Page, stock: number) {
  const response = await page.request.post('/api/tools', {
    headers: { origin: origin() },
    data: {
      name: `Zz E2E Cone Wrench ${uniqueWord()}`,
      price: 4.5,
      stock,
      desc: 'A cone wrench made for one stock ledger test.',
      img: '/images/products/chain-checker.svg',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Product;
}

async function openManageProducts(admin: Page, product: Product) {
  await admin.goto(`/dashboard/manageProduct?q=${encodeURIComponent(product.name)}`);
  const row = admin
    .getByRole('region', { name: 'Products' })
    .getByRole('row')
    .filter({ hasText: product.name });
  await expect(row).toBeVisible();
  return row;
}

const stockCell = (row: ReturnType<Page['getByRole']>) => row.getByRole('cell').nth(2);

/** A product of its own with 30 in stock at $4.50, open in Manage Products' edit dialog. */
async function editNewProduct(admin: Page) {
  const product = await addProductByApi(admin, 30);
  const row = await openManageProducts(admin, product);
  await row.getByRole('button', { name: `Manage ${product.name}` }).click();
  const dialog = admin.getByRole('dialog', { name: 'Edit product' });
  // The product form's own alert (the Images section beside it has one of its own).
  const formAlert = dialog
    .locator('form')
    .filter({ has: admin.getByLabel('Product Name') })
    .getByRole('alert');
  return { product, row, dialog, formAlert };
}

test(`an admin receives stock and sees it in the list and in the product's movements ${DESKTOP_ONLY}`, async ({
  admin,
}) => {
  const product = await addProductByApi(admin, 30);
  const row = await openManageProducts(admin, product);
  await expect(stockCell(row)).toHaveText('30');

  await row.getByRole('button', { name: `Receive stock for ${product.name}` }).click();
  const dialog = admin.getByRole('dialog', { name: 'Receive stock' });
  await expect(dialog).toContainText(product.name);
  await expect(dialog.getByRole('status')).toHaveText('In stock: 30');
  const pieces = dialog.getByLabel('Pieces (+ in, − out)');
  const reason = dialog.getByLabel('Reason');
  const record = dialog.getByRole('button', { name: 'Record movement' });
  await expect(reason).toHaveValue('received');

  // Nothing typed: the field says what it needs.
  await record.click();
  await expect(dialog.getByText('Please enter how many pieces')).toBeVisible();
  await expect(pieces).toHaveAttribute('aria-invalid', 'true');

  // More than there is: the server refuses, and nothing moves.
  expectConsoleMessage(failedLoad(409), {
    url: new RegExp(`/api/tools/${product._id}/stock-movements$`),
  });
  await pieces.fill('-40');
  await reason.selectOption('damaged');
  await record.click();
  await expect(dialog.getByRole('alert')).toHaveText(/below zero/);
  await expect(dialog.getByRole('status')).toHaveText('In stock: 30');
  await expectNoSeriousA11yViolations(admin);

  await pieces.fill('20');
  await reason.selectOption('received');
  await dialog.getByLabel('Note (optional)').fill('Delivery note 4471');
  await record.click();
  await expect(dialog.getByRole('status')).toHaveText('Received +20. Stock is now 50.');
  await expect(dialog.getByRole('alert')).toHaveText('');
  // Ready for the next entry.
  await expect(pieces).toHaveValue('');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await expect(stockCell(row)).toHaveText('50');

  await row.getByRole('button', { name: `Stock movements of ${product.name}` }).click();
  const movements = admin.getByRole('dialog', { name: 'Stock movements' });
  await expect(movements).toContainText(product.name);
  await expect(movements.getByText('2 movements, newest first')).toBeVisible();
  const table = movements.getByRole('region', { name: 'Stock movements' });
  await expect(table.getByRole('columnheader')).toHaveText([
    'When',
    'Reason',
    'Change',
    'Stock after',
    'Order',
    'Who',
    'Note',
  ]);
  const rows = table.getByRole('row');
  // The header, then the newest first: the delivery, then the product's opening stock.
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1).getByRole('cell')).toHaveText([
    /\d{4}, \d{1,2}:\d{2}\s[AP]M$/,
    'Received',
    '+20',
    '50',
    '',
    shared.admin.email,
    'Delivery note 4471',
  ]);
  await expect(rows.nth(2).getByRole('cell').nth(1)).toHaveText('Opening stock');
  await expect(rows.nth(2).getByRole('cell').nth(2)).toHaveText('+30');
  await expect(rows.nth(2).getByRole('cell').nth(3)).toHaveText('30');
  await expectNoSeriousA11yViolations(admin);

  // On a phone the movements are cards, one under another, and nothing scrolls sideways.
  await admin.setViewportSize({ width: 390, height: 844 });
  await expect(table).toBeHidden();
  const cards = movements.getByRole('list', { name: 'Stock movements' }).getByRole('listitem');
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toContainText('+20 Received');
  await expect(cards.nth(0)).toContainText('Stock after 50');
  await expect(cards.nth(0)).toContainText('Delivery note 4471');
  await expect(cards.nth(1)).toContainText('+30 Opening stock');
  const overflow = await movements.evaluate((dialogElement) =>
    [dialogElement, ...dialogElement.querySelectorAll('*')].some(
      (element) => element.scrollWidth > element.clientWidth + 1 && element.clientWidth > 0,
    ),
  );
  expect(overflow, 'something in the movements dialog scrolls sideways at 390 px').toBe(false);
  await expectNoSeriousA11yViolations(admin);
});

test(`an admin whose product's stock changed since opening it is told so, and reloads the stock ${DESKTOP_ONLY}`, async ({
  admin,
}) => {
  const { product, row, dialog, formAlert } = await editNewProduct(admin);
  await expect(dialog.getByLabel('Stock')).toHaveValue('30');

  // Meanwhile an order reserves 10 of the 30.
  const placed = await admin.request.post('/api/orders', {
    headers: { origin: origin() },
    data: { productId: product._id, quantity: 10, email: shared.admin.email },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()) as Order;

  // The admin counted 45 against the 30 shown, and renamed the product too.
  const renamed = `${product.name} Pro`;
  expectConsoleMessage(failedLoad(409), { url: new RegExp(`/api/tools/${product._id}$`) });
  await dialog.getByLabel('Product Name').fill(renamed);
  await dialog.getByLabel('Stock').fill('45');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(formAlert).toHaveText('Stock changed from 30 to 20 since you opened this product');
  await expectNoSeriousA11yViolations(admin);

  await dialog.getByRole('button', { name: 'Reload the current stock' }).click();
  await expect(dialog.getByLabel('Stock')).toHaveValue('20');
  await expect(dialog.getByLabel('Stock')).toBeFocused();
  await expect(dialog.getByLabel('Product Name')).toHaveValue(renamed);
  await expect(formAlert).toHaveText('');
  await expect(dialog.getByRole('status')).toHaveText(
    'Stock reloaded: 20 now. Your other changes are kept.',
  );
  await expect(dialog.getByRole('button', { name: 'Reload the current stock' })).toHaveCount(0);
  // The list shows the stock as it is too.
  await expect(stockCell(row)).toHaveText('20');

  await dialog.getByLabel('Stock').fill('35');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(admin.getByText(`${renamed} has been updated.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  // The row still matches: the new name starts with the old one.
  await expect(row).toContainText(renamed);
  await expect(stockCell(row)).toHaveText('35');

  // The ledger has the count of the difference, and the order's reservation before it.
  await row.getByRole('button', { name: `Stock movements of ${renamed}` }).click();
  const movements = admin.getByRole('dialog', { name: 'Stock movements' });
  const rows = movements.getByRole('region', { name: 'Stock movements' }).getByRole('row');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(1).getByRole('cell').nth(1)).toHaveText('Counted');
  await expect(rows.nth(1).getByRole('cell').nth(2)).toHaveText('+15');
  await expect(rows.nth(1).getByRole('cell').nth(3)).toHaveText('35');
  await expect(rows.nth(2).getByRole('cell').nth(1)).toHaveText('Reserved by an order');
  await expect(rows.nth(2).getByRole('cell').nth(2)).toHaveText('−10');
  // Named by its number (issue 35), not by the first characters of its id.
  await expect(rows.nth(2).getByRole('cell').nth(4)).toHaveText(`#${order.number}`);

  // The admin's order goes, and its 10 come back on top of the count.
  const deleted = await admin.request.delete(`/api/orders/${order._id}`, {
    headers: { origin: origin() },
  });
  expect(deleted.ok(), await deleted.text()).toBe(true);
});

test(`an admin whose product's price another admin changed since opening it is told so, and reloads the price ${DESKTOP_ONLY}`, async ({
  admin,
}) => {
  const { product, row, dialog, formAlert } = await editNewProduct(admin);
  const price = dialog.getByLabel('Price', { exact: true });
  await expect(price).toHaveValue('4.5');

  // Meanwhile another admin (here, the same account from the API) sets $4.80.
  const repriced = await admin.request.patch(`/api/tools/${product._id}`, {
    headers: { origin: origin() },
    data: { price: 4.8 },
  });
  expect(repriced.status(), await repriced.text()).toBe(200);

  // This form still shows $4.50; the admin types $4.20 and a longer name.
  const renamed = `${product.name} Pro`;
  expectConsoleMessage(failedLoad(409), { url: new RegExp(`/api/tools/${product._id}$`) });
  await dialog.getByLabel('Product Name').fill(renamed);
  await price.fill('4.2');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(formAlert).toHaveText(
    'The price changed from 10+ $4.50 to 10+ $4.80 since you opened this product',
  );
  await keepShot(admin, 'stale-price');
  await expectNoSeriousA11yViolations(admin);

  await dialog.getByRole('button', { name: 'Reload the current price' }).click();
  await expect(price).toHaveValue('4.8');
  await expect(price).toBeFocused();
  await expect(dialog.getByLabel('Product Name')).toHaveValue(renamed);
  await expect(dialog.getByRole('status')).toHaveText(
    'Price reloaded: 10+ $4.80 now. Your other changes are kept.',
  );
  await expect(dialog.getByRole('button', { name: 'Reload the current price' })).toHaveCount(0);

  // Seen now, the admin's own price is saved over it.
  await price.fill('4.2');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(admin.getByText(`${renamed} has been updated.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('$4.20');
});
