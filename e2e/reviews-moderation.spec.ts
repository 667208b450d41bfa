import { expect, test, type Browser } from './support/test.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { sessionFile, shared, type SharedRole } from './support/accounts.ts';
import { DESKTOP_ONLY } from './support/page.ts';

/** A page signed in as one of the run's shared accounts (e2e/support/global-setup.ts). */
async function signedIn(browser: Browser, role: SharedRole) {
  const context = await browser.newContext({ storageState: sessionFile(role) });
  return context.newPage();
}

test(`an admin removes a review after confirming, and the shop no longer shows it ${DESKTOP_ONLY}`, async ({
  browser,
  baseURL,
}) => {
  // A review of the shared customer's, with words no other test writes.
  const words = `Spammy spoke keys ${Date.now().toString(36)}, buy now!`;
  const customer = await signedIn(browser, 'customer');
  const added = await customer.request.post('/api/review', {
    headers: { origin: String(baseURL) },
    data: { desc: words, rating: 1 },
  });
  expect(added.status(), await added.text()).toBe(201);
  const reviewsNow = async () =>
    (
      (await (await customer.request.get('/api/reviews?limit=50')).json()) as {
        data: { desc: string }[];
      }
    ).data.map((review) => review.desc);
  expect(await reviewsNow()).toContain(words);

  const page = await signedIn(browser, 'admin');
  await page.goto('/dashboard');
  const menu = page.getByRole('navigation', { name: 'Dashboard' });
  await menu.getByRole('link', { name: 'Manage Reviews' }).click();
  await expect(page).toHaveURL(/\/dashboard\/managereviews$/);
  await expect(page.getByRole('heading', { name: 'Manage Reviews', level: 1 })).toBeVisible();
  const table = page.getByRole('region', { name: 'Reviews' });
  await expect(table.getByRole('columnheader')).toHaveText([
    'No',
    'Name',
    'Product',
    'Review',
    'Rating',
    'Delete',
  ]);
  const row = table.getByRole('row').filter({ hasText: words });
  await expect(row).toContainText(shared.customer.name);
  await expect(row).toContainText('1 of 5');
  await expectNoSeriousA11yViolations(page);

  // Cancel keeps it.
  const remove = row.getByRole('button', { name: `by ${shared.customer.name}` });
  await expect(remove).toHaveAccessibleName(/^Delete review \d+, by /);
  await remove.click();
  const modal = page.getByRole('dialog', { name: 'Are you sure want to delete this Review?' });
  await expect(modal).toContainText(words);
  await expect(modal.getByRole('button', { name: 'Cancel' })).toBeFocused();
  // Checked once it has faded in: halfway, its text is pale on purpose.
  await expect(modal.locator('.modal-box')).toHaveCSS('opacity', '1');
  await expectNoSeriousA11yViolations(page);
  await modal.getByRole('button', { name: 'Cancel' }).click();
  await expect(modal).toBeHidden();
  await expect(row).toHaveCount(1);

  await remove.click();
  await modal.getByRole('button', { name: 'Delete' }).click();
  await expect(
    page.getByText(`The review by ${shared.customer.name} has been deleted.`),
  ).toBeVisible();
  await expect(modal).toBeHidden();
  await expect(row).toHaveCount(0);
  expect(await reviewsNow()).not.toContain(words);

  // Who removed it, and what it said, is in the audit trail.
  await menu.getByRole('link', { name: 'Audit Trail' }).click();
  const entry = page
    .getByRole('region', { name: 'Audit trail' })
    .getByRole('row')
    .filter({ hasText: words });
  await expect(entry).toContainText('Review delete');
  await expect(entry).toContainText(shared.admin.email);

  await customer.context().close();
  await page.context().close();
});

test(`a customer has no Manage Reviews, and its address shows the admins-only page ${DESKTOP_ONLY}`, async ({
  browser,
}) => {
  const page = await signedIn(browser, 'customer');
  await page.goto('/dashboard');
  const menu = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(menu.getByRole('link', { name: 'My Orders' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Manage Reviews' })).toHaveCount(0);
  await page.goto('/dashboard/managereviews');
  await expect(page.getByRole('heading', { name: 'Admins only' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Manage Reviews' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Reviews' })).toHaveCount(0);
  await page.context().close();
});
