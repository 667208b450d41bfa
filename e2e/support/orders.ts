import { expect, test, type Locator, type Page } from './test.ts';
import type { Product } from '../../src/contract/catalog.ts';

/**
 * A demo product the ordering specs fit: stock for 100, the spec's minimum of 10 sold by the
 * piece, and one price up to 30 pieces (its ladder's next tier, if any, starts above that).
 */
export async function productWithStock(page: Page) {
  const { data } = await (await page.request.get('/api/tools?limit=100')).json();
  const product = (data as Product[]).find(
    (p) =>
      p.stock >= 100 &&
      p.moq === 10 &&
      p.packSize === 1 &&
      (p.tiers[1]?.minQuantity ?? Infinity) > 30,
  );
  if (!product)
    throw new Error('no product sold by the piece from 10 with stock 100 in the demo data');
  return product;
}

/** Places an order from the product's own page on a fresh load, as a customer does. */
export async function placeOrderFor(page: Page, product: Pick<Product, '_id'>, quantity: number) {
  await page.goto(`/tools/${product._id}`);
  await page.getByLabel(/Quantity/).fill(String(quantity));
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The toast of an order placed just before may still be there too.
  await expect(page.getByText('Order Placed Success').last()).toBeVisible();
}

/** Fills the payment page's card form and presses Pay; the test card is paid, others declined. */
export async function payByCard(page: Page, card = '4242 4242 4242 4242') {
  const form = page.getByRole('form', { name: 'Card payment' });
  // An order placed for an account with no default address asks where to ship first.
  const shipStep = page.getByRole('region', { name: 'Choose where to ship' });
  await expect(form.or(shipStep)).toBeVisible();
  if (await shipStep.isVisible()) await chooseShipTo(page);
  // Its code loads after the page's, as a person waits for the form to finish loading.
  await expect(form).toHaveAttribute('data-live', 'true');
  await form.getByLabel('Card number').fill(card);
  await form.getByLabel('Expiry (MM/YY)').fill('12/34');
  await form.getByLabel('CVC').fill('123');
  await form.getByRole('button', { name: /^Pay/ }).click();
}

/** A ship-to address in California (its sales tax applies), as My Addresses takes it. */
export const californiaAddress = {
  label: 'Workshop',
  company: 'Spoke & Sprocket',
  name: 'Casey Rider',
  line1: '500 Market St',
  line2: '',
  city: 'San Francisco',
  region: 'CA',
  postalCode: '94105',
  country: 'US',
  phone: '+1 415 555 0100',
  isDefaultShipping: true,
  isDefaultBilling: true,
};

type AddressFields = typeof californiaAddress;

/** The account's addresses, through the API. */
export async function addressesOf(page: Page) {
  const response = await page.request.get('/api/addresses');
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: (AddressFields & { _id: string })[] }).data;
}

/** An address added through the API (its default flags as given), for steps that are not about it. */
export async function addAddressByApi(page: Page, address: AddressFields = californiaAddress) {
  const response = await page.request.post('/api/addresses', {
    headers: { origin: String(test.info().project.use.baseURL) },
    data: address,
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as AddressFields & { _id: string };
}

/**
 * What a checkout through the API sends now that an order needs somewhere to go: the account's
 * default ship-to address (added when it has none) and the method the quote picks for it.
 */
export async function deliveryFor(page: Page) {
  const addresses = await addressesOf(page);
  const shipTo = addresses.find((a) => a.isDefaultShipping) ?? (await addAddressByApi(page));
  const quote = await page.request.get(`/api/cart/delivery?shippingAddressId=${shipTo._id}`);
  expect(quote.status(), await quote.text()).toBe(200);
  const { shipping } = (await quote.json()) as { shipping: { methodId: string } | null };
  if (!shipping) throw new Error('no shipping method is offered for the e2e address');
  return { shippingAddressId: shipTo._id, shippingMethodId: shipping.methodId };
}

/** The address form of My Addresses, the checkout and the payment page, filled in. */
export async function fillAddressForm(form: Locator, address: AddressFields = californiaAddress) {
  await form.getByLabel('Label (optional)').fill(address.label);
  await form.getByLabel('Company (optional)').fill(address.company);
  await form.getByLabel('Name', { exact: true }).fill(address.name);
  await form.getByLabel('Address line 1').fill(address.line1);
  await form.getByLabel('City').fill(address.city);
  await form.getByLabel('Country').selectOption(address.country);
  // A list of states once the app has drawn it for the country; before the script, free text.
  const region = form.getByLabel(/^(State|Province)/);
  if ((await region.evaluate((element) => element.tagName)) === 'SELECT') {
    await region.selectOption(address.region);
  } else {
    await region.fill(address.region);
  }
  await form.getByLabel('Postal code').fill(address.postalCode);
  await form.getByLabel('Phone (optional)').fill(address.phone);
}

/**
 * From the cart's Checkout to the payment page: the ship-to address (added on the page when
 * the account has none), the method the page picks (the cheapest), billed to the same
 * address, then Place order.
 */
export async function checkOutFromCart(page: Page) {
  await page.getByRole('button', { name: 'Checkout', exact: true }).click();
  await expect(page).toHaveURL(/\/checkout/);
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  const newAddress = page.getByRole('form', { name: 'New address' });
  const shipTo = page.getByRole('group', { name: 'Ship to' });
  await expect(newAddress.or(shipTo.getByRole('radio').first())).toBeVisible();
  if (await newAddress.isVisible()) {
    await fillAddressForm(newAddress);
    await newAddress.getByRole('button', { name: 'Ship to this address' }).click();
  }
  await expect(
    page.getByRole('group', { name: 'Shipping method' }).getByRole('radio').first(),
  ).toBeChecked();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/order\/payment\/[0-9a-f-]{36}$/);
}

/** The payment page's "Choose where to ship" step, for an order placed without an address. */
export async function chooseShipTo(page: Page) {
  const step = page.getByRole('region', { name: 'Choose where to ship' });
  const newAddress = step.getByRole('form', { name: 'New address' });
  if (await newAddress.isVisible()) {
    await fillAddressForm(newAddress);
    await newAddress.getByRole('button', { name: 'Ship to this address' }).click();
    await expect(
      step.getByRole('radio', { name: new RegExp(californiaAddress.label) }),
    ).toBeChecked();
  }
  await step.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(step).toBeHidden();
}
