import type { MyCompany } from '../src/contract/companies.ts';
import { formatDollars } from '../src/contract/money.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { fillSignUp, firstLink, mailsTo, uniqueEmail } from './support/accounts.ts';
import { origin, test, uniqueWord } from './support/admin.ts';
import { addAddressByApi, productWithStock } from './support/orders.ts';
import { DESKTOP_ONLY } from './support/page.ts';
import { expect, type Page } from './support/test.ts';
import { keepShot } from './support/shots.ts';

// Issue 23, the buyer's side of a trade account: the owner makes a company and invites a
// buyer by email; the buyer's order over their spending limit waits; the owner approves it and
// it is charged to the account with its PO number. In both projects: these screens must work
// on a phone as on a desktop.

async function signUp(page: Page, account: { name: string; email: string; password: string }) {
  await page.goto('/signup');
  await fillSignUp(page, account);
  await expect(page).toHaveURL(/\/$/);
}

test('an owner invites a buyer, whose order over the spending limit waits until the owner approves it and it is charged to the account with its PO number', async ({
  page,
  admin,
  browser,
}) => {
  test.setTimeout(180_000);
  const companyName = `Velo Werkstatt ${uniqueWord()}`;
  const owner = { name: 'Olivia Owner', email: uniqueEmail('owner'), password: 'pedal-power-2026' };
  const buyer = { name: 'Bram Buyer', email: uniqueEmail('buyer'), password: 'pedal-power-2026' };

  // The owner makes the company on the Company page; it needs a PO number on every order.
  await signUp(page, owner);
  await page.goto('/dashboard/company');
  const create = page.getByRole('form', { name: 'Create a company' });
  await create.getByLabel('Company name').fill(companyName);
  await create.getByLabel('Every order needs a PO number').check();
  await create.getByRole('button', { name: 'Create company' }).click();
  await expect(page.getByRole('heading', { name: companyName, level: 2 })).toBeVisible();
  await expect(page.getByText('None yet: pay by card')).toBeVisible();

  // The shop grants net-30 terms and a $5,000 limit.
  const company = (await (await page.request.get('/api/companies/me')).json()) as MyCompany;
  const terms = await admin.request.patch(`/api/companies/${company._id}`, {
    headers: { origin: origin() },
    data: { terms: { netDays: 30 }, creditLimit: 5000 },
  });
  expect(terms.status(), await terms.text()).toBe(200);
  await page.reload();
  await expect(page.getByText('Net 30 days')).toBeVisible();

  // Invite: a buyer with a $50 spending limit; the invite waits in the list.
  const invite = page.getByRole('form', { name: 'Invite' });
  await invite.getByLabel('Email').fill(buyer.email);
  await invite.getByLabel('Role').selectOption('buyer');
  await invite.getByLabel('Spending limit ($, optional)').fill('50');
  await invite.getByRole('button', { name: 'Send invite' }).click();
  await expect(page.getByText(`Invite sent to ${buyer.email}.`)).toBeVisible();
  const pending = page.getByRole('list', { name: 'Pending invites' });
  await expect(pending).toContainText(buyer.email);
  await expect(pending).toContainText('Buyer, limit $50.00');
  await expectNoSeriousA11yViolations(page);
  await keepShot(page, 'company');

  // The buyer signs up with the invited email and follows the mailed link.
  await expect.poll(() => mailsTo(buyer.email).length).toBeGreaterThan(0);
  const link = firstLink(mailsTo(buyer.email).at(-1)!);
  expect(link).toMatch(/\/company-invites\/[^/\s]+$/);
  const buyerContext = await browser.newContext();
  const buyerPage = await buyerContext.newPage();
  await signUp(buyerPage, buyer);
  await buyerPage.goto(link);
  await expect(buyerPage.getByRole('heading', { name: companyName })).toBeVisible();
  await keepShot(buyerPage, 'invite');
  await buyerPage.getByRole('button', { name: `Join ${companyName}` }).click();
  await expect(buyerPage).toHaveURL(/\/dashboard\/company$/);
  const me = buyerPage.getByRole('list', { name: 'Members' }).getByRole('listitem', {
    name: 'Bram Buyer (you)',
  });
  await expect(me).toContainText('Buyer');
  await expect(me).toContainText('$50.00');

  // The buyer checks out 20 pieces on account with a PO number: over $50, so it waits.
  await addAddressByApi(buyerPage);
  const product = await productWithStock(buyerPage);
  const put = await buyerPage.request.put(`/api/cart/lines/${product._id}`, {
    headers: { origin: origin() },
    data: { quantity: 20 },
  });
  expect(put.status(), await put.text()).toBe(200);
  await buyerPage.goto('/checkout');
  const payment = buyerPage.getByRole('group', { name: 'Payment' });
  const onAccount = payment.getByRole('radio', { name: /Charge to account/ });
  await expect(onAccount).toBeChecked();
  await expect(payment).toContainText('Available credit: $5,000.00');
  await expect(payment).toContainText('Over your spending limit of $50.00');
  const poNumber = `PO-${uniqueWord()}`;
  await payment.getByLabel('PO number').fill(poNumber);
  await expectNoSeriousA11yViolations(buyerPage);
  await keepShot(buyerPage, 'checkout');
  await buyerPage.getByRole('button', { name: 'Place order' }).click();
  await expect(buyerPage).toHaveURL(/\/dashboard\/orders\/[0-9a-f-]{36}$/);
  await expect(buyerPage.getByText('Awaiting approval').first()).toBeVisible();
  const orderUrl = buyerPage.url();
  const orderNumber = (await buyerPage.getByRole('heading', { level: 1 }).textContent()) ?? '';
  expect(orderNumber).toMatch(/^Order #\d+$/);

  // The owner approves it on Approvals: charged to the account at once, with the PO number.
  await page.goto('/dashboard/approvals');
  // The menu says how many wait (issue 34).
  await expect(
    page.getByRole('link', { name: /Approvals\s*1 waiting/, includeHidden: true }),
  ).toBeAttached();
  const waiting = page.getByRole('listitem', { name: orderNumber });
  await expect(waiting).toContainText('Bram Buyer');
  await expect(waiting).toContainText(poNumber);
  // Every line with its quantity, and the total.
  await expect(
    waiting.getByRole('list', { name: `Lines of ${orderNumber}` }).getByRole('listitem'),
  ).toHaveText([new RegExp(`^20 × ${product.name}`)]);
  await expect(waiting).toContainText('Grand total');
  await expectNoSeriousA11yViolations(page);
  await keepShot(page, 'approvals');
  await waiting.getByRole('button', { name: `Approve ${orderNumber}` }).click();
  await expect(
    page.getByText(`${orderNumber} is approved and charged to the account.`),
  ).toBeVisible();
  await expect(page.getByText('No orders are waiting for approval.')).toBeVisible();

  // The order says so, for the owner and the buyer: charged, its PO number, due in 30 days.
  await page.goto(orderUrl);
  await expect(page.getByText('Charged to account').first()).toBeVisible();
  const facts = page.getByRole('definition');
  await expect(facts.filter({ hasText: poNumber })).toBeVisible();
  await expect(facts.filter({ hasText: 'Bram Buyer' })).toBeVisible();
  await keepShot(page, 'order');
  await buyerPage.reload();
  await expect(buyerPage.getByText('Charged to account').first()).toBeVisible();
  await expect(buyerPage.getByRole('link', { name: /Download invoice/ })).toBeVisible();

  // The statement: one charge of the grand total, with its invoice to download.
  const order = (await (
    await page.request.get(`/api/order/${orderUrl.split('/').at(-1)}`)
  ).json()) as { grandTotal: number; invoiceNumber: string; poNumber: string; dueAt: string };
  expect(order.poNumber).toBe(poNumber);
  await page.goto('/dashboard/statement');
  await expect(page.getByRole('definition').first()).toHaveText(formatDollars(order.grandTotal));
  const ledger = page
    .getByRole('region', { name: 'Ledger entries' })
    .or(page.getByRole('list', { name: 'Ledger entries' }));
  await expect(ledger.filter({ visible: true })).toContainText('Charge');
  await expect(
    page.getByRole('link', { name: `Download invoice ${order.invoiceNumber}` }).filter({
      visible: true,
    }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await keepShot(page, 'statement');
  await buyerContext.close();
});

test.describe('trade account forms with JavaScript off', { tag: DESKTOP_ONLY }, () => {
  test.use({ javaScriptEnabled: false });

  test('an owner makes a company, invites a buyer and charges an order to the account with a PO number, all without the script', async ({
    page,
    admin,
  }) => {
    test.setTimeout(120_000);
    const companyName = `Spoke Works ${uniqueWord()}`;
    const owner = {
      name: 'Noa Owner',
      email: uniqueEmail('noscript-owner'),
      password: 'pedal-power-2026',
    };
    await page.goto('/signup');
    const signup = page.getByRole('form', { name: 'Sign Up' });
    await signup.getByLabel('Your Name').fill(owner.name);
    await signup.getByLabel('Email').fill(owner.email);
    await signup.getByLabel('Password', { exact: true }).fill(owner.password);
    await signup.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/$/);

    // Create a company: the form posts, the page's action makes it, the page shows it.
    await page.goto('/dashboard/company');
    const create = page.getByRole('form', { name: 'Create a company' });
    await create.getByLabel('Company name').fill(companyName);
    await create.getByLabel('Every order needs a PO number').check();
    await create.getByRole('button', { name: 'Create company' }).click();
    await expect(page.getByRole('heading', { name: companyName, level: 2 })).toBeVisible();
    await expect(page.getByText('Required on every order')).toBeVisible();
    const company = (await (await page.request.get('/api/companies/me')).json()) as MyCompany;
    const terms = await admin.request.patch(`/api/companies/${company._id}`, {
      headers: { origin: origin() },
      data: { terms: { netDays: 14 }, creditLimit: 5000 },
    });
    expect(terms.status(), await terms.text()).toBe(200);

    // Invite: posted, and listed among the pending invites.
    const buyerEmail = uniqueEmail('noscript-buyer');
    await page.reload();
    const invite = page.getByRole('form', { name: 'Invite' });
    await invite.getByLabel('Email').fill(buyerEmail);
    await invite.getByLabel('Spending limit ($, optional)').fill('250');
    await invite.getByRole('button', { name: 'Send invite' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `Invite sent to ${buyerEmail}.` }),
    ).toBeVisible();
    await expect(page.getByRole('list', { name: 'Pending invites' })).toContainText(buyerEmail);

    // Checkout: "Charge to account" with the PO number, posted with Place order.
    await addAddressByApi(page);
    const product = await productWithStock(page);
    const put = await page.request.put(`/api/cart/lines/${product._id}`, {
      headers: { origin: origin() },
      data: { quantity: 10 },
    });
    expect(put.status(), await put.text()).toBe(200);
    await page.goto('/checkout');
    const payment = page.getByRole('group', { name: 'Payment' });
    await expect(payment.getByRole('radio', { name: /Charge to account/ })).toBeChecked();
    const poNumber = `PO-${uniqueWord()}`;
    await payment.getByLabel('PO number').fill(poNumber);
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/dashboard\/orders\/[0-9a-f-]{36}$/);
    await expect(
      page.getByRole('status').filter({ hasText: 'charged to your account' }),
    ).toBeVisible();
    await expect(page.getByText('Charged to account').first()).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: poNumber })).toBeVisible();
  });
});
