import type { Page } from '@playwright/test';
import type { Product } from '../src/contract/catalog.ts';
import type { Order } from '../src/contract/orders.ts';
import { mailsTo, newCustomer } from './support/accounts.ts';
import { origin, test, uniqueWord } from './support/admin.ts';
import { payByCard, placeOrderFor } from './support/orders.ts';
import { expect } from './support/test.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { DESKTOP_ONLY } from './support/page.ts';

// Issue 22, the admin's side: Admin Settings, the ship and cancel dialogs, and what the buyer
// then sees. Each test has its own customer and product; what a test adds to the shared
// settings serves only Iceland, which no other spec ships to, and goes again at its end.

const post = async (page: Page, path: string, data: unknown, method: 'post' | 'put' = 'post') => {
  const response = await page.request[method](path, { headers: { origin: origin() }, data });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as unknown;
};

/** A product of its own, light, with stock for the test. */
async function addProduct(admin: Page) {
  return (await post(admin, '/api/tools', {
    name: `Zz E2E Hub Tool ${uniqueWord()}`,
    price: 3,
    stock: 100,
    weightGrams: 150,
    desc: 'A hub tool made for one end-to-end test.',
    img: '/images/products/chain-checker.svg',
  })) as Product;
}

const dutchAddress = {
  label: 'Workshop',
  name: 'Noor Visser',
  line1: 'Damrak 1',
  city: 'Amsterdam',
  postalCode: '1012 LG',
  country: 'NL',
  isDefaultShipping: true,
  isDefaultBilling: true,
};

/** Places an order of `quantity` pieces from the product page and pays it by card: its id. */
async function placeAndPay(page: Page, product: Product, quantity: number) {
  await placeOrderFor(page, product, quantity);
  await page
    .getByRole('row')
    .filter({ hasText: product.name })
    .getByRole('link', { name: /Pay/ })
    .click();
  await expect(page).toHaveURL(/\/order\/payment\//);
  const orderId = page.url().split('/').at(-1) ?? '';
  await payByCard(page);
  await expect(page.getByText('Congrats your payment has been succeed!')).toBeVisible();
  return orderId;
}

/** A new customer shipping to a Dutch workshop by default, with a paid order: its id. */
async function paidOrder(page: Page, product: Product, quantity: number) {
  const customer = await newCustomer(page, `Delia Delivery ${uniqueWord()}`);
  await post(page, '/api/addresses', dutchAddress);
  return { customer, orderId: await placeAndPay(page, product, quantity) };
}

const orderPage = (id: string) => `/dashboard/orders/${id}`;

// Flows with state, checked once at desktop width (the screens' phone layout: screenshots).
test.describe('delivery from the admin side', { tag: DESKTOP_ONLY }, () => {
  test('an admin edits the shop details, adds a shipping method and a tax rate', async ({
    admin,
  }) => {
    const word = uniqueWord();
    await admin.goto('/dashboard');
    await admin
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Settings' })
      .click();
    await expect(admin.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();

    // Shop details: a bad postal code is refused beside its field, then the phone changes.
    const shop = admin.getByRole('form', { name: 'Shop details' });
    await expect(shop.getByLabel('Country')).toHaveValue('NL');
    const postal = shop.getByLabel('Postal code');
    const postalWas = await postal.inputValue();
    await postal.fill('ABC');
    await shop.getByRole('button', { name: 'Save shop details' }).click();
    await expect(shop.getByText(/Enter a valid postal code for Netherlands/)).toBeVisible();
    await expect(postal).toBeFocused();
    await postal.fill(postalWas);
    const phone = `+31 20 ${word.length}${Date.now() % 100000}`;
    await shop.getByLabel('Phone (optional)').fill(phone);
    await shop.getByRole('button', { name: 'Save shop details' }).click();
    await expect(admin.getByText('The shop details have been saved.')).toBeVisible();
    await admin.reload();
    await expect(shop.getByLabel('Phone (optional)')).toHaveValue(phone);
    await expectNoSeriousA11yViolations(admin);

    // A shipping method by weight, for Iceland only.
    const methodName = `Cargo ${word}`;
    await admin.getByRole('button', { name: 'Add a shipping method' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Add a shipping method' });
    await dialog.getByLabel('Name').fill(methodName);
    await dialog.getByLabel('All countries').uncheck();
    await dialog.getByLabel('Country codes').fill('IS, XX');
    await dialog.getByLabel('By weight').check();
    await dialog.getByLabel('Band 1: up to (g)').fill('1000');
    await dialog.getByLabel('Band 1: price').fill('12');
    await dialog.getByRole('button', { name: 'Add a weight band' }).click();
    await dialog.getByLabel('Band 2: up to (g)').fill('500');
    await dialog.getByLabel('Band 2: price').fill('20');
    // A weight limit on free delivery without an amount to limit is refused beside it.
    await dialog.getByLabel('Free only up to (g, optional)').fill('40000');
    await dialog.getByLabel('Per kg above the last band (optional)').fill('1.2');
    await dialog.getByLabel('Delivery days: fastest').fill('3');
    await dialog.getByLabel('Delivery days: slowest').fill('6');
    await dialog.getByRole('button', { name: 'Add method' }).click();
    // Each mistake beside its field.
    await expect(dialog.getByText('XX is not a country code')).toBeVisible();
    await expect(dialog.getByText('Band 2 must weigh more than band 1 (1000 g)')).toBeVisible();
    await dialog.getByLabel('Country codes').fill('IS');
    await dialog.getByLabel('Band 2: up to (g)').fill('5000');
    await dialog.getByRole('button', { name: 'Add method' }).click();
    await expect(
      dialog.getByText(
        'Free only up to a weight needs a free-over amount: enter one, or clear the weight',
      ),
    ).toBeVisible();
    await dialog.getByLabel('Free over (optional)').fill('900');
    await expectNoSeriousA11yViolations(admin);
    await dialog.getByRole('button', { name: 'Add method' }).click();
    await expect(admin.getByText(`${methodName} has been added.`)).toBeVisible();
    const methods = admin.getByRole('region', { name: 'All shipping methods' });
    const methodRow = methods.getByRole('row').filter({ hasText: methodName });
    await expect(methodRow).toContainText('IS');
    await expect(methodRow).toContainText('up to 1,000 g: $12.00');
    await expect(methodRow).toContainText('up to 5,000 g: $20.00');
    await expect(methodRow).toContainText('above: $1.20 a kg');
    await expect(methodRow).toContainText('$900.00 up to 40,000 g');
    await expect(methodRow).toContainText('3–6 days');
    // Anyone's list has it too.
    const listed = (await (await admin.request.get('/api/shipping-methods')).json()) as {
      data: { name: string; countries: string[] }[];
    };
    expect(listed.data.find((m) => m.name === methodName)?.countries).toEqual(['IS']);

    // Edit it: a flat price now.
    await methodRow.getByRole('button', { name: `Edit ${methodName}` }).click();
    const edit = admin.getByRole('dialog', { name: 'Edit shipping method' });
    await expect(edit.getByLabel('Country codes')).toHaveValue('IS');
    await edit.getByLabel('Flat price').check();
    await edit.getByLabel('Price', { exact: true }).fill('15.5');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(methodRow).toContainText('$15.50 flat');

    // A tax rate for Iceland.
    await admin.getByRole('button', { name: 'Add a tax rate' }).click();
    const taxDialog = admin.getByRole('dialog', { name: 'Add a tax rate' });
    await taxDialog.getByLabel('Country').selectOption('IS');
    await taxDialog.getByLabel('Rate (%)').fill('24.1234');
    await taxDialog.getByLabel('Name').fill(`VSK ${word}`);
    await taxDialog.getByRole('button', { name: 'Add rate' }).click();
    await expect(taxDialog.getByText('Rate has at most 3 decimals')).toBeVisible();
    await taxDialog.getByLabel('Rate (%)').fill('24');
    await taxDialog.getByRole('button', { name: 'Add rate' }).click();
    await expect(admin.getByText(`VSK ${word} 24% has been added.`)).toBeVisible();
    const rates = admin.getByRole('region', { name: 'All tax rates' });
    const rateRow = rates.getByRole('row').filter({ hasText: `VSK ${word}` });
    await expect(rateRow).toContainText('Iceland');
    await expect(rateRow).toContainText('24%');
    await expectNoSeriousA11yViolations(admin);

    // Both go again, each after its confirmation.
    await rateRow.getByRole('button', { name: /^Delete/ }).click();
    await admin
      .getByRole('dialog', { name: 'Delete this tax rate?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(rateRow).toHaveCount(0);
    await methodRow.getByRole('button', { name: `Delete ${methodName}` }).click();
    await admin
      .getByRole('dialog', { name: 'Delete this shipping method?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(methodRow).toHaveCount(0);
  });

  test('an admin ships part of a paid order, then the rest; the buyer sees both tracking links and has both mails', async ({
    page,
    admin,
  }) => {
    const product = await addProduct(admin);
    const { customer, orderId } = await paidOrder(page, product, 20);

    await admin.goto(orderPage(orderId));
    await admin.getByRole('button', { name: 'Ship…' }).click();
    let dialog = admin.getByRole('dialog', { name: 'Ship' });
    const quantity = dialog.getByLabel(`Quantity to ship: ${product.name}`);
    await expect(quantity).toHaveValue('20');
    await expect(dialog).toContainText('20 left');
    await quantity.fill('21');
    await dialog.getByRole('button', { name: 'Ship these pieces' }).click();
    await expect(dialog.getByText('Only 20 left to ship')).toBeVisible();
    await quantity.fill('8');
    await dialog.getByLabel('Carrier').fill('PostNL');
    await dialog.getByLabel('Tracking number').fill('3SPART0001');
    await dialog.getByLabel('Tracking link (optional)').fill('https://tracking.example/3SPART0001');
    await expectNoSeriousA11yViolations(admin);
    await dialog.getByRole('button', { name: 'Ship these pieces' }).click();
    await expect(admin.getByText(/8 pieces shipped by PostNL/)).toBeVisible();
    await expect(admin.getByText('Partly shipped').first()).toBeVisible();
    // Nothing to cancel once a parcel has gone.
    await expect(admin.getByRole('button', { name: 'Cancel order…' })).toHaveCount(0);

    // Manage All Orders lists it as partly shipped, not shipped.
    await admin.goto('/dashboard/manageallorders?status=partially_shipped');
    await expect(admin.getByLabel('Status')).toHaveValue('partially_shipped');
    const row = admin
      .getByRole('table', { name: 'All orders' })
      .getByRole('row')
      .filter({ hasText: customer.email });
    // Visible: a row carries its phone card too, hidden at this width.
    await expect(row.getByText('Partly shipped').filter({ visible: true })).toBeVisible();
    await expect(row.getByRole('button', { name: /^Mark shipped/ })).toBeVisible();

    await admin.goto(orderPage(orderId));
    await admin.getByRole('button', { name: 'Ship…' }).click();
    dialog = admin.getByRole('dialog', { name: 'Ship' });
    await expect(dialog).toContainText('shipped 8, 12 left');
    await expect(dialog.getByLabel(`Quantity to ship: ${product.name}`)).toHaveValue('12');
    await dialog.getByLabel('Carrier').fill('DHL');
    await dialog.getByLabel('Tracking number').fill('JD0002REST');
    await dialog.getByLabel('Tracking link (optional)').fill('https://tracking.example/JD0002REST');
    await dialog.getByRole('button', { name: 'Ship these pieces' }).click();
    await expect(admin.getByText(/12 pieces shipped by DHL/)).toBeVisible();
    await expect(admin.getByRole('button', { name: 'Ship…' })).toHaveCount(0);

    // The buyer's order page: shipped, with both parcels' links.
    await page.goto(orderPage(orderId));
    await expect(page.getByText('Shipped', { exact: true }).first()).toBeVisible();
    const shipments = page.getByRole('list', { name: 'Shipments' });
    await expect(shipments.getByRole('link', { name: /3SPART0001/ })).toHaveAttribute(
      'href',
      'https://tracking.example/3SPART0001',
    );
    await expect(shipments.getByRole('link', { name: /JD0002REST/ })).toHaveAttribute(
      'href',
      'https://tracking.example/JD0002REST',
    );
    await expectNoSeriousA11yViolations(page);

    // A mail for each parcel, with its carrier, number and link.
    await expect
      .poll(() => mailsTo(customer.email).filter((m) => /tracking/i.test(m.text)).length)
      .toBe(2);
    const texts = mailsTo(customer.email).map((m) => m.text);
    expect(texts.some((t) => t.includes('PostNL') && t.includes('3SPART0001'))).toBe(true);
    expect(texts.some((t) => t.includes('https://tracking.example/JD0002REST'))).toBe(true);
  });

  test('an admin cancels unshipped pieces of a partly shipped order; the buyer sees them cancelled and downloads the credit note', async ({
    page,
    admin,
  }) => {
    const product = await addProduct(admin);
    const { orderId } = await paidOrder(page, product, 20);
    await admin.goto(orderPage(orderId));
    await admin.getByRole('button', { name: 'Ship…' }).click();
    let dialog = admin.getByRole('dialog', { name: 'Ship' });
    await dialog.getByLabel(`Quantity to ship: ${product.name}`).fill('8');
    await dialog.getByLabel('Carrier').fill('PostNL');
    await dialog.getByLabel('Tracking number').fill('3SPART0002');
    await dialog.getByRole('button', { name: 'Ship these pieces' }).click();
    await expect(admin.getByText(/8 pieces shipped by PostNL/)).toBeVisible();

    await admin.getByRole('button', { name: 'Cancel unshipped…' }).click();
    dialog = admin.getByRole('dialog', { name: 'Cancel unshipped pieces?' });
    await expect(dialog).toContainText('The shipping is not given back');
    const quantity = dialog.getByLabel(`Quantity to cancel: ${product.name}`);
    await quantity.fill('13');
    await dialog.getByLabel('Reason').fill('The buyer found them elsewhere.');
    await dialog.getByRole('button', { name: 'Cancel and refund' }).click();
    await expect(dialog.getByText('Only 12 can be cancelled')).toBeVisible();
    await quantity.fill('5');
    await expectNoSeriousA11yViolations(admin);
    await dialog.getByRole('button', { name: 'Cancel and refund' }).click();
    await expect(
      admin.getByText(/5 pieces cancelled, \$[\d.,]+ refunded to the card, credit note CN-/),
    ).toBeVisible();

    await page.goto(orderPage(orderId));
    await expect(page.getByText('5 cancelled').first()).toBeVisible();
    const notes = page.getByRole('list', { name: 'Credit notes' });
    await expect(notes).toContainText(`5 × ${product.name}`);
    await expect(notes).toContainText('refunded to the card');
    const download = page.waitForEvent('download');
    await notes.getByRole('link', { name: /^Download credit note CN-/ }).click();
    expect((await download).suggestedFilename()).toMatch(/^CN-.*\.pdf$/);
  });

  test("Manage All Orders' Mark shipped ships everything left of a partly shipped order", async ({
    page,
    admin,
  }) => {
    const product = await addProduct(admin);
    const { customer, orderId } = await paidOrder(page, product, 15);
    await admin.goto(orderPage(orderId));
    await admin.getByRole('button', { name: 'Ship…' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Ship' });
    await dialog.getByLabel(`Quantity to ship: ${product.name}`).fill('4');
    await dialog.getByLabel('Carrier').fill('UPS');
    await dialog.getByLabel('Tracking number').fill('1ZFIRST');
    await dialog.getByRole('button', { name: 'Ship these pieces' }).click();
    await expect(admin.getByText(/4 pieces shipped by UPS/)).toBeVisible();

    await admin.goto(`/dashboard/manageallorders?q=${encodeURIComponent(customer.email)}`);
    const row = admin
      .getByRole('table', { name: 'All orders' })
      .getByRole('row')
      .filter({ hasText: customer.email });
    // Visible: a row carries its phone card too, hidden at this width.
    await expect(row.getByText('Partly shipped').filter({ visible: true })).toBeVisible();
    await row.getByRole('button', { name: /^Mark shipped/ }).click();
    await expect(
      admin.getByText(`${product.name} for ${customer.email} is marked shipped.`),
    ).toBeVisible();
    await expect(row.getByText('Shipped', { exact: true }).filter({ visible: true })).toBeVisible();
    await expect(row.getByText('Partly shipped')).toHaveCount(0);

    const order = (await (await admin.request.get(`/api/order/${orderId}`)).json()) as Order;
    expect(order.status).toBe('shipped');
    expect(order.shipments.map((s) => s.lines[0]?.quantity)).toEqual([4, 11]);
  });

  test('an admin cancels a paid order: the card is refunded and a credit note can be downloaded', async ({
    page,
    admin,
  }) => {
    const product = await addProduct(admin);
    const { orderId } = await paidOrder(page, product, 10);
    const stockBefore = (
      (await (await admin.request.get(`/api/tools/${product._id}`)).json()) as Product
    ).stock;

    await admin.goto(orderPage(orderId));
    await admin.getByRole('button', { name: 'Cancel order…' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Cancel this order?' });
    await expect(dialog).toContainText('The card is refunded');
    await expect(dialog).toContainText('A credit note is issued');
    await dialog.getByRole('button', { name: 'Cancel and refund' }).click();
    await expect(dialog.getByText('Say why the order is cancelled')).toBeVisible();
    await dialog.getByLabel('Reason').fill('The buyer ordered the wrong size.');
    await expectNoSeriousA11yViolations(admin);
    await dialog.getByRole('button', { name: 'Cancel and refund' }).click();
    await expect(
      admin.getByText(/is cancelled: .* refunded to the card, credit note/),
    ).toBeVisible();
    await expect(admin.getByText('Cancelled', { exact: true }).first()).toBeVisible();
    await expect(admin.getByRole('button', { name: 'Ship…' })).toHaveCount(0);

    const stockAfter = (
      (await (await admin.request.get(`/api/tools/${product._id}`)).json()) as Product
    ).stock;
    expect(stockAfter).toBe(stockBefore + 10);

    // The buyer downloads the credit note.
    await page.goto(orderPage(orderId));
    const link = page.getByRole('link', { name: /^Download credit note/ });
    await expect(link).toBeVisible();
    const download = page.waitForEvent('download');
    await link.click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.pdf$/);
    const order = (await (await page.request.get(`/api/order/${orderId}`)).json()) as Order;
    expect(order.status).toBe('cancelled');
    expect(order.creditNoteNumber).toMatch(/^[A-Z0-9]+-\d{4}-\d{6}$/);
    expect(order.timeline.map((e) => e.event)).toEqual(
      expect.arrayContaining(['cancelled', 'refunded']),
    );
  });

  test('a business whose EU VAT ID an admin verified in Manage User, shipping to another EU country, pays no VAT: reverse charge', async ({
    page,
    admin,
  }) => {
    const product = await addProduct(admin);
    const customer = await newCustomer(page, `Rita Reverse ${uniqueWord()}`);
    await post(page, '/api/users/me/tax', { companyName: 'Rad GmbH', vatId: 'DE136695976' }, 'put');

    // A checksum proves the format only: the admin verifies the VAT ID (Manage User → Tax exempt…).
    await admin.goto('/dashboard/manageuser');
    await admin.getByRole('searchbox', { name: 'Search users' }).fill(customer.email);
    await admin.getByRole('button', { name: 'Search', exact: true }).click();
    await admin
      .getByRole('region', { name: 'Users' })
      .getByRole('row')
      .filter({ hasText: customer.email })
      .getByRole('button', { name: `Tax exempt: ${customer.email}` })
      .click();
    const dialog = admin.getByRole('dialog', { name: 'Tax exemption' });
    await expect(dialog.getByText('DE136695976 (not verified)')).toBeVisible();
    await dialog.getByRole('button', { name: 'Mark VAT ID verified' }).click();
    await expect(
      admin.getByText(`The VAT ID DE136695976 of ${customer.email} is verified`, { exact: false }),
    ).toBeVisible();
    await expect(dialog.getByText('DE136695976 (verified)')).toBeVisible();
    await expectNoSeriousA11yViolations(admin);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await post(page, '/api/addresses', {
      ...dutchAddress,
      company: 'Rad GmbH',
      name: 'Rita Reverse',
      line1: 'Unter den Linden 5',
      city: 'Berlin',
      postalCode: '10117',
      country: 'DE',
    });
    const orderId = await placeAndPay(page, product, 10);

    const order = (await (await page.request.get(`/api/order/${orderId}`)).json()) as Order;
    expect(order.reverseCharge).toBe(true);
    expect(order.taxTotal).toBe(0);
    expect(order.grandTotal).toBe(order.subtotal + order.shipping);

    // Both the buyer and the admin see it said.
    await page.goto(orderPage(orderId));
    await expect(page.getByText('Reverse charge').first()).toBeVisible();
    await admin.goto(orderPage(orderId));
    await expect(admin.getByText('Reverse charge').first()).toBeVisible();
    await expect(admin.getByText(customer.email)).toBeVisible();
  });

  test('an admin marks an account tax-exempt with its certificate', async ({ page, admin }) => {
    const customer = await newCustomer(page, `Tess Exempt ${uniqueWord()}`);
    await admin.goto('/dashboard/manageuser');
    await admin.getByRole('searchbox', { name: 'Search users' }).fill(customer.email);
    await admin.getByRole('button', { name: 'Search', exact: true }).click();
    const row = admin
      .getByRole('region', { name: 'Users' })
      .getByRole('row')
      .filter({ hasText: customer.email });
    await row.getByRole('button', { name: `Tax exempt: ${customer.email}` }).click();
    const dialog = admin.getByRole('dialog', { name: 'Tax exemption' });
    await dialog.getByLabel('Tax-exempt: this account pays no tax').check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Enter the exemption certificate reference')).toBeVisible();
    await dialog.getByLabel('Exemption certificate reference').fill('RESALE-CA-0042');
    await expectNoSeriousA11yViolations(admin);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(
      admin.getByText(`${customer.email} is tax-exempt (certificate RESALE-CA-0042).`),
    ).toBeVisible();

    await row.getByRole('button', { name: `Tax exempt: ${customer.email}` }).click();
    await expect(dialog.getByLabel('Exemption certificate reference')).toHaveValue(
      'RESALE-CA-0042',
    );
  });
});
