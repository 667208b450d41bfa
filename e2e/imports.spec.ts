import type { Product } from '../src/contract/catalog.ts';
import { productPath } from '../src/contract/product-path.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { newCustomer, sessionFile } from './support/accounts.ts';
import { origin, test, uniqueWord } from './support/admin.ts';
import { DESKTOP_ONLY, followDashboardLink } from './support/page.ts';
import { expect, type Page } from './support/test.ts';

// Issue 33, Import: an admin uploads a CSV file with two bad lines, reads the errors by line,
// fixes the file, checks it again, applies it and watches the progress bar to the end; the
// product then shows its new price. At both widths: the preview's table is the page's widest.

/** A product of this test's own, by the API; "Zz" sorts it after the demo catalogue. */
async function addPart(admin: Page, word: string, label: string) {
  const response = await admin.request.post('/api/tools', {
    headers: { origin: origin() },
    data: {
      name: `Zz Import ${label} ${word}`,
      sku: `E2E-IMP-${label.toUpperCase()}-${word.toUpperCase()}`,
      price: 4.5,
      stock: 500,
      desc: `A part made for one end-to-end test of the CSV import.`,
      img: '/images/products/spoke-wrench.svg',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Product;
}

const csvFile = (lines: string[]) => ({
  name: 'prices.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(`${lines.join('\r\n')}\r\n`),
});

async function checkFile(admin: Page, lines: string[]) {
  await admin.getByRole('radio', { name: 'List prices' }).check();
  await admin.getByLabel('CSV file').setInputFiles(csvFile(lines));
  await admin.getByRole('button', { name: 'Check file' }).click();
}

test('an admin fixes the two bad lines of a prices file, applies it and watches it to the end', async ({
  admin,
}) => {
  const word = uniqueWord();
  const [first, second] = [await addPart(admin, word, 'a'), await addPart(admin, word, 'b')];
  const missing = `E2E-IMP-NONE-${word.toUpperCase()}`;

  await admin.goto('/dashboard');
  await followDashboardLink(admin, 'Import');
  await expect(admin.getByRole('heading', { level: 1, name: 'Import' })).toBeVisible();
  await expect(
    admin.getByRole('link', { name: 'Download the template (prices.csv)' }),
  ).toHaveAttribute('href', '/templates/prices.csv');

  // Two bad lines: a price that is not one (line 3), a SKU the shop does not have (line 4).
  await checkFile(admin, [
    'sku,price,tiers',
    `${first.sku},3.95,`,
    `${second.sku},abc,`,
    `${missing},1.00,`,
  ]);
  await expect(admin).toHaveURL(/\/dashboard\/imports\?import=[0-9a-f-]{36}$/);
  const checked = admin.getByRole('region', { name: 'Checked: List prices' });
  await expect(checked).toContainText('2 errors in the file. Nothing can be applied');
  const counts = checked.getByRole('definition');
  await expect(counts).toHaveText(['3', '0', '1', '0']);
  const errors = checked.getByRole('region', { name: 'Errors by line' }).getByRole('row');
  await expect(errors).toHaveCount(3);
  const cells = (row: number) => errors.nth(row).locator('th, td');
  await expect(cells(1)).toHaveText(['3', 'price', '"abc" is not a price (write 4.50)']);
  await expect(cells(2)).toHaveText(['4', 'sku', `No product has SKU ${missing}`]);
  await expect(checked.getByRole('button', { name: 'Apply' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(admin);
  await admin.screenshot({
    path: test.info().outputPath('import-preview-errors.png'),
    fullPage: true,
  });

  // A reload finds the same import by its address.
  await admin.reload();
  await expect(checked.getByRole('region', { name: 'Errors by line' })).toBeVisible();

  // Fixed: the bad price corrected, the unknown SKU gone.
  await checkFile(admin, ['sku,price,tiers', `${first.sku},3.95,`, `${second.sku},5.25,`]);
  await expect(checked).toContainText('The file is ready. Nothing has changed yet.');
  await expect(checked.getByRole('definition')).toHaveText(['2', '0', '2', '0']);
  await expect(checked.getByRole('region', { name: 'Errors by line' })).toHaveCount(0);
  await expect(checked).toContainText(
    'Applying makes these changes all at once: 2 prices changed.',
  );

  await checked.getByRole('button', { name: 'Apply' }).click();
  const progress = checked.getByRole('progressbar');
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAccessibleName('Applied: 2 of 2');
  await expect(progress).toHaveAttribute('value', '2');
  await expect(checked.getByRole('status')).toHaveText(/Import applied: 2 prices changed\./);
  await expectNoSeriousA11yViolations(admin);
  await admin.screenshot({ path: test.info().outputPath('import-applied.png'), fullPage: true });

  // Still done after a reload: the job is the import's own.
  await admin.reload();
  await expect(checked.getByRole('progressbar')).toHaveAccessibleName('Applied: 2 of 2');

  // The product shows its new price, and the API answers it.
  const answer = await admin.request.get(`/api/tools/${first._id}`);
  expect(((await answer.json()) as Product).price).toBe(3.95);
  await admin.goto(productPath(first));
  await expect(admin.getByRole('main')).toContainText('$3.95');
});

test(`with JavaScript off, the file, Apply and the progress still work ${DESKTOP_ONLY}`, async ({
  admin,
  browser,
}) => {
  const part = await addPart(admin, uniqueWord(), 'c');
  const noScript = await browser.newContext({
    javaScriptEnabled: false,
    storageState: sessionFile('admin'),
  });
  const plain = await noScript.newPage();
  await plain.goto('/dashboard/imports');
  await checkFile(plain, ['sku,price,tiers', `${part.sku},6.10,`]);
  await expect(plain).toHaveURL(/\/dashboard\/imports\?import=[0-9a-f-]{36}$/);
  const checked = plain.getByRole('region', { name: 'Checked: List prices' });
  await expect(checked).toContainText('The file is ready.');
  await checked.getByRole('button', { name: 'Apply' }).click();
  // Nothing asks again by itself without script: the page's link does, until it is done.
  const status = checked.getByRole('status');
  for (let i = 0; i < 20 && !(await status.isVisible()); i++) {
    await checked.getByRole('link', { name: 'Check the progress again' }).click();
  }
  await expect(status).toHaveText(/Import applied: 1 price changed\./);
  await expect(checked.getByRole('progressbar')).toHaveAccessibleName('Applied: 1 of 1');
  await noScript.close();
});

test(`an admin imports a company's dealer prices, and its member sees them on the product ${DESKTOP_ONLY}`, async ({
  page,
  admin,
}) => {
  test.setTimeout(90_000);
  const word = uniqueWord();
  const part = await addPart(admin, word, 'd');
  // "Aa" sorts the company first in the picker, among every other test's.
  const name = `Aa Dealer Import ${word}`;
  await newCustomer(page, 'Dana Dealer');
  const made = await page.request.post('/api/companies', {
    headers: { origin: origin() },
    data: { name },
  });
  expect(made.status(), await made.text()).toBe(201);

  await admin.goto('/dashboard/imports');
  await admin.getByRole('radio', { name: 'Dealer prices' }).check();
  await expect(
    admin.getByRole('link', { name: 'Download the template (dealer-prices.csv)' }),
  ).toHaveAttribute('href', '/templates/dealer-prices.csv');
  const file = {
    name: 'dealer-prices.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`sku,price,tiers\r\n${part.sku},3.60,10:3.60|50:3.20\r\n`),
  };
  await admin.getByLabel('CSV file').setInputFiles(file);
  // Without a company the page says what is missing and sends nothing.
  await admin.getByRole('button', { name: 'Check file' }).click();
  await expect(admin.getByRole('alert')).toContainText(
    'Choose the company whose dealer prices the file sets.',
  );
  const picker = admin.getByLabel('Company (for dealer prices)');
  await expect(picker).toBeFocused();
  await picker.selectOption({ label: name });
  await admin.getByRole('button', { name: 'Check file' }).click();

  const checked = admin.getByRole('region', { name: `Checked: Dealer prices for ${name}` });
  await expect(checked).toContainText('The file is ready. Nothing has changed yet.');
  await expect(checked.getByRole('definition')).toHaveText(['1', '1', '0', '0']);
  await expect(checked).toContainText(
    'Applying makes these changes all at once: 1 own ladder added and 0 changed.',
  );
  await expectNoSeriousA11yViolations(admin);
  await checked.getByRole('button', { name: 'Apply' }).click();
  await expect(checked.getByRole('status')).toHaveText(
    /Import applied: 1 own ladder added and 0 changed\./,
  );
  await admin.screenshot({
    path: test.info().outputPath('import-dealer-applied.png'),
    fullPage: true,
  });

  // The company's member pays the file's ladder; the list price is what everybody else sees.
  await page.goto(productPath(part));
  await expect(page.getByRole('main')).toContainText('$3.60');
  await expect(page.getByRole('main')).toContainText('$3.20');
  const list = await admin.request.get(`/api/tools/${part._id}`);
  expect(((await list.json()) as Product).price).toBe(4.5);
});
