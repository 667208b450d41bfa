import type { MyCompany } from '../src/contract/companies.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { fillSignUp, firstLink, mailsTo, uniqueEmail } from './support/accounts.ts';
import { origin, uniqueWord } from './support/admin.ts';
import { expect, test, type Page } from './support/test.ts';

// Issue 31, sections 4 and 5 on the Company page, on a phone as on a desktop: an admin bound by
// a $100 limit is told, before anything is posted, that only the owner invites without a limit;
// the owner hands the company to that admin with "Make owner", after a confirmation.

/** Signs up through the page, as on a phone the menu hides the Dashboard link newCustomer waits for. */
async function signUp(page: Page, name: string) {
  const account = { name, email: uniqueEmail('company'), password: 'pedal-power-2026' };
  await page.goto('/signup');
  await fillSignUp(page, account);
  await expect(page).toHaveURL(/\/$/);
  return account;
}

test('an admin with a limit is told what only the owner may do, and the owner hands the company to them', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const companyName = `Velo Werkstatt ${uniqueWord()}`;
  await signUp(page, 'Olivia Owner');
  const made = await page.request.post('/api/companies', {
    headers: { origin: origin() },
    data: { name: companyName },
  });
  expect(made.status(), await made.text()).toBe(201);

  // The owner invites an admin with a $100 limit of their own; they join from another browser.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  const admin = await signUp(adminPage, 'Ada Admin');
  const invited = await page.request.post('/api/companies/me/invites', {
    headers: { origin: origin() },
    data: { email: admin.email, role: 'admin', spendingLimit: 100 },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  await expect.poll(() => mailsTo(admin.email).length).toBeGreaterThan(0);
  const token = firstLink(mailsTo(admin.email).at(-1)!).split('/').at(-1)!;
  const joined = await adminPage.request.post(`/api/company-invites/${token}/accept`, {
    headers: { origin: origin() },
  });
  expect(joined.status(), await joined.text()).toBe(200);

  // The admin's invite form asks for a limit and says theirs is the most they may give.
  await adminPage.goto('/dashboard/company');
  const form = adminPage.getByRole('form', { name: 'Invite' });
  await expect(form.getByText('At most $100.00, your own limit')).toBeVisible();
  await form.getByLabel('Email').fill(`second-${uniqueWord()}@example.com`);
  await form.getByRole('button', { name: 'Send invite' }).click();
  await expect(
    form.getByText(
      'Your own limit is $100.00: only the owner can invite someone without a spending limit.',
    ),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(adminPage);

  // The owner hands the company on: a dialog asks first, then the roles change places.
  await page.goto('/dashboard/company');
  const members = page.getByRole('list', { name: 'Members' });
  await members.getByRole('button', { name: 'Make Ada Admin the owner' }).click();
  const dialog = page.getByRole('dialog', { name: `Make Ada Admin the owner of ${companyName}?` });
  await expect(dialog).toContainText('Become an admin');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Make owner' }).click();
  await expect(
    page.getByText(`Ada Admin now owns ${companyName}: you are an admin.`),
  ).toBeVisible();
  await expect(members.getByRole('listitem', { name: 'Ada Admin' })).toContainText('Owner');
  await expect(members.getByRole('listitem', { name: 'Olivia Owner (you)' })).toContainText(
    'Admin',
  );
  await expect(members.getByRole('button', { name: /the owner$/ })).toHaveCount(0);
  const me = (await (await page.request.get('/api/companies/me')).json()) as MyCompany;
  expect(me.role).toBe('admin');
  await adminContext.close();
});
