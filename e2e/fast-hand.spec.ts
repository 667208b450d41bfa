import { uniqueEmail } from './support/accounts.ts';
import { sendContactForm } from './support/home.ts';
import { fillAddressForm } from './support/orders.ts';
import { DESKTOP_ONLY } from './support/page.ts';
import { expect, test, type Page } from './support/test.ts';
import type { ToolList } from '../src/contract/catalog-list.ts';

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
    // Not waiting for load: the held scripts hold it (and DOMContentLoaded) back too.
    /** `form`: what shows the page has arrived (the cart's Checkout asks for the next page). */
    open: async (path: string, form = 'form[method="post"]') => {
      await page.mainFrame().goto(path, { waitUntil: 'commit' });
      await page.locator(form).first().waitFor();
    },
    release,
  };
}

/** The app's message that came with the redirect (its flash cookie), drawn into the page. */
const expectNotice = (page: Page, text: string) =>
  expect(page.getByRole('status').filter({ hasText: text })).toBeVisible();

test.describe('forms sent before the script takes over', { tag: DESKTOP_ONLY }, () => {
  test('each form is answered by its page before the app wakes up', async ({ page, request }) => {
    test.setTimeout(120_000);
    // The cheapest part: the new account's orders stay under an unverified account's holds.
    const { data } = (await (await request.get('/api/tools?limit=50')).json()) as ToolList;
    const part = [...data]
      .filter((tool) => tool.stock >= tool.moq * 3)
      .sort((a, b) => a.price * a.moq - b.price * b.moq)[0]!;
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

    await held.open(`/products/${part._id}`);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expectNotice(page, `Added ${part.moq} × ${part.name}`);

    await held.open('/cart', 'form[action="/checkout"]');
    await page.getByRole('button', { name: 'Checkout' }).click();
    await expect(page).toHaveURL(/\/checkout\??$/);
    // A new account has no address: the checkout's own form adds it, and the page comes back
    // with it chosen, the cheapest method and the review, all drawn by the server.
    const address = page.getByRole('form', { name: 'New address' });
    await fillAddressForm(address);
    await address.getByRole('button', { name: 'Ship to this address' }).click();
    await expect(page).toHaveURL(/\/checkout\?shippingAddressId=/);
    await expectNotice(page, 'Address added');
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/order\/payment\//);
    await expectNotice(page, 'Order Placed Success');

    await held.open('/quick-order');
    await page.getByLabel('SKU and quantity, one part per line').fill(`${part.sku} ${part.moq}`);
    await page.getByRole('button', { name: 'Add all to cart' }).click();
    await expectNotice(page, 'Quick order:');

    await held.open(`/tools/${part._id}`);
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectNotice(page, 'Order Placed Success');

    await held.open('/dashboard/myreview');
    await page.getByRole('radio', { name: '4 stars' }).check({ force: true });
    // With words: the home page's carousel shows every review's first 20 characters.
    await page.getByLabel('Your review (optional)').fill('Ordered before the page had woken up.');
    await page.getByRole('button', { name: 'Add Review' }).click();
    await expectNotice(page, 'Add Review Success');

    await held.open('/dashboard/myprofile');
    await page.getByLabel('Name', { exact: true }).fill('Fay Quickhand');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expectNotice(page, 'Your profile has been updated.');

    await page.context().clearCookies();
    await held.open('/login');
    const login = page.getByRole('form', { name: 'Login' });
    await login.getByLabel('Email').fill(account.email);
    await login.getByLabel('Password', { exact: true }).fill(account.password);
    await login.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Dashboard' }).first()).toBeVisible();

    await held.open('/forgot-password');
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expectNotice(page, 'we have sent a link to reset the password');

    await held.open('/');
    await sendContactForm(page, { ...account, message: 'Sent before the page woke up.' });
    await expectNotice(page, 'Thank you!');
    held.release();
  });
});
