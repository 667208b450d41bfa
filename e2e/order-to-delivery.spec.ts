import { formatDollars } from '../src/contract/money.ts';
import type { DeliveryEstimate } from '../src/contract/order-totals.ts';
import type { Order } from '../src/contract/orders.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { fillSignUp, uniqueEmail } from './support/accounts.ts';
import { origin } from './support/admin.ts';
import {
  addAddressByApi,
  californiaAddress,
  fillAddressForm,
  payByCard,
  placeOrderFor,
  productWithStock,
} from './support/orders.ts';
import { escapeRegExp, expect, test, type Page } from './support/test.ts';
import { keepShot } from './support/shots.ts';

// Issue 22, the buyer's side: an address book, a checkout that shows shipping and tax before
// the order is placed, paying the grand total, the invoice as a PDF and the order's own page.
// In both projects: the screens must work on a phone as on a desktop.

/** A new account (on a phone the navbar's links sit in its closed menu, so the session says). */
async function signUp(page: Page, name: string) {
  await page.goto('/signup');
  await fillSignUp(page, { name, email: uniqueEmail('delivery'), password: 'pedal-power-2026' });
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(async () => (await sessionOf(page))?.user?.name).toBe(name);
}

const sessionOf = async (page: Page) =>
  (await (await page.request.get('/api/auth/get-session')).json()) as {
    user?: { name: string; email: string };
  } | null;

const emailOf = async (page: Page) => (await sessionOf(page))?.user?.email ?? '';

async function quoteFor(page: Page, shippingAddressId: string, shippingMethodId: string) {
  const response = await page.request.get(
    `/api/cart/delivery?shippingAddressId=${shippingAddressId}&shippingMethodId=${shippingMethodId}`,
  );
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as DeliveryEstimate;
}

test('a buyer keeps an address, checks out with shipping and tax shown, pays the grand total and downloads the invoice', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, 'Casey Rider');

  // My Addresses: empty at first; a postal code that does not fit the country is refused by
  // its field; then the workshop's address, the default for shipping and billing.
  await page.goto('/dashboard/addresses');
  await expect(page.getByRole('heading', { name: 'My Addresses', level: 1 })).toBeVisible();
  await expect(page.getByText('No addresses yet')).toBeVisible();
  const add = page.getByRole('form', { name: 'Add an address' });
  await fillAddressForm(add, { ...californiaAddress, postalCode: 'ABC' });
  await add.getByRole('button', { name: 'Add address' }).click();
  await expect(add.getByLabel('Postal code')).toHaveAccessibleDescription(
    'Enter a valid postal code for United States, like 94105',
  );
  await add.getByLabel('Postal code').fill(californiaAddress.postalCode);
  await add.getByLabel('Default shipping').check();
  await add.getByLabel('Default billing').check();
  await add.getByRole('button', { name: 'Add address' }).click();
  const card = page.getByRole('list', { name: 'Your addresses' }).getByRole('listitem');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('500 Market St');
  await expect(card).toContainText('San Francisco, CA 94105');
  await expect(card.getByText('Default shipping')).toBeVisible();
  await expect(card.getByText('Default billing')).toBeVisible();

  // Edited in place; another address deleted once confirmed.
  await card.getByRole('button', { name: 'Edit Workshop' }).click();
  const edit = page.getByRole('form', { name: 'Edit Workshop' });
  await edit.getByLabel('Phone (optional)').fill('+1 415 555 0199');
  await edit.getByRole('button', { name: 'Save address' }).click();
  await expect(card.first()).toContainText('+1 415 555 0199');
  await addAddressByApi(page, {
    ...californiaAddress,
    label: 'Old depot',
    isDefaultShipping: false,
    isDefaultBilling: false,
  });
  await page.reload();
  await expect(card).toHaveCount(2);
  await card
    .filter({ hasText: 'Old depot' })
    .getByRole('button', { name: 'Delete Old depot' })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Delete this address?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Workshop');
  await expectNoSeriousA11yViolations(page);
  await keepShot(page, 'my-addresses');

  // A part in the cart, then Checkout from the cart page.
  const product = await productWithStock(page);
  const put = await page.request.put(`/api/cart/lines/${product._id}`, {
    headers: { origin: origin() },
    data: { quantity: 20 },
  });
  expect(put.status(), await put.text()).toBe(200);
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Checkout', exact: true }).click();
  await expect(page).toHaveURL(/\/checkout/);

  // Ship to: the default address, chosen already. Method: each with its price and days, the
  // cheapest chosen; Express is picked instead, and the review follows.
  const shipTo = page.getByRole('group', { name: 'Ship to' });
  await expect(shipTo.getByRole('radio', { name: /Workshop/ })).toBeChecked();
  const methods = page.getByRole('group', { name: 'Shipping method' });
  await expect(methods.getByRole('radio').first()).toBeChecked();
  const express = methods.getByRole('radio', { name: /Express/ });
  await expect(express).toHaveAccessibleName(/Express.*\$29\.00.*1–2 working days/);
  await express.check();
  await expect(page).toHaveURL(/shippingMethodId=/);
  await expect(express).toBeChecked();
  // Billed to the same address, ticked; the address is listed once (issue 35).
  const billing = page.getByRole('group', { name: 'Billing address' });
  await expect(billing.getByRole('checkbox', { name: 'Bill to the same address' })).toBeChecked();
  await expect(billing.getByRole('radio')).toHaveCount(0);

  const address = new URL(page.url()).searchParams;
  const quote = await quoteFor(
    page,
    address.get('shippingAddressId') ?? '',
    address.get('shippingMethodId') ?? '',
  );
  expect(quote.tax.map((line) => line.name)).toEqual(['CA sales tax']);
  const review = page.getByRole('region', { name: 'Review' });
  await expect(review).toContainText(`Subtotal${formatDollars(quote.subtotal)}`);
  await expect(review).toContainText(`Shipping (Express)${formatDollars(29)}`);
  await expect(review).toContainText(`CA sales tax (7.25%)${formatDollars(quote.taxTotal)}`);
  await expect(review).toContainText(`Grand total${formatDollars(quote.grandTotal)}`);
  await expectNoSeriousA11yViolations(page);
  await keepShot(page, 'checkout');

  // Place order: the payment page shows the same totals and charges the grand total.
  await review.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/order\/payment\/[0-9a-f-]{36}$/);
  const orderId = page.url().split('/').at(-1) ?? '';
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary).toContainText(`Grand total (charged)${formatDollars(quote.grandTotal)}`);
  await expect(summary).toContainText('500 Market St');
  await keepShot(page, 'payment');
  await payByCard(page);
  await expect(page.getByText('Congrats your payment has been succeed!')).toBeVisible();
  await expect(page.getByText(`Amount paid: ${formatDollars(quote.grandTotal)}`)).toBeVisible();

  // My Orders links the order to its page: lines, addresses, totals, timeline, the invoice.
  await page.goto('/dashboard');
  const order = (await (await page.request.get(`/api/order/${orderId}`)).json()) as Order;
  await page
    .getByRole('link', { name: `Order #${order.number}` })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/orders/${orderId}$`));
  await expect(
    page.getByRole('heading', { name: `Order #${order.number}`, level: 1 }),
  ).toBeVisible();
  const delivery = page.getByRole('region', { name: 'Delivery' });
  await expect(delivery).toContainText('Casey Rider');
  await expect(delivery).toContainText('Express');
  const totals = page.getByRole('region', { name: 'Totals' });
  await expect(totals).toContainText(`Grand total${formatDollars(quote.grandTotal)}`);
  await expect(totals).toContainText('CA sales tax (7.25%)');
  const timeline = page.getByRole('list', { name: 'Timeline' });
  await expect(timeline).toContainText('Placed');
  await expect(timeline).toContainText('Paid');
  await expect(page.getByRole('region', { name: 'Shipments' })).toContainText(
    'Nothing has shipped yet.',
  );
  const invoice = page.getByRole('link', { name: /^Download invoice/ });
  await expect(invoice).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await keepShot(page, 'order');

  // The invoice is a PDF, the buyer's own.
  const pdf = await page.request.get((await invoice.getAttribute('href')) ?? '');
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
});

test('a business buyer keeps a VAT ID on My Profile; an order placed without an address asks where to ship before the card, and an EU order pays VAT until the VAT ID is verified', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, 'Greta Gear');

  // My Profile: a VAT ID that fails its checksum is refused by its field; the right one is kept.
  await page.goto('/dashboard/myprofile');
  const tax = page.getByRole('form', { name: 'Company and VAT' });
  await tax.getByLabel('Company name').fill('Gear Werkstatt GmbH');
  await tax.getByLabel('VAT ID').fill('DE136695977');
  await tax.getByRole('button', { name: 'Save tax details' }).click();
  await expect(tax.getByLabel('VAT ID')).toHaveAccessibleDescription(
    'Enter a valid EU VAT ID, like DE136695976',
  );
  await tax.getByLabel('VAT ID').fill('DE 136 695 976');
  await tax.getByRole('button', { name: 'Save tax details' }).click();
  await expect(page.getByText('Your tax details have been saved.')).toBeVisible();
  await page.reload();
  await expect(tax.getByLabel('VAT ID')).toHaveValue('DE136695976');
  await expect(tax.getByLabel('VAT ID')).toHaveAccessibleDescription(
    'DE136695976 is not verified yet: VAT is charged until we have verified it.',
  );
  await expect(tax.getByLabel('Company name')).toHaveValue('Gear Werkstatt GmbH');
  await expectNoSeriousA11yViolations(page);
  await keepShot(page, 'my-profile');

  // The one-line order from the product page: no address yet, so it waits for one.
  const product = await productWithStock(page);
  await placeOrderFor(page, product, 10);
  const orders = (await (
    await page.request.get(`/api/orders?email=${encodeURIComponent(await emailOf(page))}`)
  ).json()) as { data: Order[] };
  const order = orders.data[0]!;
  expect(order.shippingAddress).toBeNull();
  await page.goto(`/order/payment/${order._id}`);
  const step = page.getByRole('region', { name: 'Choose where to ship' });
  await expect(step).toBeVisible();
  await expect(page.getByRole('form', { name: 'Card payment' })).toHaveCount(0);
  const berlin = step.getByRole('form', { name: 'New address' });
  await fillAddressForm(berlin, {
    ...californiaAddress,
    label: 'Berlin shop',
    company: 'Gear Werkstatt GmbH',
    name: 'Greta Gear',
    line1: 'Torstraße 1',
    city: 'Berlin',
    region: '',
    postalCode: '10115',
    country: 'DE',
    phone: '',
  });
  await keepShot(page, 'payment-ship-to');
  await berlin.getByRole('button', { name: 'Ship to this address' }).click();
  await expect(step.getByRole('radio', { name: /Berlin shop/ })).toBeChecked();
  await expect(
    step.getByRole('group', { name: 'Shipping method' }).getByRole('radio').first(),
  ).toBeChecked();
  // Before saving: each method at its price for this order in Berlin (Berlin is the account's
  // first address, so its default), and the total with shipping and tax.
  const quoted = await page.request.get(`/api/orders/${order._id}/delivery`);
  expect(quoted.status(), await quoted.text()).toBe(200);
  const quote = (await quoted.json()) as DeliveryEstimate;
  expect(quote.shippingOptions.length).toBeGreaterThan(0);
  for (const option of quote.shippingOptions) {
    await expect(
      // Anchored at the start: "Free standard $19.00" also holds "standard $19.00".
      step.getByRole('radio', {
        name: new RegExp(
          `^${escapeRegExp(`${option.name} ${option.price === 0 ? 'Free' : formatDollars(option.price)}`)}`,
        ),
      }),
    ).toBeVisible();
  }
  await expect(step).toContainText(`Grand total${formatDollars(quote.grandTotal)}`);
  // A German business buying from the Dutch shop: zero-rated once its VAT ID is verified, and
  // the page says why VAT is charged until then.
  expect(quote).toMatchObject({ reverseCharge: false, vatIdUnverified: true });
  await expect(step).toContainText(
    'Your VAT ID is not verified yet, so VAT is charged; it is zero-rated once we have verified it.',
  );
  await keepShot(page, 'payment-ship-to-priced');
  // Another method: the total follows it, and saving charges what was shown.
  const dearest = quote.shippingOptions.at(-1)!;
  await step.getByRole('radio', { name: new RegExp(`^${dearest.name} `) }).check();
  const withDearest = (await (
    await page.request.get(`/api/orders/${order._id}/delivery?shippingMethodId=${dearest._id}`)
  ).json()) as DeliveryEstimate;
  await expect(step).toContainText(`Shipping (${dearest.name})${formatDollars(dearest.price)}`);
  await expect(step).toContainText(`Grand total${formatDollars(withDearest.grandTotal)}`);
  await expectNoSeriousA11yViolations(page);
  await step.getByRole('button', { name: 'Continue to payment' }).click();

  // Priced again for Berlin: the VAT ID is valid but not verified yet, so German VAT is charged.
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary).toContainText('Torstraße 1');
  const priced = (await (await page.request.get(`/api/order/${order._id}`)).json()) as Order;
  expect(priced.reverseCharge).toBe(false);
  expect(priced.tax).toHaveLength(1);
  expect(priced.grandTotal).toBe(priced.subtotal + priced.shipping + priced.taxTotal);
  expect(priced.grandTotal).toBe(withDearest.grandTotal);
  await expect(summary).toContainText(`Grand total (charged)${formatDollars(priced.grandTotal)}`);
  await payByCard(page);
  await expect(page.getByText(`Amount paid: ${formatDollars(priced.grandTotal)}`)).toBeVisible();

  await page.goto(`/dashboard/orders/${order._id}`);
  await expect(page.getByRole('region', { name: 'Totals' })).not.toContainText('Reverse charge');
});
