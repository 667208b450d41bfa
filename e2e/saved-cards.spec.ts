import { expect, expectConsoleMessage, failedLoad, test, type Page } from './support/test.ts';
import { fillSignUp, uniqueEmail } from './support/accounts.ts';
import { addAddressByApi, placeOrderFor, productWithStock } from './support/orders.ts';

/** The payment page of the account's newest order (My Orders lists newest first). */
async function payNewestOrder(page: Page, email: string) {
  const mine = await page.request.get(`/api/orders?email=${encodeURIComponent(email)}`);
  const [newest] = ((await mine.json()) as { data: { _id: string; paid: boolean }[] }).data;
  expect(newest?.paid).toBe(false);
  await page.goto(`/order/payment/${newest!._id}`);
  await expect(page.getByRole('heading', { name: 'Make your Payment' })).toBeVisible();
}

/** Signs a buyer up here (newCustomer looks for the Dashboard link, folded into the phone's menu). */
async function newBuyer(page: Page, name: string) {
  const buyer = { name, email: uniqueEmail('cards'), password: 'pedal-power-2026' };
  await page.goto('/signup');
  await fillSignUp(page, buyer);
  await expect(page).toHaveURL(/\/$/);
  return buyer;
}

/** Types a new card and ticks "Keep this card for next orders", then Pay. */
async function payKeepingCard(page: Page, card: string) {
  const form = page.getByRole('form', { name: 'Card payment' });
  const pay = form.getByRole('button', { name: /^Pay/ });
  // Pay waits for the payment to be started in the browser; the form for its code to run.
  await expect(pay).toBeEnabled();
  await expect(form).toHaveAttribute('data-live', 'true');
  await form.getByLabel('Card number').fill(card);
  await form.getByLabel('Expiry (MM/YY)').fill('12/34');
  await form.getByLabel('CVC').fill('123');
  await form.getByLabel('Keep this card for next orders').check();
  await pay.click();
}

test('a buyer pays with a saved card', async ({ page }) => {
  const buyer = await newBuyer(page, 'Sasha Saved');
  // Orders go to this address by default, so the payment page shows the card form at once.
  await addAddressByApi(page);
  const product = await productWithStock(page);

  // The first order: the card typed in full, and kept.
  await placeOrderFor(page, product, 10);
  await payNewestOrder(page, buyer.email);
  await expect(page.getByRole('region', { name: 'Pay with a saved card' })).toHaveCount(0);
  await payKeepingCard(page, '4242 4242 4242 4242');
  await expect(page.getByText('Congrats your payment has been succeed!')).toBeVisible();

  // My Profile lists it: brand, last four digits and expiry.
  await page.goto('/dashboard/myprofile');
  const kept = page.getByRole('list', { name: 'Your saved cards' }).getByRole('listitem');
  await expect(kept).toHaveCount(1);
  await expect(kept).toContainText('Visa ending in 4242');
  await expect(kept).toContainText('Expires 12/34');

  // The second order is paid in one click.
  await placeOrderFor(page, product, 10);
  await payNewestOrder(page, buyer.email);
  const saved = page.getByRole('region', { name: 'Pay with a saved card' });
  await expect(saved).toContainText('Visa ending in 4242');
  await saved.getByRole('button', { name: 'Pay with Visa ending in 4242' }).click();
  await expect(page.getByText('Congrats your payment has been succeed!')).toBeVisible();
  await expect(page.getByText(/pi_test_/)).toBeVisible();

  // Removed in My Profile, it is gone from the next payment too.
  await page.goto('/dashboard/myprofile');
  await page.getByRole('button', { name: 'Remove Visa ending in 4242' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove this card?' });
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('No saved cards.')).toBeVisible();
  await placeOrderFor(page, product, 10);
  await payNewestOrder(page, buyer.email);
  await expect(page.getByRole('form', { name: 'Card payment' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Pay with a saved card' })).toHaveCount(0);
});

test('3-D Secure on a saved card asks as for a new card, and a failure reads the same', async ({
  page,
}) => {
  const buyer = await newBuyer(page, 'Tess Secure');
  await addAddressByApi(page);
  const product = await productWithStock(page);
  const failed =
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

  await placeOrderFor(page, product, 10);
  await payNewestOrder(page, buyer.email);
  await payKeepingCard(page, '4000 0027 6000 3184');
  const bank = page.getByRole('dialog', { name: 'Confirm this payment with your bank' });
  await bank.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page.getByText('Congrats your payment has been succeed!')).toBeVisible();

  await placeOrderFor(page, product, 10);
  await payNewestOrder(page, buyer.email);
  const saved = page.getByRole('region', { name: 'Pay with a saved card' });
  await saved.getByRole('button', { name: 'Pay with Visa ending in 3184' }).click();
  expectConsoleMessage(failedLoad(402), { url: /\/api\/payments\/test\/authenticate$/ });
  await bank.getByRole('button', { name: 'Fail authentication' }).click();
  await expect(saved.getByText(failed)).toBeVisible();
  await saved.getByRole('button', { name: 'Pay with Visa ending in 3184' }).click();
  await bank.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page.getByText('Congrats your payment has been succeed!')).toBeVisible();
});
