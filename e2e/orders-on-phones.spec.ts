import { formatDollars } from '../src/contract/money.ts';
import type { BrowserContext } from '@playwright/test';
import { expect, test, type Browser, type Locator, type Page } from './support/test.ts';
import type { Product } from '../src/contract/catalog.ts';
import type { Order } from '../src/contract/orders.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { fillSignUp, sessionFile, uniqueEmail } from './support/accounts.ts';
import { origin, uniqueWord } from './support/admin.ts';
import { deliveryFor, payByCard } from './support/orders.ts';
import { expectColumns, expectOnScreen } from './support/page.ts';

// My Orders, the payment page and Manage All Orders on a phone (issue 20, items 2 and 5): every
// field and button of an order in reach without scrolling sideways, and each order known by its
// number and the day it was placed. Drawn at the phone project's 390 × 844, the only project
// that runs tests tagged @phone-only.

async function addPart(admin: Page, name: string, price: number) {
  const response = await admin.request.post('/api/tools', {
    headers: { origin: origin() },
    data: {
      name,
      price,
      stock: 500,
      desc: 'A part made for one end-to-end test of orders on a phone.',
      img: '/images/products/spoke-wrench.svg',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Product;
}

/** An order of several parts, through the cart as a buyer checks out. */
async function checkOut(page: Page, lines: [Product, number][]) {
  for (const [product, quantity] of lines) {
    const put = await page.request.put(`/api/cart/lines/${product._id}`, {
      headers: { origin: origin() },
      data: { quantity },
    });
    expect(put.status(), await put.text()).toBe(200);
  }
  const response = await page.request.post('/api/checkout', {
    headers: { origin: origin(), 'idempotency-key': `phone-${uniqueWord()}` },
    data: await deliveryFor(page),
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Order;
}

async function placeOrder(page: Page, email: string, product: Product, quantity: number) {
  const response = await page.request.post('/api/orders', {
    headers: { origin: origin() },
    data: { productId: product._id, quantity, email },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Order;
}

/** Nothing on the page (or in one scrolling box of it) reaches past its right edge. */
async function expectNoSidewaysScroll(page: Page, box?: Locator) {
  const measure = (element: Element | null) => {
    const root = element ?? document.scrollingElement ?? document.documentElement;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  };
  const { scrollWidth, clientWidth } = box
    ? await box.evaluate(measure)
    : await page.evaluate(measure, null);
  expect(scrollWidth, 'it scrolls sideways').toBeLessThanOrEqual(clientWidth);
}

/** Another browser profile at the desktop project's size, signed in as `storageState` says. */
const atDesktopWidth = (browser: Browser, storageState: string | StorageState) =>
  browser.newContext({
    storageState,
    viewport: { width: 1280, height: 800 },
    isMobile: false,
    hasTouch: false,
  });

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

const placedOn = (order: Order) =>
  new Date(order.createdAt).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    // The browser's zone (playwright.config.ts), whatever the runner's is.
    timeZone: 'UTC',
  });

const orderCard = (page: Page, order: Order) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: `Order #${order.number}` }) });

test('on a phone, My Orders and Manage All Orders show each order as a card whose number, date and buttons are all on the screen @phone-only', async ({
  page,
  browser,
}) => {
  const word = uniqueWord();
  // A second profile, the run's shared admin, on the same phone.
  const adminContext = await browser.newContext({ storageState: sessionFile('admin') });
  const admin = await adminContext.newPage();
  const spokes = await addPart(admin, `Zz Phone Spokes ${word}`, 0.5);
  const chains = await addPart(admin, `Zz Phone Chains ${word}`, 9.5);

  // Signed up on the phone; newCustomer looks for the Dashboard link, folded into the menu here.
  const customer = {
    name: `Parker Phone ${word}`,
    email: uniqueEmail('phone'),
    password: 'pedal-power-2026',
  };
  await page.goto('/signup');
  await fillSignUp(page, customer);
  await expect(page).toHaveURL(/\/$/);
  const several = await checkOut(page, [
    [spokes, 40],
    [chains, 12],
  ]);
  const single = await placeOrder(page, customer.email, chains, 10);

  // My Orders: a card per order, the buttons in reach, nothing off to the right.
  await page.goto('/dashboard');
  const severalCard = orderCard(page, several);
  const singleCard = orderCard(page, single);
  await expect(severalCard).toContainText(`Placed ${placedOn(several)}`);
  await expect(severalCard).toContainText('2 parts:');
  // The goods are $134.00; the card shows what is charged, shipping and tax included.
  await expect(severalCard).toContainText(formatDollars(several.grandTotal));
  await expect(severalCard).toContainText('Unpaid');
  // The time alone on the day the hold ends; its date too when that is another day (an hour's
  // hold placed late in the evening).
  await expect(severalCard).toContainText(/held until (\w{3} \d{1,2}, \d{4}, )?\d{1,2}:\d{2}/);
  await expect(singleCard).toContainText(`Placed ${placedOn(single)}`);
  await expect(singleCard).toContainText('$9.50 per piece');
  await expect(singleCard).toContainText(formatDollars(single.grandTotal));
  await expectNoSidewaysScroll(page);
  for (const card of [severalCard, singleCard]) {
    await expectOnScreen(card.getByRole('link', { name: /^Pay order/ }));
    await expectOnScreen(card.getByRole('button', { name: /^Delete order/ }));
    await expectOnScreen(card.getByRole('button', { name: /^Order again/ }));
  }

  // The parts of the order of several, each with its quantity, unit price and line total.
  await severalCard.getByRole('button', { name: `Show lines of order #${several.number}` }).click();
  const lines = severalCard.getByRole('list', { name: `Lines of order #${several.number}` });
  const spokeLine = lines.getByRole('listitem').filter({ hasText: spokes.name });
  await expect(spokeLine).toContainText('40');
  await expect(spokeLine).toContainText('$0.50');
  await expect(spokeLine).toContainText('$20.00');
  await expect(lines.getByRole('listitem').filter({ hasText: chains.name })).toContainText(
    '$114.00',
  );
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);

  // The payment page names the order too, and takes the card on the phone.
  await singleCard.getByRole('link', { name: /^Pay order/ }).click();
  await expect(page.getByRole('heading', { name: 'Make your Payment' })).toBeVisible();
  await expect(page.getByText(`Order #${single.number}`)).toBeVisible();
  await expect(page.getByText(`placed ${placedOn(single)}`)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await payByCard(page);
  await expect(page.getByText('Congrats your payment has been succeed!')).toBeVisible();

  // At a desktop's width, Manage All Orders is a table that fits beside the dashboard menu.
  const wideAdminContext = await atDesktopWidth(browser, sessionFile('admin'));
  const wideAdmin = await wideAdminContext.newPage();
  await wideAdmin.goto(`/dashboard/manageallorders?q=${encodeURIComponent(customer.email)}`);
  const allOrders = wideAdmin.getByRole('table', { name: 'All orders' });
  await expect(allOrders.getByRole('row').filter({ hasText: customer.email })).toHaveCount(2);
  await expectNoSidewaysScroll(wideAdmin);
  await expectOnScreen(allOrders.getByRole('button', { name: /^Mark shipped/ }));
  await wideAdminContext.close();

  // Staff find the order by its number and mark it shipped, on a phone too.
  await admin.goto('/dashboard/manageallorders');
  await admin.getByRole('searchbox', { name: 'Search orders' }).fill(`#${single.number}`);
  await admin.getByRole('button', { name: 'Filter', exact: true }).click();
  await expect(admin).toHaveURL(new RegExp(`q=%23${single.number}`));
  // The orders desk (issue 35): on a phone each row of its table is a card.
  const staffCard = admin
    .getByRole('table', { name: 'All orders' })
    .getByRole('row')
    .filter({ hasText: `Order #${single.number}` });
  await expect(staffCard).toContainText(customer.email);
  await expect(staffCard).toContainText(single.createdAt.slice(0, 10));
  await expect(staffCard).toContainText('Paid');
  await expectNoSidewaysScroll(admin);
  await expectNoSeriousA11yViolations(admin);
  const ship = staffCard.getByRole('button', { name: /^Mark shipped/ });
  await expectOnScreen(ship);
  await ship.click();
  await expect(admin.getByText(`Order #${single.number}: `).first()).toBeVisible();
  // Visible: the row's desktop cells say it too, hidden at this width.
  await expect(
    staffCard.getByText('Shipped', { exact: true }).filter({ visible: true }),
  ).toBeVisible();
  await adminContext.close();

  // The customer's My Orders says so.
  await page.goto('/dashboard');
  await expect(singleCard).toContainText('Shipped');
  await expect(singleCard).not.toContainText('Unpaid');
  await expect(singleCard.getByRole('button', { name: /^Delete order/ })).toBeDisabled();
  await expectNoSidewaysScroll(page);

  // At a desktop's width the same orders are the spec's table, with the number and the date.
  const desktop = await atDesktopWidth(browser, await page.context().storageState());
  const wide = await desktop.newPage();
  await wide.goto('/dashboard');
  const table = wide.getByRole('region', { name: 'Your orders' });
  await expectColumns(table, [
    'No',
    'Name',
    'Price',
    'Quantity',
    'Total Price',
    'Payment',
    'Pay',
    'Action',
  ]);
  const shippedRow = table.getByRole('row').filter({ hasText: `Order #${single.number}` });
  await expect(shippedRow).toContainText(`placed ${placedOn(single)}`);
  await expect(shippedRow).toContainText('Shipped');
  await expect(
    table.getByRole('row').filter({ hasText: `Order #${several.number}` }),
  ).toContainText('Unpaid');
  await expect(wide.locator('ol[aria-label="Your orders"]')).toBeHidden();
  await desktop.close();
});
