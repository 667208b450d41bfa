import { readFile } from 'node:fs/promises';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { test } from './support/admin.ts';
import { followDashboardLink } from './support/page.ts';
import { expect } from './support/test.ts';

// Issue 33, Export: the admin downloads the orders as CSV from the dashboard's Export page, a
// plain form that asks the server for the file.

test('an admin downloads the orders export from the Export page and the file has its header', async ({
  admin,
}) => {
  await admin.goto('/dashboard');
  await followDashboardLink(admin, 'Export');
  await expect(admin).toHaveURL(/\/dashboard\/exports$/);
  await expect(admin.getByRole('heading', { level: 1, name: 'Export' })).toBeVisible();
  await expectNoSeriousA11yViolations(admin);

  const orders = admin.getByRole('form', { name: 'Orders' });
  await orders.getByLabel('From').fill('2020-01-01');
  await orders.getByLabel('Status').selectOption({ label: 'All' });
  const [download] = await Promise.all([
    admin.waitForEvent('download'),
    orders.getByRole('button', { name: 'Download orders.csv' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile(await download.path(), 'utf8');
  expect(text.split('\r\n')[0]).toBe(
    'order number,date,status,company,buyer email,PO number,SKU,name,quantity,unit price,line total,shipping,tax,grand total,currency,invoice number,ship-to country',
  );

  // With Excel (semicolons): the same header split by ";", after a byte-order mark.
  await orders.getByLabel('Excel (semicolons)').check();
  const [excel] = await Promise.all([
    admin.waitForEvent('download'),
    orders.getByRole('button', { name: 'Download orders.csv' }).click(),
  ]);
  const excelText = await readFile(await excel.path(), 'utf8');
  expect(excelText.startsWith('\uFEFForder number;date;status;')).toBe(true);
});
