import { uniqueEmail } from './support/accounts.ts';
import { sendContactForm } from './support/home.ts';
import { fillAddressForm } from './support/orders.ts';
import { DESKTOP_ONLY } from './support/page.ts';
import { expect, expectConsoleMessage, failedLoad, test, type Page } from './support/test.ts';
import type { ToolList } from '../src/contract/catalog-list.ts';

// With scripts off, every form a visitor or customer sends still works (docs/decisions/0018):
// it posts, the page's route action runs on the server, and the next page says what happened.
// One sign-up per run (the server allows 30 per address per hour).
test.use({ javaScriptEnabled: false });

/** The app's message that came with the redirect (its flash cookie), drawn into the page. */
const expectNotice = (page: Page, text: string) =>
  expect(page.getByRole('status').filter({ hasText: text })).toBeVisible();

test.describe('forms with JavaScript off', { tag: DESKTOP_ONLY }, () => {
  test('a visitor signs up, signs in, searches, orders and writes to the shop', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const account = {
      name: 'Noa Script',
      email: uniqueEmail('noscript'),
      password: 'pedal-power-2026',
    };

    // Sign up: a wrong email first comes back with what was typed and why, never the password.
    // The refusals answer with the API's status, which the browser notes in its console.
    expectConsoleMessage(failedLoad(400), { url: /\/signup$/ });
    expectConsoleMessage(failedLoad(401), { url: /\/login$/ });
    await page.goto('/signup');
    const signup = page.getByRole('form', { name: 'Sign Up' });
    await signup.getByLabel('Your Name').fill(account.name);
    await signup.getByLabel('Email').fill('not-an-email');
    await signup.getByLabel('Password', { exact: true }).fill(account.password);
    await signup.getByRole('button', { name: 'Sign Up' }).click();
    await expect(signup.getByLabel('Your Name')).toHaveValue(account.name);
    await expect(signup.getByText('Please enter a valid email')).toBeVisible();
    await expect(signup.getByLabel('Password', { exact: true })).toHaveValue('');
    await signup.getByLabel('Email').fill(account.email);
    await signup.getByLabel('Password', { exact: true }).fill(account.password);
    await signup.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Dashboard' }).first()).toBeVisible();

    // Sign in again, in a fresh browser without the cookie.
    await page.context().clearCookies();
    await page.goto('/login');
    const login = page.getByRole('form', { name: 'Login' });
    await login.getByLabel('Email').fill(account.email);
    await login.getByLabel('Password', { exact: true }).fill('not-the-password');
    await login.getByRole('button', { name: 'Login' }).click();
    await expect(login.getByRole('alert')).toContainText(/email or password/i);
    await expect(login.getByLabel('Email')).toHaveValue(account.email);
    await login.getByLabel('Password', { exact: true }).fill(account.password);
    await login.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Dashboard' }).first()).toBeVisible();

    // Search, then add a part from its card in the list, and two parts from their pages.
    const tools = (await (await request.get('/api/tools?limit=3')).json()) as ToolList;
    const [first, second, third] = tools.data;
    await page.getByRole('searchbox').fill(first!.name);
    await page.getByRole('button', { name: 'Search products' }).click();
    await expect(page).toHaveURL(/\/shop\?q=/);
    await expect(page.getByRole('main').getByText(first!.name).first()).toBeVisible();
    await page.goto(`/shop?q=${encodeURIComponent(third!.sku)}`);
    const listed = page.url();
    await page.getByRole('button', { name: `Add to cart: ${third!.name}` }).click();
    await expect(page).toHaveURL(listed);
    await expectNotice(page, `Added ${third!.moq} × ${third!.name}`);
    for (const part of [first!, second!]) {
      await page.goto(`/products/${part._id}`);
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await expectNotice(page, `Added ${part.moq} × ${part.name}`);
    }
    await page.goto('/cart');
    for (const part of [first!, second!, third!]) {
      await expect(page.getByRole('main').getByText(part.name).first()).toBeVisible();
    }

    // Quick order: a pasted line goes in.
    await page.goto('/quick-order');
    await page
      .getByLabel('SKU and quantity, one part per line')
      .fill(`${first!.sku} ${first!.moq}`);
    await page.getByRole('button', { name: 'Add all to cart' }).click();
    await expectNotice(page, 'Quick order:');

    // The purchase page's Add to cart is answered by the product page's action.
    await page.goto(`/tools/${second!._id}`);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expectNotice(page, `Added ${second!.moq} × ${second!.name}`);

    // Place an order from the purchase page: on to the dashboard, saying so.
    await page.goto(`/tools/${first!._id}`);
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectNotice(page, 'Order Placed Success');

    // Checkout: the cart's button opens the checkout page, where a new address is added, the
    // method changed with its own button, and Place order goes on to paying. The order placed
    // just now goes first: an unverified account may hold $2,000 in unpaid orders.
    const mine = await page.request.get(`/api/orders?email=${encodeURIComponent(account.email)}`);
    for (const order of ((await mine.json()) as { data: { _id: string }[] }).data) {
      const deleted = await page.request.delete(`/api/orders/${order._id}`, {
        headers: { origin: new URL(page.url()).origin },
      });
      expect(deleted.status(), await deleted.text()).toBe(200);
    }
    // The part added from its card goes too: with shipping and tax the cart would come to more
    // than those $2,000 (the cap counts the grand total).
    const removed = await page.request.delete(`/api/cart/lines/${third!._id}`, {
      headers: { origin: new URL(page.url()).origin },
    });
    expect(removed.status(), await removed.text()).toBe(200);
    await page.goto('/cart');
    await page.getByRole('button', { name: 'Checkout', exact: true }).click();
    await expect(page).toHaveURL(/\/checkout/);
    const address = page.getByRole('form', { name: 'New address' });
    await fillAddressForm(address);
    await address.getByRole('button', { name: 'Ship to this address' }).click();
    await expectNotice(page, 'Address added');
    await page.getByRole('radio', { name: /Express/ }).check();
    await page.getByRole('button', { name: 'Use this method' }).click();
    await expect(page).toHaveURL(/shippingMethodId=/);
    await expect(page.getByRole('region', { name: 'Review' })).toContainText(
      'Shipping (Express)$29.00',
    );
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/order\/payment\//);
    await expectNotice(page, 'Order Placed Success');

    // A review and a message to the shop.
    await page.goto('/dashboard/myreview');
    await page.getByRole('radio', { name: '5 stars' }).check({ force: true });
    await page.getByLabel('Your review (optional)').fill('Parts arrived boxed and labelled.');
    await page.getByRole('button', { name: 'Add Review' }).click();
    await expectNotice(page, 'Add Review Success');

    await page.goto('/');
    await sendContactForm(page, { ...account, message: 'Do you ship to Lisbon?' });
    await expectNotice(page, 'Thank you!');
  });
});
