import type { Page } from '@playwright/test';
import type { Product } from '../src/contract/catalog.ts';
import type { Order } from '../src/contract/orders.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { signUpAtAnyWidth } from './support/accounts.ts';
import { origin, sendOk, test, uniqueWord } from './support/admin.ts';
import { deliveryFor, payByCard } from './support/orders.ts';
import { expect } from './support/test.ts';
import { keepShot } from './support/shots.ts';

// Returns (issue 34): a buyer returns two parts of a shipped order, an admin approves and
// receives them, and the buyer sees the credit note on the return and the order. In both
// projects: the screens must work on a phone as on a desktop.

async function addPart(admin: Page, name: string) {
  return (await sendOk(admin, 'post', '/api/tools', {
    name,
    price: 4,
    stock: 200,
    desc: 'A part made for one end-to-end test of returns.',
    img: '/images/products/spoke-wrench.svg',
  })) as Product;
}

const signUp = (page: Page, name: string) => signUpAtAnyWidth(page, name, 'returns');

/** Two parts in the cart, checked out and paid by card on the payment page: the order. */
async function paidOrder(page: Page, parts: Product[]) {
  for (const part of parts)
    await sendOk(page, 'put', `/api/cart/lines/${part._id}`, { quantity: 10 });
  const response = await page.request.post('/api/checkout', {
    headers: { origin: origin(), 'idempotency-key': `returns-${uniqueWord()}` },
    data: await deliveryFor(page),
  });
  expect(response.status(), await response.text()).toBe(201);
  const order = (await response.json()) as Order;
  await page.goto(`/order/payment/${order._id}`);
  await payByCard(page);
  await expect(page.getByText('Congrats your payment has been succeed!')).toBeVisible();
  return order;
}

test('a buyer returns two parts of a shipped order, an admin approves and receives them, and the buyer sees the credit note', async ({
  page,
  admin,
}) => {
  test.setTimeout(180_000);
  const word = uniqueWord();
  const parts = [
    await addPart(admin, `Zz E2E Brake Cable ${word}`),
    await addPart(admin, `Zz E2E Cable End ${word}`),
  ];
  await signUp(page, `Rhea Returns ${word}`);
  const order = await paidOrder(page, parts);
  await sendOk(admin, 'patch', `/api/orders/${order._id}/ship`, {
    carrier: 'DHL',
    trackingNumber: `JD${word}`,
  });

  // The buyer: the shipped order's page offers Return parts; one of each part goes back.
  await page.goto(`/dashboard/orders/${order._id}`);
  await page.getByRole('link', { name: 'Return parts' }).click();
  await expect(
    page.getByRole('heading', { name: `Return parts of Order #${order.number}`, level: 1 }),
  ).toBeVisible();
  const list = page.getByRole('list', { name: 'Parts to return' });
  const cable = list.getByRole('listitem').filter({ hasText: parts[0]!.name });
  const end = list.getByRole('listitem').filter({ hasText: parts[1]!.name });
  await cable.getByLabel('Quantity to return').fill('1');
  await cable.getByLabel('Reason').selectOption({ label: 'Damaged' });
  await end.getByLabel('Quantity to return').fill('1');
  await end.getByLabel('Reason').selectOption({ label: 'Wrong part' });
  await page.getByLabel('Note (optional)').fill('One cable frayed; the ends are the wrong size.');
  await keepShot(page, 'request');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Request return' }).click();
  const heading = page.getByRole('heading', { name: /^Return RMA-\d{4}-\d{6}$/, level: 1 });
  await expect(heading).toBeVisible();
  const rma = ((await heading.textContent()) ?? '').replace('Return ', '');
  await expect(page.getByText('Requested', { exact: true }).first()).toBeVisible();
  const returnUrl = page.url();

  // Dashboard, Returns lists it for the buyer.
  await page.goto('/dashboard/returns');
  await expect(page.getByRole('heading', { name: 'Returns', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: rma }).first()).toBeVisible();
  await keepShot(page, 'buyer-list');

  // The admin: the Returns inbox, requested ones; open it, approve it, then receive it.
  await admin.goto('/dashboard');
  // The dashboard menu has it at desktop width (a phone folds the menu away); opened by address.
  if (test.info().project.name === 'desktop') {
    await expect(
      admin.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Returns' }),
    ).toBeVisible();
  }
  await admin.goto('/dashboard/returns');
  await expect(admin.getByRole('heading', { name: 'Returns inbox', level: 1 })).toBeVisible();
  await admin.getByRole('radio', { name: 'Requested' }).check();
  await keepShot(admin, 'inbox');
  await admin.getByRole('link', { name: rma }).first().click();
  await expect(admin.getByRole('heading', { name: `Return ${rma}`, level: 1 })).toBeVisible();
  await admin
    .getByLabel('Where and how to send the parts')
    .fill(
      'ECParts Returns, Keizersgracht 1, 1015 CJ Amsterdam. Write the return number on the box.',
    );
  await keepShot(admin, 'approve');
  await expectNoSeriousA11yViolations(admin);
  await admin.getByRole('button', { name: 'Approve return' }).click();
  await expect(admin.getByText('Approved', { exact: true }).first()).toBeVisible();
  const received = admin.getByRole('list', { name: 'Parts received' });
  await expect(received.getByRole('listitem')).toHaveCount(2);
  await received
    .getByRole('listitem')
    .filter({ hasText: parts[0]!.name })
    .getByLabel('Back in stock')
    .fill('0');
  await received
    .getByRole('listitem')
    .filter({ hasText: parts[0]!.name })
    .getByLabel('Scrapped')
    .fill('1');
  await keepShot(admin, 'receive');
  await admin.getByRole('button', { name: 'Receive and refund' }).click();
  await expect(admin.getByText('Received', { exact: true }).first()).toBeVisible();
  const refund = admin.getByRole('region', { name: 'Refund' });
  await expect(refund).toContainText(/CN-\d{4}-\d{6}/);
  // Two parts at $4.00 with the ship-to's sales tax.
  await expect(refund).toContainText(/\$8\.\d{2}/);

  // The buyer sees the credit note on the return and on the order's timeline.
  await page.goto(returnUrl);
  await expect(page.getByRole('region', { name: 'Refund' })).toContainText(/CN-\d{4}-\d{6}/);
  const steps = page.getByRole('list', { name: 'Steps' });
  await expect(steps).toContainText('Credit note issued');
  await expect(steps).toContainText('Refunded');
  await keepShot(page, 'received');
  await page.getByRole('link', { name: `Order #${order.number}` }).click();
  const timeline = page.getByRole('list', { name: 'Timeline' });
  await expect(timeline).toContainText('Return received');
  await expect(timeline).toContainText('Credit note issued');
  await expect(timeline).toContainText(rma);
  await expect(timeline).toContainText('Refunded');
  await expect(page.getByRole('list', { name: 'Credit notes' })).toContainText(/CN-\d{4}-\d{6}/);
  await keepShot(page, 'order');
});
