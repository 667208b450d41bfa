import type { Locator, Page } from '@playwright/test';
import type { Product } from '../src/contract/catalog.ts';
import type { MyCompany } from '../src/contract/companies.ts';
import type { Order } from '../src/contract/orders.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { fillSignUp, uniqueEmail } from './support/accounts.ts';
import { origin, sendOk, test, uniqueWord } from './support/admin.ts';
import { deliveryFor, payByCard } from './support/orders.ts';
import { expect } from './support/test.ts';
import { keepShot } from './support/shots.ts';

// Issue 35: the admin lands on the overview, whose counts follow what happens (an order paid,
// then shipped); and no badge's text spills out of its pill, on a phone or a desktop.

// The two tests of this file would move each other's counts.
test.describe.configure({ mode: 'serial' });

async function signUp(page: Page, name: string) {
  await page.goto('/signup');
  await fillSignUp(page, { name, email: uniqueEmail('overview'), password: 'pedal-power-2026' });
  await expect(page).toHaveURL(/\/$/);
}

const addPart = async (admin: Page, name: string) =>
  (await sendOk(admin, 'post', '/api/tools', {
    name,
    price: 4,
    stock: 500,
    desc: 'A part made for one end-to-end test of the overview.',
    img: '/images/products/spoke-wrench.svg',
  })) as Product;

async function checkout(page: Page, part: Product, body: Record<string, unknown> = {}) {
  await sendOk(page, 'put', `/api/cart/lines/${part._id}`, { quantity: 10 });
  const response = await page.request.post('/api/checkout', {
    headers: { origin: origin(), 'idempotency-key': `overview-${uniqueWord()}` },
    data: { ...(await deliveryFor(page)), ...body },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Order;
}

/** The number of one count of the overview ("Orders to ship"). */
async function countOf(page: Page, label: string) {
  const link = page.getByRole('link', { name: new RegExp(`^[\\d,]+ ${label}$`) });
  return Number(((await link.textContent()) ?? '').replace(/\D+/g, ''));
}

test('the admin lands on the overview, and its counts follow an order paid and then shipped', async ({
  page,
  admin,
}) => {
  test.setTimeout(120_000);
  const word = uniqueWord();
  const part = await addPart(admin, `Zz E2E Overview Spoke ${word}`);

  await admin.goto('/dashboard');
  await expect(admin.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  await expect(admin.getByText('You have no orders yet')).toHaveCount(0);
  const toShip = await countOf(admin, 'Orders to ship');
  await expect(admin.getByRole('link', { name: /Orders to ship$/ })).toHaveAttribute(
    'href',
    '/dashboard/manageallorders?status=to_ship',
  );
  await expect(admin.getByRole('link', { name: /ready to ship now$/ })).toHaveAttribute(
    'href',
    '/dashboard/manageallorders?status=ready_to_ship',
  );
  await expect(admin.getByRole('img', { name: /Sales this month and last month/ })).toBeVisible();
  await expectNoSeriousA11yViolations(admin);
  await keepShot(admin, 'before');

  await signUp(page, `Otto Overview ${word}`);
  const order = await checkout(page, part);
  await page.goto(`/order/payment/${order._id}`);
  await payByCard(page);
  await expect(page.getByText('Congrats your payment has been succeed!')).toBeVisible();

  // Other tests place orders too: at least this one more, and shipping it takes one off.
  await admin.reload();
  await expect.poll(() => countOf(admin, 'Orders to ship')).toBeGreaterThan(toShip);
  const paid = await countOf(admin, 'Orders to ship');
  await keepShot(admin, 'paid');

  await sendOk(admin, 'patch', `/api/orders/${order._id}/ship`, {
    carrier: 'DHL',
    trackingNumber: `JD${word}`,
  });
  await admin.reload();
  await expect.poll(() => countOf(admin, 'Orders to ship')).toBeLessThan(paid);
});

/** Every badge on the page whose text is wider or taller than its box, by their sizes. */
const spilledBadges = (badges: Locator) =>
  badges.evaluateAll((els) =>
    els
      .filter((el) => (el as HTMLElement).offsetParent !== null)
      .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
      .map(
        (el) =>
          `${el.textContent?.trim()} (${el.scrollWidth}x${el.scrollHeight} in ${el.clientWidth}x${el.clientHeight})`,
      ),
  );

test('no badge spills its text out of its pill, on the pages that show them', async ({
  page,
  admin,
}) => {
  test.setTimeout(150_000);
  const word = uniqueWord();
  const part = await addPart(admin, `Zz E2E Badge Chain ${word}`);
  // A company on terms, whose owner's order is charged to account (the badge of issue 35).
  await signUp(page, `Bea Badges ${word}`);
  const company = (await sendOk(page, 'post', '/api/companies', {
    name: `Badge Bikes ${word}`,
  })) as MyCompany;
  await sendOk(admin, 'patch', `/api/companies/${company._id}`, {
    terms: { netDays: 30 },
    creditLimit: 5000,
  });
  const onAccount = await checkout(page, part, {
    paymentMethod: 'account',
    poNumber: `PO-${word}`,
  });
  const unpaid = await checkout(page, part);

  const pages: [Page, string][] = [
    [page, '/dashboard'],
    [page, `/dashboard/orders/${onAccount._id}`],
    [page, `/dashboard/orders/${unpaid._id}`],
    [page, '/dashboard/addresses'],
    [admin, '/dashboard/manageallorders'],
    [admin, `/dashboard/orders/${onAccount._id}`],
  ];
  for (const [who, path] of pages) {
    await who.goto(path);
    const badges = who.locator('.badge:visible');
    await expect(badges.first(), path).toBeVisible();
    expect(await spilledBadges(badges), path).toEqual([]);
  }
  await page.goto('/dashboard');
  await expect(
    page.locator('.badge:visible', { hasText: 'Charged to account' }).first(),
  ).toBeVisible();
  await keepShot(page, 'badges');
});
