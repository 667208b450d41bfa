import type { Page } from './support/test.ts';
import { expect } from './support/test.ts';
import type { Product } from '../src/contract/catalog.ts';
import { productPath } from '../src/contract/product-path.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { fillSignUp, mailsTo, uniqueEmail } from './support/accounts.ts';
import { origin, test, uniqueWord } from './support/admin.ts';

// Back in stock (issue 34): a buyer finds a part out of stock, asks to be told with Notify me,
// an admin receives stock, and the buyer's one mail leads to a part that can be ordered again.
// Runs in both projects, each with a part and a buyer of its own.

async function addSoldOutPart(admin: Page, word: string) {
  const response = await admin.request.post('/api/tools', {
    headers: { origin: origin() },
    data: {
      name: `Zz Alert Lockring Tool ${word}`,
      sku: `E2E-ALR-${word.toUpperCase()}`,
      price: 6.5,
      stock: 0,
      desc: 'A lockring tool made for one end-to-end test of stock alerts.',
      img: '/images/products/spoke-wrench.svg',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Product;
}

async function receive(admin: Page, product: Product, delta: number) {
  const response = await admin.request.post(`/api/tools/${product._id}/stock-movements`, {
    headers: { origin: origin() },
    data: { delta, reason: 'received', note: 'Delivery for the stock alert test' },
  });
  expect(response.status(), await response.text()).toBe(201);
}

test('a buyer asks to be told, an admin receives stock, and the mail leads to a part that can be ordered', async ({
  page,
  admin,
}) => {
  test.setTimeout(120_000);
  const word = uniqueWord();
  const part = await addSoldOutPart(admin, word);
  const shot = (name: string) => test.info().outputPath(`${name}.png`);

  // A visitor: the card and the page offer Notify me, not order buttons, and ask to sign in.
  await page.goto(`/shop?q=${encodeURIComponent(part.sku)}`);
  const card = page.getByRole('article', { name: part.name });
  await expect(card.getByRole('button', { name: `Notify me: ${part.name}` })).toBeVisible();
  await expect(card.getByRole('link', { name: `Order Now: ${part.name}` })).toHaveCount(0);
  await page.screenshot({ path: shot('card-visitor'), fullPage: false });
  await page.goto(productPath(part));
  await expect(page.getByText('This part is out of stock.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to cart' })).toHaveCount(0);
  await expect(
    page.getByRole('link', { name: `Sign in to be notified: ${part.name}` }),
  ).toBeVisible();

  // A buyer asks for the alert on the part's page.
  // Signed up here (newCustomer looks for the Dashboard link, folded into the phone's menu).
  const buyer = { name: 'Nora Notify', email: uniqueEmail('alerts'), password: 'pedal-power-2026' };
  await page.goto('/signup');
  await fillSignUp(page, buyer);
  await expect(page).toHaveURL(/\/$/);
  await page.goto(productPath(part));
  await page.getByRole('button', { name: `Notify me: ${part.name}` }).click();
  await expect(
    page.getByText(`We will mail you once when ${part.name} is back in stock.`),
  ).toBeVisible();
  await expect(page.getByText('Alert set')).toBeVisible();
  await expect(
    page.getByRole('button', { name: `Cancel the stock alert: ${part.name}` }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: shot('product-alert-set'), fullPage: true });

  // The purchase page too: the alert, not a Place Order that would refuse.
  await page.goto(`/tools/${part._id}`);
  await expect(page.getByText('Alert set')).toBeVisible();
  await expect(page.getByRole('button', { name: /Place Order/i })).toHaveCount(0);

  // Dashboard, Stock alerts lists it with its Remove.
  await page.goto('/dashboard/stock-alerts');
  await expect(page.getByRole('heading', { name: 'Stock alerts', level: 1 })).toBeVisible();
  const alerts = page.getByRole('list', { name: 'Stock alerts' });
  await expect(alerts.getByRole('link', { name: part.name })).toBeVisible();
  await expect(
    alerts.getByRole('button', { name: `Remove the stock alert: ${part.name}` }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: shot('dashboard-stock-alerts'), fullPage: true });

  // The admin receives stock: one mail, with the part's link and an unsubscribe link.
  await receive(admin, part, 200);
  const subject = `Back in stock: ${part.name}`;
  await expect
    .poll(() => mailsTo(buyer.email).filter((m) => m.subject === subject).length, {
      timeout: 30_000,
    })
    .toBe(1);
  const mail = mailsTo(buyer.email).find((m) => m.subject === subject)!;
  const partLink = /https?:\/\/\S+\/products\/\S+/.exec(mail.text)?.[0] ?? '';
  const unsubscribeLink = /https?:\/\/\S+\/stock-alerts\/unsubscribe\?token=\S+/.exec(
    mail.text,
  )?.[0];
  expect(partLink).toContain(part._id);
  expect(unsubscribeLink).toBeTruthy();

  // The link leads to the part, which can be ordered again; the alert is done.
  await page.goto(new URL(partLink).pathname);
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  await expect(page.getByText('This part is out of stock.')).toHaveCount(0);
  await page.goto(`/tools/${part._id}`);
  await expect(page.getByRole('button', { name: /Place Order/i })).toBeVisible();
  await page.goto('/dashboard/stock-alerts');
  await expect(page.getByText('No stock alerts: you are not waiting for any part.')).toBeVisible();

  // A second receipt mails nothing more.
  await receive(admin, part, 50);
  await page.waitForTimeout(3_000);
  expect(mailsTo(buyer.email).filter((m) => m.subject === subject)).toHaveLength(1);

  // The unsubscribe link works signed out: the page asks, the button does it.
  const visitor = await page.context().browser()!.newContext();
  const signedOut = await visitor.newPage();
  await signedOut.goto(new URL(unsubscribeLink!).pathname + new URL(unsubscribeLink!).search);
  await expect(signedOut.getByRole('heading', { name: 'Stop back-in-stock mails' })).toBeVisible();
  await signedOut.getByRole('button', { name: 'Stop back-in-stock mails' }).click();
  await expect(signedOut.getByRole('status')).toContainText('no more back-in-stock mails');
  await signedOut.screenshot({ path: shot('unsubscribed'), fullPage: true });
  await visitor.close();
});
