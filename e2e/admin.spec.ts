import {
  BROKEN_PHOTO_PATH,
  expect,
  expectConsoleMessage,
  failedLoad,
  type Page,
} from './support/test.ts';
import type { Product } from '../src/contract/catalog.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { origin, test, uniqueWord } from './support/admin.ts';
import { newCustomer, shared } from './support/accounts.ts';
import { scrollToReviews } from './support/home.ts';
import { payByCard, placeOrderFor } from './support/orders.ts';
import { expectColumns, expectRedText } from './support/page.ts';

// Flows with state: playwright.config.ts runs this file at desktop width only.

/**
 * A product of this test's own, added through the API by the signed-in admin on `page`. Its
 * name starts with "Zz" so it sorts after the demo catalogue the shop and home tests read.
 */
async function addProductByApi(page: Page, values: { stock: number; price?: number }) {
  const name = `Zz E2E Spoke Key ${uniqueWord()}`;
  const response = await page.request.post('/api/tools', {
    headers: { origin: origin() },
    data: {
      name,
      price: values.price ?? 4.5,
      stock: values.stock,
      desc: 'A spoke key made for one end-to-end test.',
      img: '/images/products/chain-checker.svg',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Product;
}

/** The stock the API reports now, to check what the pages show against the database. */
async function stockOf(page: Page, id: string) {
  const response = await page.request.get(`/api/tools/${id}`);
  return ((await response.json()) as Product).stock;
}

const dashboardMenu = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });

const searchUsers = async (admin: Page, email: string) => {
  await admin.goto('/dashboard/manageuser');
  await admin.getByRole('searchbox', { name: 'Search users' }).fill(email);
  await admin.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(admin.getByText('1 user matching')).toBeVisible();
  return admin.getByRole('region', { name: 'Users' }).getByRole('row').filter({ hasText: email });
};

test.describe('Manage User', () => {
  test('an admin makes a customer an admin, who sees the admin menu after a reload', async ({
    page,
    admin,
  }) => {
    const name = `Pat Promoted ${uniqueWord()}`;
    const customer = await newCustomer(page, name);
    await page.goto('/dashboard/myprofile');
    await expect(dashboardMenu(page).getByRole('link', { name: 'My Review' })).toBeVisible();
    await expect(dashboardMenu(page).getByRole('link', { name: 'Manage User' })).toHaveCount(0);
    const row = await searchUsers(admin, customer.email);
    const table = admin.getByRole('region', { name: 'Users' });
    await expectColumns(table, ['No', 'Name', 'Email', 'Role', 'Action', 'Delete']);
    // The real name, not the spec's placeholder word.
    await expect(row.getByRole('cell').nth(0)).toHaveText(name);
    await expect(row.getByRole('cell').nth(2)).toHaveText('User');
    await expectNoSeriousA11yViolations(admin);

    await row.getByRole('button', { name: 'Make Admin' }).click();
    await expect(admin.getByText(`${customer.email} is now an admin.`)).toBeVisible();
    await expect(row.getByRole('cell').nth(2)).toHaveText('Admin');
    const done = row.getByRole('button', { name: /^Admin/ });
    await expect(done).toHaveText('Admin');
    await expect(done).toBeDisabled();

    // The customer's open page learns it on the next load.
    await page.reload();
    const menu = dashboardMenu(page);
    for (const item of ['Manage User', 'Manage All Order', 'Add A Product', 'Manage Product']) {
      await expect(menu.getByRole('link', { name: item })).toBeVisible();
    }
    await expect(menu.getByRole('link', { name: 'My Review' })).toHaveCount(0);
    await menu.getByRole('link', { name: 'Manage User' }).click();
    await expect(page.getByRole('heading', { name: 'Manage Users' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Users' })).toBeVisible();
  });

  test('an admin deletes a customer after confirming, but never their own account', async ({
    page,
    admin,
  }) => {
    const customer = await newCustomer(page, `Dora Deleted ${uniqueWord()}`);

    const mine = await searchUsers(admin, shared.admin.email);
    await expect(mine.getByRole('cell').nth(0)).toHaveText(/^Avery Admin\s*You$/);
    await expect(mine.getByRole('button', { name: /^Delete/ })).toBeDisabled();
    await expect(mine.getByRole('button', { name: /^Admin/ })).toBeDisabled();

    const row = await searchUsers(admin, customer.email);
    // Each row carries its phone card too (hidden here): the first button is the table's.
    await row
      .getByRole('button', { name: /^Delete/ })
      .first()
      .click();
    const modal = admin.getByRole('dialog', { name: 'Are you sure want to delete this User?' });
    await expect(modal).toContainText(customer.email);
    await expect(modal).toContainText('User');
    // Focus starts on Cancel, so Enter on a freshly opened dialog deletes nothing.
    await expect(modal.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectNoSeriousA11yViolations(admin);
    await modal.getByRole('button', { name: 'Delete' }).click();
    await expect(admin.getByText(`The user ${customer.email} has been deleted.`)).toBeVisible();
    await expect(modal).toBeHidden();
    await expect(admin.getByText(`No users match “${customer.email}”.`)).toBeVisible();

    // The deleted customer's session has ended with the account.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('the catalogue', () => {
  test('an admin adds a product, which shows in the shop and can be ordered', async ({
    page,
    admin,
  }) => {
    await admin.goto('/dashboard');
    await dashboardMenu(admin).getByRole('link', { name: 'Add A Product' }).click();
    const form = admin.getByRole('form', { name: 'Add New Product' });
    await expect(form).toBeVisible();

    // Nothing filled in: each required field says what it needs, in red, under it.
    await form.getByRole('button', { name: 'Add Product' }).click();
    const nameError = form.getByText('Please enter the product name');
    await expect(nameError).toBeVisible();
    await expectRedText(nameError);
    await expect(form.getByText('Please enter a price')).toBeVisible();
    await expect(form.getByText('Please enter the stock')).toBeVisible();
    await expect(form.getByText('Please enter an image link')).toBeVisible();
    await expect(form.getByLabel('Product Name')).toHaveAttribute('aria-invalid', 'true');
    await expectNoSeriousA11yViolations(admin);

    const name = `Zz E2E Truing Stand ${uniqueWord()}`;
    await form.getByLabel('Product Name').fill(name);
    await form.getByLabel('Price').fill('12.345');
    await form.getByLabel('Stock').fill('2.5');
    await form.getByLabel('Product image link').fill('javascript:alert(1)');
    await form.getByRole('button', { name: 'Add Product' }).click();
    await expect(form.getByText('Price has at most 2 decimals')).toBeVisible();
    await expect(form.getByText('Stock must be a whole number')).toBeVisible();
    await expect(form.getByText(/Image link must be an http\(s\) URL/)).toBeVisible();

    await form.getByLabel('Price').fill('0');
    await form.getByRole('button', { name: 'Add Product' }).click();
    await expect(form.getByText('Price must be more than 0')).toBeVisible();

    await form.getByLabel('Price').fill('24.99');
    await form.getByLabel('Stock').fill('40');
    await form.getByLabel('Product description').fill('Holds a wheel true while you tension it.');
    await form.getByLabel('Product image link').fill('/images/products/spoke-wrench.svg');
    await form.getByRole('button', { name: 'Add Product' }).click();
    await expect(admin.getByText(`${name} has been added`)).toBeVisible();
    // Ready for the next product.
    await expect(form.getByLabel('Product Name')).toHaveValue('');
    await expect(form.getByLabel('Price')).toHaveValue('');

    // A customer finds it in the shop and orders it.
    await newCustomer(page, `Sid Shopper ${uniqueWord()}`);
    await page.goto(`/shop?q=${encodeURIComponent(name)}`);
    const card = page.getByRole('main').getByRole('article').filter({ hasText: name });
    await expect(card).toContainText('$24.99');
    await card.getByRole('link', { name: `Order Now: ${name}` }).click();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(page.getByText('In-Stock: 40 ps')).toBeVisible();
    await expect(page.getByText('Holds a wheel true while you tension it.')).toBeVisible();
    await page.getByLabel(/Quantity/).fill('10');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByText('Order Placed Success')).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('$249.90');
  });

  test('an admin changes the stock in Manage Products and the purchase page shows it', async ({
    page,
    admin,
  }) => {
    const product = await addProductByApi(admin, { stock: 30, price: 7.25 });
    // The admin has seen the purchase page before the change, so the app holds the old stock.
    await admin.goto(`/tools/${product._id}`);
    await expect(admin.getByText('In-Stock: 30 ps')).toBeVisible();

    await admin.getByRole('link', { name: 'Dashboard' }).first().click();
    await dashboardMenu(admin).getByRole('link', { name: 'Manage Product' }).click();
    await admin.getByRole('searchbox', { name: 'Find products' }).fill(product.name);
    await admin.getByRole('button', { name: 'Search', exact: true }).click();
    const table = admin.getByRole('region', { name: 'Products' });
    await expectColumns(table, ['No', 'Name', 'Price', 'Stock', 'Manage', 'Delete']);
    const row = table.getByRole('row').filter({ hasText: product.name });
    await expect(row).toContainText('$7.25');
    await expect(row.getByRole('cell').nth(2)).toHaveText('30');
    await expectNoSeriousA11yViolations(admin);

    await row.getByRole('button', { name: `Manage ${product.name}` }).click();
    const dialog = admin.getByRole('dialog', { name: 'Edit product' });
    await expect(dialog.getByLabel('Product Name')).toHaveValue(product.name);
    await expect(dialog.getByLabel('Stock')).toHaveValue('30');
    await expectNoSeriousA11yViolations(admin);

    await dialog.getByLabel('Stock').fill('-1');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog.getByText('Stock cannot be negative')).toBeVisible();
    await dialog.getByLabel('Stock').fill('125');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(admin.getByText(`${product.name} has been updated.`)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row.getByRole('cell').nth(2)).toHaveText('125');

    // Back in the same app, without a reload, the purchase page has the new stock...
    while (!admin.url().includes('/tools/')) await admin.goBack();
    await expect(admin.getByText('In-Stock: 125 ps')).toBeVisible();
    // ...and so does a customer's.
    await newCustomer(page, `Stella Stock ${uniqueWord()}`);
    await page.goto(`/tools/${product._id}`);
    await expect(page.getByText('In-Stock: 125 ps')).toBeVisible();
  });

  test('an admin deletes a product after confirming, and the shop no longer has it', async ({
    admin: page,
  }) => {
    const product = await addProductByApi(page, { stock: 12 });
    // The deleted product's page, opened at the end: it and its data answer 404.
    expectConsoleMessage(failedLoad(404), { url: new RegExp(`/tools/${product._id}$`) });

    await page.goto(`/dashboard/manageProduct?q=${encodeURIComponent(product.name)}`);
    const row = page.getByRole('row').filter({ hasText: product.name });
    await row.getByRole('button', { name: `Delete ${product.name}` }).click();
    const modal = page.getByRole('dialog', { name: 'Are you sure want to delete this Product?' });
    await expect(modal).toContainText(product.name);
    await expect(modal).toContainText('$4.50');
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await expect(modal).toBeHidden();
    await expect(row).toBeVisible();

    await row.getByRole('button', { name: `Delete ${product.name}` }).click();
    await modal.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(`${product.name} has been deleted.`)).toBeVisible();
    await expect(page.getByText(`No products match “${product.name}”.`)).toBeVisible();

    await page.goto(`/shop?q=${encodeURIComponent(product.name)}`);
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(0);
    await page.goto(`/tools/${product._id}`);
    await expect(
      page.getByRole('heading', { name: 'This product is not available' }),
    ).toBeVisible();
  });
});

test.describe('Manage All Orders', () => {
  test('an admin deletes an unpaid order, newest first, and its stock comes back', async ({
    page,
    admin,
  }) => {
    const product = await addProductByApi(admin, { stock: 100 });

    const customer = await newCustomer(page, `Uma Unpaid ${uniqueWord()}`);
    await placeOrderFor(page, product, 25);
    await placeOrderFor(page, product, 10);
    expect(await stockOf(page, product._id)).toBe(65);

    // The desk's filters are the address's: Status "Unpaid".
    await admin.goto('/dashboard/manageallorders?status=unpaid');
    await expect(admin.getByLabel('Status')).toHaveValue('unpaid');
    const table = admin.getByRole('table', { name: 'All orders' });
    const rows = table.getByRole('row').filter({ hasText: customer.email });
    // Newest first: the order of 10 was placed after the order of 25.
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('$45.00');
    const row = rows.nth(1);
    await expect(row).toContainText(product.name);
    await expect(row).toContainText('Unpaid');
    await expect(row).toContainText('$112.50');
    await expectNoSeriousA11yViolations(admin);

    // Each row carries its phone card too (hidden here): the first button is the table's.
    await row
      .getByRole('button', { name: /^Delete/ })
      .first()
      .click();
    const modal = admin.getByRole('dialog', { name: 'Are you sure want to delete this?' });
    await expect(modal).toContainText(product.name);
    await expect(modal).toContainText('$112.50');
    await expect(modal).toContainText('25');
    await expectNoSeriousA11yViolations(admin);
    await modal.getByRole('button', { name: 'Delete' }).click();
    await expect(admin.getByText(`${product.name} has been deleted.`)).toBeVisible();
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText('$45.00');
    expect(await stockOf(admin, product._id)).toBe(90);

    // The customer sees the order gone and the stock back.
    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: product.name })).toHaveCount(1);
    await page.goto(`/tools/${product._id}`);
    await expect(page.getByText('In-Stock: 90 ps')).toBeVisible();
  });

  test('an admin marks a paid order shipped, and it cannot be deleted', async ({ page, admin }) => {
    const product = await addProductByApi(admin, { stock: 50, price: 2 });

    const customer = await newCustomer(page, `Paula Paid ${uniqueWord()}`);
    await placeOrderFor(page, product, 10);
    await page
      .getByRole('row')
      .filter({ hasText: product.name })
      .getByRole('link', { name: /Pay/ })
      .click();
    await payByCard(page);
    await expect(page.getByText('Congrats your payment has been succeed!')).toBeVisible();

    await admin.goto('/dashboard/manageallorders?status=paid');
    await expect(admin.getByLabel('Status')).toHaveValue('paid');
    const table = admin.getByRole('table', { name: 'All orders' });
    const row = table.getByRole('row').filter({ hasText: customer.email });
    await expect(row).toContainText('Paid');
    // A paid order is not deleted: the desk offers no Delete for it.
    await expect(row.getByRole('button', { name: /^Delete/ })).toHaveCount(0);

    await row
      .getByRole('button', { name: /^Mark shipped/ })
      .first()
      .click();
    await expect(
      admin.getByText(`${product.name} for ${customer.email} is marked shipped.`),
    ).toBeVisible();

    await admin.getByLabel('Status').selectOption('shipped');
    await admin.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect(admin).toHaveURL(/status=shipped/);
    const shipped = table.getByRole('row').filter({ hasText: customer.email });
    await expect(shipped.getByText('Shipped', { exact: true }).first()).toBeVisible();
    await expect(shipped.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
    await expectNoSeriousA11yViolations(admin);
    // The filter lives in the address: Back shows the paid orders again, without this one.
    await admin.goBack();
    await expect(admin).toHaveURL(/status=paid/);
    await expect(admin.getByLabel('Status')).toHaveValue('paid');
    await expect(row).toHaveCount(0);
  });
});

test('the audit trail shows what an admin just changed, newest first', async ({ admin: page }) => {
  const product = await addProductByApi(page, { stock: 5 });
  const edit = await page.request.patch(`/api/tools/${product._id}`, {
    headers: { origin: origin() },
    // A count names the stock it was made against (stockWas).
    data: { stock: 6, stockWas: 5 },
  });
  expect(edit.ok()).toBe(true);

  await page.goto('/dashboard');
  await dashboardMenu(page).getByRole('link', { name: 'Audit Trail' }).click();
  await expect(page.getByRole('heading', { name: 'Audit Trail' })).toBeVisible();
  const table = page.getByRole('region', { name: 'Audit trail' });
  const mine = table.getByRole('row').filter({ hasText: product.name });
  await expect(mine).toHaveCount(2);
  await expect(mine.nth(0)).toContainText('Product update');
  await expect(mine.nth(0)).toContainText('stock 6');
  await expect(mine.nth(1)).toContainText('Product create');
  await expect(mine.nth(1)).toContainText(shared.admin.email);

  const times = await table
    .locator('tbody time')
    .evaluateAll((nodes) => nodes.map((node) => Date.parse(node.getAttribute('datetime') ?? '')));
  expect(times).toEqual([...times].sort((a, b) => b - a));
  await expectNoSeriousA11yViolations(page);
});

test.describe('My Review', () => {
  test('a customer rates with the keyboard, adds a review, and it shows on the home page', async ({
    page,
  }) => {
    const name = `Rita Reviewer ${uniqueWord()}`;
    await newCustomer(page, name);
    // The home page (and its reviews) is already in the app's memory before the review.
    await scrollToReviews(page);

    await page.goto('/dashboard');
    await dashboardMenu(page).getByRole('link', { name: 'My Review' }).click();
    const form = page.getByRole('form', { name: 'Review ECParts' });
    await expect(form).toContainText(name);

    // The rating is required: the error shows in red and focus moves to the stars.
    const stars = form.getByRole('radiogroup', { name: 'Rating' });
    const oneStar = stars.getByRole('radio', { name: '1 star', exact: true });
    await form.getByLabel('Your review (optional)').fill('Quick to ship');
    await form.getByRole('button', { name: 'Add Review' }).click();
    const ratingError = form.getByText('Please choose a rating');
    await expect(ratingError).toBeVisible();
    await expectRedText(ratingError);
    await expect(oneStar).toBeFocused();
    await expectNoSeriousA11yViolations(page);

    // Tab reaches the stars; arrow keys choose.
    await form.getByRole('link', { name: 'Change them in My Profile' }).focus();
    await page.keyboard.press('Tab');
    await expect(oneStar).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(stars.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await expect(form.getByText('4 out of 5')).toBeVisible();
    await expect(ratingError).toBeHidden();

    const text = '<b>Bold</b> claims & fast delivery of chains';
    await form.getByLabel('Your review (optional)').fill(text);
    await form.getByRole('button', { name: 'Add Review' }).click();
    await expect(page.getByText('Add Review Success')).toBeVisible();
    await expect(form.getByLabel('Your review (optional)')).toHaveValue('');

    // Back on the home page without a reload: the carousel has the new review.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Home', exact: true })
      .first()
      .click();
    const reviews = await scrollToReviews(page);
    const card = reviews.getByRole('article').filter({ has: page.getByRole('heading', { name }) });
    await expect(card).toContainText('<b>Bold</b> claims &…');
    await expect(card.locator('b')).toHaveCount(0);
    await expect(card).toContainText('Rating 4');
    const photo = card.locator('img');
    await expect(photo).toHaveAttribute('src', /avatar-placeholder\.svg$/);
  });
});

test('a review whose photo link no longer works shows the placeholder photo', async ({ page }) => {
  const name = `Bea Brokenphoto ${uniqueWord()}`;
  const customer = await newCustomer(page, name);
  const profile = await page.request.put(`/api/users/${encodeURIComponent(customer.email)}`, {
    headers: { origin: origin() },
    data: { email: customer.email, image: BROKEN_PHOTO_PATH },
  });
  expect(profile.ok(), await profile.text()).toBe(true);
  const added = await page.request.post('/api/review', {
    headers: { origin: origin() },
    data: { desc: 'Great spoke keys, sturdy and well priced.', rating: 5 },
  });
  expect(added.status(), await added.text()).toBe(201);

  await page.goto('/');
  const reviews = await scrollToReviews(page);
  const cards = reviews.getByRole('article');
  const card = cards.filter({ has: page.getByRole('heading', { name }) });
  await expect(card).toBeAttached();
  // Photos load as their slide comes near: bring this one into view (others may be newer).
  const index = await cards.evaluateAll(
    (all, wanted) =>
      all.findIndex((article) => article.querySelector('h3')?.textContent === wanted),
    name,
  );
  const bullets = reviews.getByRole('button', { name: /^Go to slide \d+$/ });
  const slide = Math.min(index + 1, await bullets.count());
  await reviews.getByRole('button', { name: `Go to slide ${slide}`, exact: true }).click();
  await expect(card).toBeInViewport();
  const photo = card.locator('img');
  await expect(photo).toHaveAttribute('src', /avatar-placeholder\.svg$/);
  await expect(photo).toHaveJSProperty('complete', true);
  expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});
