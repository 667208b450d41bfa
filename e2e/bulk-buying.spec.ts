import { expect, type Page } from './support/test.ts';
import type { Product } from '../src/contract/catalog.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { origin, test, uniqueWord } from './support/admin.ts';
import { sessionFile } from './support/accounts.ts';
import { DESKTOP_ONLY } from './support/page.ts';
import { cartRow, quantityOf } from './support/cart.ts';
import { checkOutFromCart, payByCard } from './support/orders.ts';

// Bulk buying end to end (issue 12), as the run's shared customer and admin: no sign-ups. The
// customer has one cart, so these tests run one after another, at desktop width only (the
// phone project would share that cart at the same time); each starts by emptying it.

test.use({ storageState: sessionFile('customer') });
test.describe.configure({ mode: 'serial' });

type Ladder = { moq: number; packSize: number; tiers: [number, number][] };

/** A product of this test's own, added by the admin through the API; sorts after the demo's. */
async function addPart(admin: Page, word: string, kind: string, ladder: Ladder) {
  const name = `Zz Bulk ${kind} ${word}`;
  const response = await admin.request.post('/api/tools', {
    headers: { origin: origin() },
    data: {
      name,
      sku: `E2E-${kind.slice(0, 3).toUpperCase()}-${word.toUpperCase()}`,
      price: ladder.tiers[0]![1],
      stock: 1000,
      moq: ladder.moq,
      packSize: ladder.packSize,
      tiers: ladder.tiers.map(([minQuantity, price]) => ({ minQuantity, price })),
      desc: `A ${kind.toLowerCase()} made for one end-to-end test of bulk buying.`,
      img: '/images/products/spoke-wrench.svg',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Product;
}

/** Starts from an empty cart: a retry, or an earlier test, may have left lines in it. */
async function emptyCart(page: Page) {
  const response = await page.request.delete('/api/cart', { headers: { origin: origin() } });
  expect(response.status(), await response.text()).toBe(200);
}

/** One cart line as it reads: quantity, unit price, line total. */
async function expectLine(
  page: Page,
  product: Product,
  { quantity, unit, total }: { quantity: number; unit: string; total: string },
) {
  const row = cartRow(page, product);
  await expect(quantityOf(row, product)).toHaveValue(String(quantity));
  await expect(row.getByRole('cell').nth(1)).toContainText(unit);
  await expect(row.getByRole('cell').nth(3)).toHaveText(total);
}

const cartTotal = (page: Page) => page.getByRole('status').filter({ hasText: /^Total/ });

async function payWithTestCard(page: Page) {
  await expect(page.getByRole('heading', { name: 'Make your Payment' })).toBeVisible();
  await payByCard(page);
  await expect(page.getByText('Congrats your payment has been succeed!')).toBeVisible();
}

test(`a buyer fills a cart from the shop and from quick order, steps it by the pack, checks out, pays and orders again ${DESKTOP_ONLY}`, async ({
  page,
  admin,
}) => {
  test.setTimeout(120_000);
  const word = uniqueWord();
  const spokes = await addPart(admin, word, 'Spokes', {
    moq: 10,
    packSize: 5,
    tiers: [
      [10, 4],
      [50, 3.5],
    ],
  });
  const pads = await addPart(admin, word, 'Pads', {
    moq: 10,
    packSize: 1,
    tiers: [
      [10, 2],
      [100, 1.8],
    ],
  });
  const tubes = await addPart(admin, word, 'Tubes', { moq: 12, packSize: 6, tiers: [[12, 3]] });
  const chains = await addPart(admin, word, 'Chains', { moq: 10, packSize: 1, tiers: [[10, 9.5]] });
  await emptyCart(page);

  // From the shop: the card shows the SKU, the ladder and the pack, and adds the minimum.
  await page.goto(`/shop?q=${word}`);
  const card = page.getByRole('article', { name: spokes.name });
  await expect(card).toContainText(`SKU ${spokes.sku}`);
  await expect(card).toContainText('10+ $4.00 · 50+ $3.50');
  await expect(card).toContainText('Minimum 10, in packs of 5');
  await card.getByRole('button', { name: `Add to cart: ${spokes.name}` }).click();
  await expect(page.getByText(`Added 10 × ${spokes.name} to your cart.`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 1 line' })).toBeVisible();

  // Quick order, pasted: one line goes in as asked, one is raised to a whole pack, one fails.
  await page.goto('/quick-order');
  await expectNoSeriousA11yViolations(page);
  const box = page.getByLabel('SKU and quantity, one part per line');
  await box.fill(`${pads.sku}\t20\n${tubes.sku.toLowerCase()}; 13\nNO-SUCH-${word} 10`);
  await page.getByRole('button', { name: 'Add all to cart' }).click();
  await expect(page.getByText('1 line added, 1 adjusted, 1 error.')).toBeVisible();
  const results = page.getByRole('region', { name: 'Quick order results' });
  await expect(results.getByRole('row').filter({ hasText: pads.sku })).toContainText('Added');
  const adjusted = results.getByRole('row').filter({ hasText: tubes.sku });
  await expect(adjusted).toContainText('Adjusted');
  await expect(adjusted.getByRole('cell').nth(2)).toHaveText('18');
  // (hasText ignores case: the server may echo the SKU upper-cased.)
  await expect(results.getByRole('row').filter({ hasText: `NO-SUCH-${word}` })).toContainText(
    'Error',
  );
  // Only the line to fix stays in the box.
  await expect(box).toHaveValue(`NO-SUCH-${word} 10`);
  await expectNoSeriousA11yViolations(page);

  // Quick order from a CSV file, as a spreadsheet saves it (header row, byte-order mark).
  await page.getByLabel('Or load a CSV file').setInputFiles({
    name: 'workshop-order.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`\uFEFFsku,quantity\r\n${chains.sku},30\r\n`),
  });
  await expect(box).toHaveValue(new RegExp(`${chains.sku},30`));
  await page.getByRole('button', { name: 'Add all to cart' }).click();
  await expect(page.getByText('1 line added, 0 adjusted, 0 errors.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to your cart (4 lines)' }).click();

  // The cart: unit prices from the ladders, with the next tier named.
  await expect(page).toHaveURL(/\/cart$/);
  await expectLine(page, spokes, { quantity: 10, unit: '$4.00', total: '$40.00' });
  await expect(cartRow(page, spokes)).toContainText('order 50 for $3.50 each');
  await expectLine(page, pads, { quantity: 20, unit: '$2.00', total: '$40.00' });
  await expect(cartRow(page, pads)).toContainText('order 100 for $1.80 each');
  await expectLine(page, tubes, { quantity: 18, unit: '$3.00', total: '$54.00' });
  await expectLine(page, chains, { quantity: 30, unit: '$9.50', total: '$285.00' });
  await expect(cartTotal(page)).toContainText('$419.00');
  await expectNoSeriousA11yViolations(page);

  // Steppers move by the pack and stop at the minimum; reaching a tier changes the price.
  const spokeRow = cartRow(page, spokes);
  await spokeRow.getByRole('button', { name: `More ${spokes.name}` }).click();
  await expectLine(page, spokes, { quantity: 15, unit: '$4.00', total: '$60.00' });
  await quantityOf(spokeRow, spokes).fill('45');
  await quantityOf(spokeRow, spokes).press('Enter');
  await expectLine(page, spokes, { quantity: 45, unit: '$4.00', total: '$180.00' });
  await spokeRow.getByRole('button', { name: `More ${spokes.name}` }).click();
  await expectLine(page, spokes, { quantity: 50, unit: '$3.50', total: '$175.00' });
  await expect(spokeRow).not.toContainText('order 50');
  const tubeRow = cartRow(page, tubes);
  await tubeRow.getByRole('button', { name: `Fewer ${tubes.name}` }).click();
  await expectLine(page, tubes, { quantity: 12, unit: '$3.00', total: '$36.00' });
  const fewerTubes = tubeRow.getByRole('button', { name: `Fewer ${tubes.name}` });
  await expect(fewerTubes).toHaveAttribute('aria-disabled', 'true');
  // (It takes no pointer events then; the keyboard still reaches it, and it does nothing.)
  await fewerTubes.press('Enter');
  await expectLine(page, tubes, { quantity: 12, unit: '$3.00', total: '$36.00' });
  // A typed quantity between packs is refused with the rule's sentence, and not sent.
  await quantityOf(tubeRow, tubes).fill('20');
  await quantityOf(tubeRow, tubes).press('Enter');
  await expect(tubeRow.getByRole('alert')).toHaveText('Sold in packs of 6: try 18 or 24');
  await quantityOf(tubeRow, tubes).press('Escape');
  await expect(cartTotal(page)).toContainText('$536.00');

  // Checkout: one order for the whole cart, then the payment page for it.
  await checkOutFromCart(page);
  await expect(page.getByText('Order Placed Success')).toBeVisible();
  await expect(page.getByText('$536.00').first()).toBeVisible();
  // What the card is charged: the goods' $536.00 with shipping and tax.
  const charged = (
    await page
      .getByRole('region', { name: 'Order summary' })
      .getByText('Total price')
      .locator('xpath=following-sibling::dd[1]')
      .textContent()
  )?.trim();
  expect(charged).toMatch(/^\$[\d,]+\.\d{2}$/);
  await payWithTestCard(page);
  await expect(page.getByRole('link', { name: 'Cart, empty' })).toBeVisible();

  // My Orders: the order of four parts, its lines, and Order again.
  await page.goto('/dashboard');
  const order = page.getByRole('row').filter({ hasText: '4 parts:' }).filter({ hasText: word });
  await expect(order).toContainText(charged!);
  await expect(order).toContainText('Paid');
  await expect(order).toContainText('112');
  await order.getByRole('button', { name: /^Show lines of order/ }).click();
  const lines = page.getByRole('table', { name: /lines/i }).filter({ hasText: spokes.sku });
  await expect(lines.getByRole('row').filter({ hasText: spokes.sku })).toContainText('$175.00');
  await expect(lines.getByRole('row').filter({ hasText: chains.sku })).toContainText('$285.00');
  await order.getByRole('button', { name: /^Order again/ }).click();
  await expect(page.getByRole('link', { name: 'Cart, 4 lines' })).toBeVisible();
  await page.getByRole('link', { name: 'Cart, 4 lines' }).click();
  await expectLine(page, spokes, { quantity: 50, unit: '$3.50', total: '$175.00' });
  await expectLine(page, tubes, { quantity: 12, unit: '$3.00', total: '$36.00' });
  await expect(cartTotal(page)).toContainText('$536.00');
  await emptyCart(page);
});

test(`an admin edits a ladder in Manage Products, and the buyer's cart prices follow ${DESKTOP_ONLY}`, async ({
  page,
  admin,
}) => {
  const word = uniqueWord();
  const cables = await addPart(admin, word, 'Cables', {
    moq: 10,
    packSize: 1,
    tiers: [
      [10, 5],
      [40, 4.5],
    ],
  });
  await emptyCart(page);

  // From the purchase page: the ladder, then Add to cart beside the spec's Place Order.
  await page.goto(`/tools/${cables._id}`);
  await expect(page.getByText(`SKU ${cables.sku}`)).toBeVisible();
  await expect(page.getByText('10+ $5.00 · 40+ $4.50')).toBeVisible();
  await page.getByLabel('Quantity', { exact: true }).fill('40');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText(`Added 40 × ${cables.name} to your cart.`)).toBeVisible();
  await page.goto('/cart');
  await expectLine(page, cables, { quantity: 40, unit: '$4.50', total: '$180.00' });
  await expect(cartTotal(page)).toContainText('$180.00');

  // The admin finds it by SKU and changes its ladder; a rising price is refused first.
  await admin.goto('/dashboard/manageProduct');
  await admin.getByRole('searchbox', { name: 'Find products' }).fill(cables.sku.toLowerCase());
  await admin.getByRole('button', { name: 'Search', exact: true }).click();
  const row = admin
    .getByRole('region', { name: 'Products' })
    .getByRole('row')
    .filter({ hasText: cables.name });
  await expect(row).toContainText(`SKU ${cables.sku}`);
  await row.getByRole('button', { name: `Manage ${cables.name}` }).click();
  const dialog = admin.getByRole('dialog', { name: 'Edit product' });
  await expect(dialog.getByLabel('Tier 2: from quantity')).toHaveValue('40');
  await dialog.getByLabel('Tier 2: price per piece').fill('5.25');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog.getByText('A larger quantity cannot cost more per piece')).toBeVisible();
  await dialog.getByLabel('Tier 2: price per piece').fill('4.2');
  await dialog.getByRole('button', { name: 'Add a price tier' }).click();
  await dialog.getByLabel('Tier 3: from quantity').fill('100');
  await dialog.getByLabel('Tier 3: price per piece').fill('3.9');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(admin.getByText(`${cables.name} has been updated.`)).toBeVisible();
  await expect(dialog).toBeHidden();

  // The buyer's cart is priced by today's ladder: the new tier price and the new next tier.
  await page.reload();
  await expectLine(page, cables, { quantity: 40, unit: '$4.20', total: '$168.00' });
  await expect(cartRow(page, cables)).toContainText('order 100 for $3.90 each');
  await expect(cartTotal(page)).toContainText('$168.00');
  await emptyCart(page);
});
