import type { Page } from './support/test.ts';
import { expect } from './support/test.ts';
import type { Product } from '../src/contract/catalog.ts';
import { productPath } from '../src/contract/product-path.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { fillSignUp, uniqueEmail } from './support/accounts.ts';
import { origin, test, uniqueWord } from './support/admin.ts';

// Saved order lists (issue 34): a buyer saves parts to a list from their pages and sends the
// whole list to the cart from Dashboard, Lists; on a phone each line is a card with its
// quantity. Runs in both projects, each with a buyer of its own (carts are per account).

/** A part of this test's own, added by the admin through the API. */
async function addPart(admin: Page, word: string, kind: string, packSize: number) {
  const response = await admin.request.post('/api/tools', {
    headers: { origin: origin() },
    data: {
      name: `Zz List ${kind} ${word}`,
      sku: `E2E-L${kind.slice(0, 2).toUpperCase()}-${word.toUpperCase()}`,
      price: 2.5,
      stock: 500,
      // The minimum is whole packs.
      moq: packSize > 1 ? packSize : 10,
      packSize,
      desc: `A ${kind.toLowerCase()} made for one end-to-end test of saved lists.`,
      img: '/images/products/spoke-wrench.svg',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Product;
}

/** From the product's page: Save to list, into `list` (or a new one by that name). */
async function saveFromProductPage(
  page: Page,
  product: Product,
  quantity: number,
  { list, isNew }: { list: string; isNew: boolean },
) {
  await page.goto(productPath(product));
  const form = page.getByRole('form', { name: 'Save to list' });
  await page.getByText('Save to list', { exact: true }).first().click();
  await form.getByLabel('Quantity to save').fill(String(quantity));
  const choice = form.getByRole('combobox', { name: 'List' });
  if (isNew) {
    await form.getByLabel('New list name').fill(list);
  } else {
    // The buyer's lists arrive after the page: the list is offered once they have.
    await expect(choice).toContainText(list);
    await choice.selectOption({ label: list });
  }
  await form.getByRole('button', { name: 'Save to list' }).click();
  await expect(page.getByText(`Saved 1 part to ${list}.`)).toBeVisible();
  await form.screenshot({ path: test.info().outputPath(`saved-${product.sku}.png`) });
}

test('a buyer saves parts to a list and sends the list to the cart', async ({ page, admin }) => {
  test.setTimeout(120_000);
  const word = uniqueWord();
  const chains = await addPart(admin, word, 'Chain', 1);
  const tubes = await addPart(admin, word, 'Tube', 25);
  // Signed up here (newCustomer looks for the Dashboard link, folded into the phone's menu).
  await page.goto('/signup');
  await fillSignUp(page, {
    name: 'Lisa Lister',
    email: uniqueEmail('lists'),
    password: 'pedal-power-2026',
  });
  await expect(page).toHaveURL(/\/$/);
  const listName = `Weekly ${word}`;

  await saveFromProductPage(page, chains, 20, { list: listName, isNew: true });
  // Off the pack on purpose: a list keeps what was typed, the cart's rules raise it.
  await saveFromProductPage(page, tubes, 30, { list: listName, isNew: false });

  await page.goto('/dashboard/lists');
  await expect(page.getByRole('heading', { name: 'Lists', level: 1 })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('lists.png'), fullPage: true });
  await page.getByRole('link', { name: listName }).first().click();
  await expect(page.getByRole('heading', { name: listName })).toBeVisible();

  const cards = page.getByRole('list', { name: 'Parts on this list' }).getByRole('listitem');
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0).getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('20');
  await expect(cards.nth(1).getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('30');
  await expect(cards.nth(1)).toContainText('Sold in packs of 25: try 25 or 50');
  // Each card fits the screen: nothing scrolls sideways.
  const wide = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  expect(wide, 'the page scrolls sideways').toBe(false);
  await page.screenshot({ path: test.info().outputPath('list.png'), fullPage: true });
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Add all to cart' }).click();
  await expect(page.getByText('Added to your cart.')).toBeVisible();
  const results = page.getByRole('region', { name: 'What went into your cart' });
  await expect(results).toContainText('Raised to 50: sold in packs of 25');
  await page.screenshot({ path: test.info().outputPath('sent.png'), fullPage: true });

  await page.getByRole('link', { name: /Go to your cart \(2 lines\)/ }).click();
  await expect(page.getByRole('heading', { name: 'Your cart' })).toBeVisible();
  await page.getByText('Save the cart to a list', { exact: true }).click();
  await expect(page.getByRole('form', { name: 'Save the cart to a list' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('cart.png'), fullPage: true });
  await expect(page.getByText(chains.sku).first()).toBeVisible();
  await expect(page.getByText(tubes.sku).first()).toBeVisible();
  const cart = await page.request.get('/api/cart');
  const lines = ((await cart.json()) as { lines: { sku: string; quantity: number }[] }).lines;
  expect(lines.map((l) => [l.sku, l.quantity])).toEqual([
    [chains.sku, 20],
    [tubes.sku, 50],
  ]);
});
