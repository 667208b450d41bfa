import type { Page } from '@playwright/test';
import type { Product } from '../src/contract/catalog.ts';
import type { CompanyLedger } from '../src/contract/credit.ts';
import type { Order } from '../src/contract/orders.ts';
import { MAX_QUOTE_NOTE, type Quote } from '../src/contract/quotes.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { signUpAtAnyWidth } from './support/accounts.ts';
import { origin, sendOk, test, uniqueWord } from './support/admin.ts';
import { addAddressByApi, payByCard } from './support/orders.ts';
import { expect, expectConsoleMessage, failedLoad } from './support/test.ts';

// Issue 23, the shop's side of trade accounts: the quotes inbox and its answer, the buyer's
// accept, and the Companies page's terms, payments and statement. Each test has its own
// customer, company and product.

const send = (page: Page, path: string, data: unknown, method: 'post' | 'put' = 'post') =>
  sendOk(page, method, path, data);

/** A product of its own at $3.00 a piece, with stock for the test. */
const addProduct = async (admin: Page) =>
  (await send(admin, '/api/tools', {
    name: `Zz E2E Quote Tool ${uniqueWord()}`,
    price: 3,
    stock: 500,
    weightGrams: 100,
    desc: 'A workshop tool made for one end-to-end test.',
    img: '/images/products/chain-checker.svg',
  })) as Product;

const signUp = (page: Page, name: string) => signUpAtAnyWidth(page, name, 'trade');

/** A date a week from now, as a date field takes it. */
const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

test('a buyer asks for a quote from the cart, the shop answers it, and accepting it makes one order at the quoted prices', async ({
  page,
  admin,
}) => {
  test.setTimeout(120_000);
  const product = await addProduct(admin);
  await signUp(page, 'Quinn Quoter');
  await addAddressByApi(page);
  await send(page, '/api/companies', { name: `Zz Quote Cycles ${uniqueWord()}` });
  await send(page, `/api/cart/lines/${product._id}`, { quantity: 100 }, 'put');

  // The cart: Request a quote, with a note; the quote's page says it waits for the shop.
  await page.goto('/cart');
  const request = page.getByRole('form', { name: 'Request a quote' });
  await request.getByLabel('Note for the shop (optional)').fill('100 before the season starts.');
  await request.getByRole('button', { name: 'Request a quote' }).click();
  await expect(page).toHaveURL(/\/dashboard\/quotes\/[0-9a-f-]{36}$/);
  const quoteId = page.url().split('/').at(-1) ?? '';
  const asked = (await (await page.request.get(`/api/quotes/${quoteId}`)).json()) as Quote;
  const ref = `Q-${asked.number}`;
  await expect(page.getByRole('heading', { level: 1, name: `Quote ${ref}` })).toBeVisible();
  await expect(page.getByText('Waiting for the shop’s answer.')).toBeVisible();
  await expect(page.getByText('100 before the season starts.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // The cart is kept as it was.
  const cart = (await (await page.request.get('/api/cart')).json()) as { lines: unknown[] };
  expect(cart.lines).toHaveLength(1);

  // The shop admin's inbox lists it; the answer lowers the unit price and sets the expiry.
  await admin.goto('/dashboard/quotes?status=requested');
  await expect(admin.getByRole('heading', { level: 1, name: 'Quotes' })).toBeVisible();
  await admin.getByRole('link', { name: `Quote ${ref}` }).click();
  const answer = admin.getByRole('form', { name: `Answer quote ${ref}` });
  const quantity = answer.getByLabel(`Quantity of ${product.name}`);
  await expect(quantity).toHaveValue('100');
  // More than the 500 on hand: the form warns, saying how many are available (issue 34).
  await quantity.fill('600');
  await expect(
    answer.getByText(
      'Only 500 available: the buyer can accept this quote only once 600 are in stock.',
    ),
  ).toBeVisible();
  await quantity.fill('100');
  await expect(answer.getByText(/Only 500 available/)).toHaveCount(0);
  await answer.getByLabel(`Unit price of ${product.name}`).fill('2.40');
  await answer.getByLabel('Valid until').fill(inAWeek());
  await answer.getByLabel('Note to the buyer (optional)').fill('Our season price for 100.');
  await expect(answer.getByRole('status')).toContainText('$240.00');
  await expectNoSeriousA11yViolations(admin);
  await answer.getByRole('button', { name: 'Send quote' }).click();
  await expect(admin.getByText(`Quote ${ref} is sent to `)).toBeVisible();
  await expect(admin.getByText(/these prices hold until/)).toBeVisible();

  // The buyer sees the answer and accepts it: one order at the quoted price, paid by card.
  await page.reload();
  await expect(page.getByText('Our season price for 100.')).toBeVisible();
  const parts = page.getByRole('region', { name: 'Parts', exact: true });
  await expect(parts).toContainText('$2.40');
  await expect(parts).toContainText('Total$240.00');
  await page.getByRole('button', { name: 'Accept quote' }).click();
  await expect(page).toHaveURL(/\/order\/payment\/[0-9a-f-]{36}$/);
  const orderId = page.url().split('/').at(-1) ?? '';
  const order = (await (await page.request.get(`/api/order/${orderId}`)).json()) as Order;
  expect(order.lines).toEqual([
    expect.objectContaining({
      productId: product._id,
      quantity: 100,
      unitPrice: 2.4,
      lineTotal: 240,
    }),
  ]);
  await payByCard(page);
  await expect(page.getByText('Congrats your payment has been succeed!')).toBeVisible();

  // Accepting again answers the same order; the quote's page links to it.
  const again = await page.request.post(`/api/quotes/${quoteId}/accept`, {
    headers: { origin: origin() },
  });
  expect(again.status()).toBe(200);
  expect(((await again.json()) as Order)._id).toBe(orderId);
  await page.goto(`/dashboard/quotes/${quoteId}`);
  await expect(page.getByText('Accepted', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'view the order' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/orders/${orderId}$`));
});

test('the shop admin grants a company terms and records its payment, and the statement shows it', async ({
  page,
  admin,
}) => {
  test.setTimeout(90_000);
  await signUp(page, 'Olive Owner');
  const name = `Zz Pay Cycles ${uniqueWord()}`;
  const company = (await send(page, '/api/companies', { name, vatId: 'FR40303265045' })) as {
    _id: string;
  };

  // Companies: found by its name, then its terms and credit limit.
  await admin.goto('/dashboard/companies');
  const search = admin.getByRole('search', { name: 'Company search' });
  await search.getByLabel('Search companies').fill(name);
  await search.getByRole('button', { name: 'Search' }).click();
  await admin.getByRole('link', { name }).click();
  await expect(admin.getByRole('heading', { level: 1, name })).toBeVisible();
  const terms = admin.getByRole('form', { name: 'Terms and credit limit' });
  await terms.getByLabel('Pays on account (payment terms)').check();
  await terms.getByLabel('Net days').fill('30');
  await terms.getByLabel('Credit limit ($)').fill('5000');
  await terms.getByRole('button', { name: 'Save terms' }).click();
  await expect(admin.getByText(`${name}: Net 30, credit limit $5,000.00.`)).toBeVisible();
  await expect(admin.getByText('Net 30 ·')).toBeVisible();

  // Its VAT ID passes the checksum, which proves the format only: the admin verifies it.
  await expect(
    admin.getByText(
      'VAT ID FR40303265045 is not verified: VAT is charged on every order until it is.',
    ),
  ).toBeVisible();
  await admin.getByRole('button', { name: 'Mark VAT ID verified' }).click();
  await expect(admin.getByText(`${name}: VAT ID FR40303265045 is verified.`)).toBeVisible();
  await expect(admin.getByText('VAT ID FR40303265045 (verified)', { exact: false })).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Mark VAT ID not verified' })).toBeVisible();

  // Record payment. The company owes nothing, so any payment is large: the server says why, and
  // the form asks to confirm the amount.
  const reference = `Bank transfer ${uniqueWord()}`;
  const payment = admin.getByRole('form', { name: 'Record payment' });
  await payment.getByLabel('Amount ($)').fill('250');
  await payment.getByLabel('Reference').fill(reference);
  expectConsoleMessage(failedLoad(400), { url: /\/payments$/ });
  await payment.getByRole('button', { name: 'Record payment' }).click();
  await expect(payment.getByText(/more than ten times what is owed/)).toBeVisible();
  await payment.getByLabel('The amount is right: record this large payment').check();
  await payment.getByRole('button', { name: 'Record payment' }).click();
  // A table on a desktop, a list of cards on a phone.
  const statement = admin.getByRole('region', { name: 'Statement', exact: true });
  const row = statement
    .getByRole('row')
    .or(statement.getByRole('listitem'))
    .filter({ hasText: reference });
  await expect(row).toContainText('Payment');
  await expect(row).toContainText('−$250.00');
  // Paid beyond what it owed: a credit balance, which does not raise the credit available.
  await expect(row).toContainText('Credit balance $250.00');
  const figure = (label: string) =>
    admin.getByRole('term').filter({ hasText: label }).locator('xpath=following-sibling::dd[1]');
  await expect(figure('Credit balance').first()).toHaveText('$250.00');
  await expect(figure('Available credit').first()).toHaveText('$5,000.00');
  await expectNoSeriousA11yViolations(admin);

  // The company's owner reads the same statement.
  const ledger = (await (
    await page.request.get(`/api/companies/${company._id}/ledger`)
  ).json()) as CompanyLedger;
  expect(ledger.data).toEqual([
    expect.objectContaining({ type: 'payment', amount: -250, note: reference }),
  ]);
  expect(ledger.balance).toBe(-250);
});

test('with JavaScript off, the cart still asks for a quote, and a refused note comes back as typed', async ({
  page,
  admin,
  browser,
}) => {
  const product = await addProduct(admin);
  await signUp(page, 'Noa Noscript');
  const noScript = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const plain = await noScript.newPage();
  await send(plain, `/api/cart/lines/${product._id}`, { quantity: 20 }, 'put');

  // Too long a note: the same cart, the note kept, the reason under the form.
  expectConsoleMessage(failedLoad(400), { url: /\/cart$/ });
  await plain.goto('/cart');
  const request = plain.getByRole('form', { name: 'Request a quote' });
  const tooLong = 'x'.repeat(MAX_QUOTE_NOTE + 1);
  await request
    .getByLabel('Note for the shop (optional)')
    .evaluate((box: HTMLTextAreaElement, text) => {
      box.removeAttribute('maxlength');
      box.value = text;
    }, tooLong);
  await request.getByRole('button', { name: 'Request a quote' }).click();
  await expect(
    plain.getByText(`Note is too long (${MAX_QUOTE_NOTE} characters at most)`),
  ).toBeVisible();
  await expect(request.getByLabel('Note for the shop (optional)')).toHaveValue(tooLong);

  await request.getByLabel('Note for the shop (optional)').fill('Asked with scripts off.');
  await request.getByRole('button', { name: 'Request a quote' }).click();
  await expect(plain).toHaveURL(/\/dashboard\/quotes\/[0-9a-f-]{36}$/);
  await expect(
    plain.getByRole('status').filter({ hasText: /Quote Q-\d+ is requested/ }),
  ).toBeVisible();
  await expect(plain.getByText('Asked with scripts off.')).toBeVisible();
  await expect(plain.getByText('Waiting for the shop’s answer.')).toBeVisible();
  await noScript.close();
});
