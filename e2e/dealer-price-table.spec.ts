import { readFile } from 'node:fs/promises';
import type { Product } from '../src/contract/catalog.ts';
import type { Category } from '../src/contract/taxonomy.ts';
import { productPath } from '../src/contract/product-path.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { fillSignUp, sessionFile, uniqueEmail } from './support/accounts.ts';
import { origin, test, uniqueWord } from './support/admin.ts';
import { expect, expectConsoleMessage, failedLoad, type Page } from './support/test.ts';
import { DESKTOP_ONLY } from './support/page.ts';
import { keepShot } from './support/shots.ts';

// The dealer-price table (issue 35, docs/decisions/0043): an admin finds a part by search and
// by category, edits the company's price for it in its row, and the company's buyer pays it;
// and a dealer-prices file imported from the table's own link. At both widths: on a phone each
// row is a card with labelled inputs.

async function addPart(admin: Page, name: string, sku: string, categoryId: string | null) {
  const response = await admin.request.post('/api/tools', {
    headers: { origin: origin() },
    data: {
      name,
      sku,
      price: 4.5,
      stock: 500,
      desc: 'A part made for one end-to-end test of the dealer-price table.',
      img: '/images/products/spoke-wrench.svg',
      ...(categoryId ? { categoryId } : {}),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Product;
}

/** A buyer signed in on `page`, owner of a new company; answers the company's id and name. */
async function buyerCompany(page: Page, word: string) {
  // Signed up through the page (newCustomer looks for the Dashboard link, which a phone keeps
  // in its closed menu).
  const email = uniqueEmail();
  await page.goto('/signup');
  await fillSignUp(page, { name: 'Tara Table', email, password: 'pedal-power-2026' });
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(`We sent a link to ${email}`)).toBeVisible();
  const name = `Aa Table Cycles ${word}`;
  const made = await page.request.post('/api/companies', {
    headers: { origin: origin() },
    data: { name },
  });
  expect(made.status(), await made.text()).toBe(201);
  return { id: ((await made.json()) as { _id: string })._id, name };
}

test('an admin finds a part by search and category, edits its dealer price in its row, and the buyer pays it', async ({
  page,
  admin,
}) => {
  test.setTimeout(90_000);
  const word = uniqueWord();
  const category = await admin.request.post('/api/categories', {
    headers: { origin: origin() },
    data: { name: `Zz Table Hubs ${word}` },
  });
  expect(category.status(), await category.text()).toBe(201);
  const hubs = (await category.json()) as Category;
  const hub = await addPart(
    admin,
    `Zz Table hub ${word}`,
    `E2E-TBL-HUB-${word.toUpperCase()}`,
    hubs._id,
  );
  await addPart(admin, `Zz Table cone ${word}`, `E2E-TBL-CONE-${word.toUpperCase()}`, null);
  const company = await buyerCompany(page, word);

  await admin.goto(`/dashboard/companies/${company.id}`);
  await admin.getByRole('link', { name: 'Edit dealer prices by product' }).click();
  await expect(
    admin.getByRole('heading', { level: 1, name: `Dealer prices: ${company.name}` }),
  ).toBeVisible();

  // The search is in the address: both of this test's parts, then the category's one.
  const find = admin.getByRole('search', { name: 'Find products' });
  await find.getByLabel('Search by SKU or name').fill(`table ${word}`);
  await find.getByRole('button', { name: 'Find' }).click();
  await expect(admin).toHaveURL(new RegExp(`q=table\\+${word}`));
  const rows = admin.getByRole('row').filter({ hasText: word });
  await expect(rows).toHaveCount(2);
  await find.getByLabel('Category').selectOption({ label: hubs.name });
  await find.getByRole('button', { name: 'Find' }).click();
  await expect(admin).toHaveURL(new RegExp(`category=${hubs.slug}`));
  await expect(rows).toHaveCount(1);
  await admin.reload();
  const row = admin.getByRole('row', { name: `${hub.name} (${hub.sku})` });
  await expect(row).toContainText('List price');

  // Edited in its row: one tier at $3.10 from 10, a second at $2.80 from 100.
  await row.getByRole('link', { name: `Edit the dealer price of ${hub.name}` }).click();
  const form = admin.getByRole('form', { name: `Dealer price of ${hub.name}` });
  await expect(form.getByLabel('Tier 1: from quantity')).toBeFocused();
  await form.getByLabel('Tier 1: unit price ($)').fill('3.10');
  await form.getByLabel('Tier 2: from quantity').fill('100');
  await form.getByLabel('Tier 2: unit price ($)').fill('2.80');
  await expectNoSeriousA11yViolations(admin);
  await admin.screenshot({
    path: test.info().outputPath('price-table-editing.png'),
    fullPage: true,
  });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toHaveCount(0);
  await expect(row).toContainText('10+ $3.10 · 100+ $2.80');
  await expect(row).toContainText('Own ladder');
  await expect(admin).toHaveURL(new RegExp(`category=${hubs.slug}`));
  await admin.screenshot({ path: test.info().outputPath('price-table-saved.png'), fullPage: true });

  // The company's buyer pays it; the list price is what everybody else sees.
  await page.goto(productPath(hub));
  await expect(page.getByRole('main')).toContainText('$3.10');
  await expect(page.getByRole('main')).toContainText('$2.80');
  const list = await admin.request.get(`/api/tools/${hub._id}`);
  expect(((await list.json()) as Product).price).toBe(4.5);

  // A row saved from a stale page is refused and says what the price is now.
  await row.getByRole('link', { name: `Edit the dealer price of ${hub.name}` }).click();
  const changed = await admin.request.put(`/api/companies/${company.id}/prices/${hub._id}`, {
    headers: { origin: origin() },
    data: {
      tiers: [{ minQuantity: 10, price: 3 }],
      tiersWas: [
        { minQuantity: 10, price: 3.1 },
        { minQuantity: 100, price: 2.8 },
      ],
    },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  await form.getByLabel('Tier 1: unit price ($)').fill('2.95');
  expectConsoleMessage(failedLoad(409));
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    `The dealer price of ${hub.sku} has changed since you opened it: it is now 10+ $3.00. Reload the row to see it, then make your change again.`,
  );
  // A reload shows the row as it is now, still open; then back to the list price.
  await admin.reload();
  await expect(form.getByLabel('Tier 1: unit price ($)')).toHaveValue('3.00');
  await form.getByRole('button', { name: 'Back to list price' }).click();
  await expect(row).toContainText('List price');
  await expect(row).not.toContainText('Own ladder');
});

test('an admin imports a dealer-prices file from the table, fixing its bad line first', async ({
  page,
  admin,
}) => {
  test.setTimeout(90_000);
  const word = uniqueWord();
  const part = await addPart(
    admin,
    `Zz Table file ${word}`,
    `E2E-TBL-FILE-${word.toUpperCase()}`,
    null,
  );
  const company = await buyerCompany(page, word);
  const missing = `E2E-TBL-NONE-${word.toUpperCase()}`;

  await admin.goto(`/dashboard/companies/${company.id}/prices`);
  await admin.getByRole('link', { name: 'Import from CSV' }).click();
  await expect(admin.getByRole('radio', { name: 'Dealer prices' })).toBeChecked();
  await expect(admin.getByLabel('Company (for dealer prices)')).toHaveValue(company.id);
  const file = (lines: string[]) => ({
    name: 'dealer-prices.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${lines.join('\r\n')}\r\n`),
  });
  await admin
    .getByLabel('CSV file')
    .setInputFiles(
      file(['sku,price,tiers', `${part.sku},3.60,10:3.60|50:3.20`, `${missing},1.00,`]),
    );
  await admin.getByRole('button', { name: 'Check file' }).click();
  const checked = admin.getByRole('region', { name: `Checked: Dealer prices for ${company.name}` });
  const errors = checked.getByRole('region', { name: 'Errors by line' }).getByRole('row');
  await expect(errors).toHaveCount(2);
  await expect(errors.nth(1).locator('th, td')).toHaveText([
    '3',
    'sku',
    `No product has SKU ${missing}`,
  ]);

  await admin
    .getByLabel('CSV file')
    .setInputFiles(file(['sku,price,tiers', `${part.sku},3.60,10:3.60|50:3.20`]));
  await admin.getByRole('button', { name: 'Check file' }).click();
  await expect(checked).toContainText('The file is ready. Nothing has changed yet.');
  await checked.getByRole('button', { name: 'Apply' }).click();
  await expect(checked.getByRole('status')).toHaveText(
    /Import applied: 1 own ladder added and 0 changed\./,
  );
  await checked.getByRole('link', { name: `See the dealer prices of ${company.name}` }).click();
  await admin.getByLabel('Search by SKU or name').fill(part.sku);
  await admin.getByRole('button', { name: 'Find' }).click();
  const row = admin.getByRole('row', { name: `${part.name} (${part.sku})` });
  await expect(row).toContainText('10+ $3.60 · 50+ $3.20');
  await expect(row).toContainText('Own ladder');
  await keepShot(admin, 'after-import');
  // And the company's own ladders download as the file the import takes back.
  const downloading = admin.waitForEvent('download');
  await admin.getByRole('link', { name: 'Download as CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^dealer-prices-.+-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile(await download.path(), 'utf8');
  expect(text.split('\r\n')).toEqual(['sku,price,tiers', `${part.sku},3.60,10:3.60|50:3.20`, '']);
});

test(`the table is searched and a row saved without script ${DESKTOP_ONLY}`, async ({
  browser,
  admin,
}) => {
  const word = uniqueWord();
  const part = await addPart(
    admin,
    `Zz Table plain ${word}`,
    `E2E-TBL-PLAIN-${word.toUpperCase()}`,
    null,
  );
  const company = await admin.request.get('/api/companies?page=1&limit=1');
  const id = ((await company.json()) as { data: { _id: string }[] }).data[0]!._id;
  const context = await browser.newContext({
    storageState: sessionFile('admin'),
    javaScriptEnabled: false,
  });
  const plain = await context.newPage();
  await plain.goto(`/dashboard/companies/${id}/prices`);
  await plain.getByLabel('Search by SKU or name').fill(part.sku);
  await plain.getByRole('button', { name: 'Find' }).click();
  const row = plain.getByRole('row', { name: `${part.name} (${part.sku})` });
  await row.getByRole('link', { name: `Edit the dealer price of ${part.name}` }).click();
  const form = plain.getByRole('form', { name: `Dealer price of ${part.name}` });
  await form.getByLabel('Tier 1: unit price ($)').fill('4.10');
  await form.getByRole('button', { name: 'Save' }).click();
  // Back on the table as it was searched, the row closed.
  await expect(plain).toHaveURL(new RegExp(`\\?q=${part.sku}&category=$`));
  await expect(row).toContainText('10+ $4.10');
  await expect(row).toContainText('Own ladder');
  await context.close();
});
