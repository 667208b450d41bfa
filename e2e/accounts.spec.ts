import {
  expect,
  expectConsoleMessage,
  failedLoad,
  test,
  type APIRequestContext,
} from './support/test.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import {
  fillSignUp,
  firstLink,
  logIn,
  mailsTo,
  newCustomer,
  sessionFile,
  shared,
  uniqueEmail,
} from './support/accounts.ts';
import { expectRedText } from './support/page.ts';

// Flows with state: one browser width is enough; the pages' layout is covered elsewhere.

async function firstProductId(request: APIRequestContext) {
  const { data } = await (await request.get('/api/tools?limit=1')).json();
  return data[0]._id as string;
}

test('a visitor who opens a product signs up and lands back on it', async ({ page, request }) => {
  const id = await firstProductId(request);
  await page.goto(`/tools/${id}`);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Login Now' })).toBeVisible();
  await expect(page.getByText('Please login and explore')).toBeVisible();
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { name: 'Sign Up' })).toBeVisible();
  await expect(page.getByText('Join our community and explore')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await fillSignUp(page, {
    name: 'Sam Sprocket',
    email: uniqueEmail(),
    password: 'pedal-power-2026',
  });
  await expect(page).toHaveURL(new RegExp(`/tools/${id}$`));
  await expect(page.getByText(/In-Stock: \d+ ps/)).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('Sam Sprocket');
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toMatch(/^v1\./);
});

test('a wrong password shows a red message under the form', async ({ page }) => {
  expectConsoleMessage(failedLoad(401), { url: /\/api\/auth\/sign-in\/email$/ });
  await page.goto('/login');
  await logIn(page, { email: shared.customer.email, password: 'not-my-password' });
  const error = page.getByRole('alert').filter({ hasText: /email or password/i });
  await expect(error).toBeVisible();
  await expectRedText(error);
  await expect(page).toHaveURL(/\/login$/);
});

test('a customer signs out from the avatar menu and the session ends', async ({ page }) => {
  await newCustomer(page);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('link', { name: 'Login', exact: true }).first()).toBeAttached();
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('a customer resets a forgotten password through the mailed link', async ({ page }) => {
  const account = await newCustomer(page);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  // Signed out once the navbar offers Login again: /login sends a signed-in visitor home.
  await expect(page.getByRole('link', { name: 'Login', exact: true }).first()).toBeAttached();

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.getByRole('form', { name: 'Forgot password' }).getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(/we have sent a link/i)).toBeVisible();

  let link = '';
  await expect(async () => {
    const mail = mailsTo(account.email).find((m) => /Reset/.test(m.subject));
    expect(mail).toBeDefined();
    link = firstLink(mail!);
  }).toPass();
  await page.goto(link);
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await page.getByLabel('New password').fill('a-brand-new-secret');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText(/password has been changed|password is changed/i)).toBeVisible();

  await logIn(page, { email: account.email, password: 'a-brand-new-secret' });
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Dashboard' }).first()).toBeAttached();
});

// Social sign-in: e2e/social-sign-in.spec.ts, against a test-mode server of its own.

test.describe(() => {
  // Reads only: the customer signed up once for the run will do.
  test.use({ storageState: sessionFile('customer') });

  test('a customer sees their own menu and is refused the admin pages', async ({ page }) => {
    await page.goto('/dashboard/myprofile');
    const menu = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(menu.getByRole('link', { name: 'My Profile' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'My Review' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'My Orders' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Manage User' })).toHaveCount(0);

    await page.goto('/dashboard/manageuser');
    await expect(page.getByRole('heading', { name: 'Admins only' })).toBeVisible();
  });
});

test('an admin sees the admin menu instead of the customer pages', async ({ page }) => {
  // Through the form: the admin that ADMIN_EMAILS made once verified signs in like anyone else.
  await logIn(page, shared.admin);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/dashboard/myprofile');
  const menu = page.getByRole('navigation', { name: 'Dashboard' });
  for (const item of [
    'My Profile',
    'Manage User',
    'Manage All Order',
    'Add A Product',
    'Manage Product',
  ]) {
    await expect(menu.getByRole('link', { name: item })).toBeVisible();
  }
  await expect(menu.getByRole('link', { name: 'My Review' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});
