import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { sessionFile } from './support/accounts.ts';
import { test, uniqueWord } from './support/admin.ts';
import { followDashboardLink } from './support/page.ts';
import { expect } from './support/test.ts';

// Issue 33, API keys: an admin makes a key in Dashboard, Integrations, sees it once, and
// revokes it; the key works until then and answers 401 after. With and without the script.

const KEY = /ecp_[0-9a-f]{8}_[A-Za-z0-9_-]{43}/;

/** A call an ERP would make with the key: no cookie, no Origin. */
const statusWithKey = async (page: Page, key: string) =>
  (
    await page.request.get('/api/categories', {
      headers: { authorization: `Bearer ${key}`, cookie: '' },
    })
  ).status();

async function createKey(page: Page, name: string) {
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('checkbox', { name: /catalog:read/ }).check();
  await page.getByRole('checkbox', { name: /orders:read/ }).check();
  await page.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByText('Copy it now: it is not shown again.')).toBeVisible();
  const key = await page.getByLabel('Your new API key').inputValue();
  expect(key).toMatch(KEY);
  return key;
}

const keyItem = (page: Page, name: string) =>
  page.getByRole('list', { name: 'API keys' }).getByRole('listitem', { name, exact: true });

test('an admin creates an API key, sees it once, and revokes it', async ({ admin: page }) => {
  await page.goto('/dashboard');
  await followDashboardLink(page, 'Integrations');
  await expect(page.getByRole('heading', { name: 'Integrations', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'API keys' })).toBeVisible();

  const name = `erp-${uniqueWord()}`;
  const key = await createKey(page, name);
  const item = keyItem(page, name);
  await expect(item).toContainText(key.slice(0, 12));
  await expect(item).toContainText('catalog:read');
  await expect(item).toContainText('Never');
  await expectNoSeriousA11yViolations(page);
  expect(await statusWithKey(page, key)).toBe(200);

  // Shown once: the page drawn again has the key's prefix, never the key.
  await page.reload();
  await expect(keyItem(page, name)).toBeVisible();
  await expect(page.getByText('Copy it now: it is not shown again.')).toHaveCount(0);
  expect(await page.content()).not.toContain(key);
  await expect(keyItem(page, name)).not.toContainText('Last usedNever');

  await page.getByRole('button', { name: `Revoke the key ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke this key?' });
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText(`The key ${name} is revoked`)).toBeVisible();
  await expect(keyItem(page, name)).toHaveCount(0);
  expect(await statusWithKey(page, key)).toBe(401);
});

test('without JavaScript, an admin creates a key, sees it once, and revokes it', async ({
  browser,
}) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: sessionFile('admin'),
  });
  const page = await context.newPage();
  await page.goto('/dashboard/integrations');
  const name = `wms-${uniqueWord()}`;
  const key = await createKey(page, name);
  await expect(keyItem(page, name)).toBeVisible();
  expect(await statusWithKey(page, key)).toBe(200);

  await page.getByRole('button', { name: `Revoke the key ${name}` }).click();
  await expect(page).toHaveURL(/\/dashboard\/integrations$/);
  await expect(page.getByText(`The key ${name} is revoked`)).toBeVisible();
  await expect(keyItem(page, name)).toHaveCount(0);
  expect(await statusWithKey(page, key)).toBe(401);
  await context.close();
});
