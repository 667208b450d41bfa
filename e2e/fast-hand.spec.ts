import { sessionFile, shared, uniqueEmail } from './support/accounts.ts';
import { DESKTOP_ONLY } from './support/page.ts';
import { expect, test, type Page } from './support/test.ts';
import type { ToolList } from '../src/contract/catalog.ts';

// A fast hand, or a slow phone: the page has arrived as HTML and the app's script has not taken
// over yet when the form is sent (docs/decisions/0018). The scripts are held back here until the
// form has been answered; the form posts, and the page's action does what the app would have.

/**
 * Holds back every script of the app (the stylesheet still arrives, as it does first). The
 * pages are opened with the frame's own goto, which does not wait for the app as the suite's
 * page.goto does (e2e/support/test.ts): that is the point.
 */
async function holdScripts(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue().catch(() => undefined);
  });
  return {
    open: (path: string) => page.mainFrame().goto(path),
    release,
  };
}

/** The app's message that came with the redirect (its flash cookie), drawn into the page. */
const expectNotice = (page: Page, text: string) =>
  expect(page.getByRole('status').filter({ hasText: text })).toBeVisible();

test.describe('forms sent before the script takes over', { tag: DESKTOP_ONLY }, () => {
  test('sign-up, sign-in, password reset and the contact form', async ({ page }) => {
    const held = await holdScripts(page);
    const account = { name: 'Fay Hand', email: uniqueEmail('fast'), password: 'pedal-power-2026' };

    await held.open('/signup');
    const signup = page.getByRole('form', { name: 'Sign Up' });
    await signup.getByLabel('Your Name').fill(account.name);
    await signup.getByLabel('Email').fill(account.email);
    await signup.getByLabel('Password', { exact: true }).fill(account.password);
    await signup.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Dashboard' }).first()).toBeVisible();

    await page.context().clearCookies();
    await held.open('/login');
    const login = page.getByRole('form', { name: 'Login' });
    await login.getByLabel('Email').fill(shared.customer.email);
    await login.getByLabel('Password', { exact: true }).fill(shared.customer.password);
    await login.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Dashboard' }).first()).toBeVisible();

    await held.open('/forgot-password');
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expectNotice(page, 'we have sent a link to reset the password');

    await held.open('/');
    const contact = page.getByRole('form', { name: 'Contact us' });
    await contact.getByRole('textbox', { name: 'Name' }).fill(account.name);
    await contact.getByRole('textbox', { name: 'Email' }).fill(account.email);
    await contact.getByRole('textbox', { name: 'Message' }).fill('Sent before the page woke up.');
    await contact.getByRole('button', { name: 'Send' }).click();
    await expectNotice(page, 'Thank you!');
    held.release();
  });

  test.describe('a customer', () => {
    test.use({ storageState: sessionFile('customer') });

    test('adds to the cart, quick orders, checks out, orders and reviews', async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000);
      const tools = (await (await request.get('/api/tools?limit=1')).json()) as ToolList;
      const part = tools.data[0]!;
      const held = await holdScripts(page);

      await held.open(`/products/${part._id}`);
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await expectNotice(page, `Added ${part.moq} × ${part.name}`);

      await held.open('/quick-order');
      await page.getByLabel('SKU and quantity, one part per line').fill(`${part.sku} ${part.moq}`);
      await page.getByRole('button', { name: 'Add all to cart' }).click();
      await expectNotice(page, 'Quick order:');

      await held.open('/cart');
      await page.getByRole('button', { name: 'Checkout' }).click();
      await expect(page).toHaveURL(/\/order\/payment\//);
      await expectNotice(page, 'Order Placed Success');

      await held.open(`/tools/${part._id}`);
      await page.getByRole('button', { name: 'Place Order' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expectNotice(page, 'Order Placed Success');

      await held.open('/dashboard/myreview');
      await page.getByText('4 stars').click();
      await page.getByRole('button', { name: 'Add Review' }).click();
      await expectNotice(page, 'Add Review Success');
      held.release();
    });
  });
});
