import {
  expect,
  expectConsoleMessage,
  failedLoad,
  test,
  type APIRequestContext,
  type Page,
} from './support/test.ts';
import type { ProductDetail } from '../src/contract/catalog.ts';
import type { ToolList } from '../src/contract/catalog-list.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { fillSignUp, uniqueEmail } from './support/accounts.ts';
import { origin, test as adminTest, uniqueWord } from './support/admin.ts';
import { cartRow } from './support/cart.ts';
import { DESKTOP_ONLY, expectOnScreen } from './support/page.ts';

// The product page of a filed part (issue 32): its brand and codes, its attributes and what it
// fits, and a family's sizes in a grid that orders several at once; and an admin filing a part
// from the edit form.

/** A part of the demo catalogue found by a search, with its family's variants. */
async function demoPart(
  request: APIRequestContext,
  q: string,
  pick: (p: ToolList['data'][number]) => boolean,
) {
  const list = (await (
    await request.get(`/api/tools?q=${encodeURIComponent(q)}`)
  ).json()) as ToolList;
  const part = list.data.find(pick);
  if (!part) throw new Error(`the demo catalogue has no part for "${q}"`);
  return (await (await request.get(`/api/tools/${part._id}`)).json()) as ProductDetail;
}

/** A new customer, signed in (the cart of the shared one belongs to other specs). */
async function signUp(page: Page) {
  await page.goto('/signup');
  await fillSignUp(page, {
    name: 'Gwen Grid',
    email: uniqueEmail('grid'),
    password: 'size-grid-2026',
  });
  await page.waitForURL((url) => url.pathname === '/');
}

/** A tyre of the demo catalogue that comes in wheel sizes by widths: a two-axis family. */
const gridTyre = (request: APIRequestContext) =>
  demoPart(request, 'Maxxis Minion DHF', (p) => p.familyId !== null);

test('a customer orders two sizes from the size grid and finds both lines in the cart', async ({
  page,
}) => {
  await signUp(page);
  const tyre = await gridTyre(page.request);
  const family = tyre.family!;
  expect(family.axes).toHaveLength(2);
  const orderable = family.variants.filter((v) => v.stock >= v.moq);
  expect(orderable.length).toBeGreaterThanOrEqual(2);
  const [first, second] = orderable as [(typeof orderable)[0], (typeof orderable)[0]];

  await page.goto(`/products/${tyre._id}`);
  const grid = page.getByRole('form', { name: 'Order by size' });
  await expect(grid.getByRole('columnheader', { name: '58 mm' })).toBeVisible();
  await expect(grid.getByRole('rowheader', { name: '584' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const box = (sku: string) => grid.getByRole('spinbutton', { name: new RegExp(`\\(${sku}\\)$`) });
  // On a phone the grid scrolls sideways within its box: each cell can be reached.
  for (const variant of [first, second]) {
    await expectOnScreen(box(variant.sku));
    await box(variant.sku).fill(String(variant.moq));
  }
  await expectOnScreen(grid.getByRole('button', { name: 'Add to cart' }));
  await grid.getByRole('button', { name: 'Add to cart' }).click();

  const results = page.getByRole('region', { name: 'Sizes added to your cart' });
  await expect(page.getByRole('status').filter({ hasText: 'Added to your cart.' })).toContainText(
    '2 lines added',
  );
  await expect(results.getByRole('row').filter({ hasText: first.sku })).toContainText('Added');
  await expect(results.getByRole('row').filter({ hasText: second.sku })).toContainText('Added');
  // What went in is not sent twice: the boxes are empty again.
  await expect(box(first.sku)).toHaveValue('');

  await page.getByRole('link', { name: 'Go to your cart (2 lines)' }).click();
  await expect(cartRow(page, first)).toBeVisible();
  await expect(cartRow(page, second)).toBeVisible();
});

test("the product page shows a part's brand, codes, attributes and what it fits", async ({
  page,
}) => {
  const cassette = await demoPart(
    page.request,
    'cassette',
    (p) => Array.isArray(p.attributes.freehub) && p.brand !== null && p.gtin !== null,
  );
  await page.goto(`/products/${cassette._id}`);
  const main = page.getByRole('main');
  for (const [term, value] of [
    ['Brand', cassette.brand!.name],
    ['MPN', cassette.mpn!],
    ['GTIN', cassette.gtin!],
  ] as const) {
    await expect(main.getByRole('term').getByText(term, { exact: true })).toBeVisible();
    await expect(main.getByRole('definition').getByText(value, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: cassette.brand!.name })).toHaveAttribute(
    'href',
    `/b/${cassette.brand!.slug}`,
  );
  const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
  for (const crumb of cassette.category!.path) {
    await expect(trail.getByRole('link', { name: crumb.name })).toHaveAttribute(
      'href',
      `/c/${crumb.slug}`,
    );
  }

  const specs = page.getByRole('table', { name: `Attributes of ${cassette.name}` });
  await expect(specs.getByRole('row', { name: /Speeds/ })).toContainText(
    String(cassette.attributes.speeds),
  );
  const fits = page.getByRole('list', { name: 'Freehub body' });
  for (const value of cassette.attributes.freehub as string[]) {
    await expect(fits.getByRole('listitem').filter({ hasText: value })).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page);
});

test('a one-axis family offers its other sizes as links', async ({ page }) => {
  const chain = await demoPart(page.request, 'CN-HG701-11', (p) => p.familyId !== null);
  await page.goto(`/products/${chain._id}`);
  const sizes = page.getByRole('navigation', { name: 'Chain links' });
  await expect(sizes.getByRole('link', { name: /^116/ })).toHaveAttribute('aria-current', 'page');
  await sizes.getByRole('link', { name: /^138/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('138');
  await expect(sizes.getByRole('link', { name: /^138/ })).toHaveAttribute('aria-current', 'page');
});

/** A GTIN-13 nobody has: random digits and the check digit GS1 computes. */
function freshGtin() {
  const first12 = `20${String(Date.now()).slice(-8)}${Math.floor(Math.random() * 90 + 10)}`;
  const sum = [...first12].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return `${first12}${(10 - (sum % 10)) % 10}`;
}

adminTest(
  "an admin sets a part's brand and GTIN in the edit form, and the product page shows them",
  { tag: DESKTOP_ONLY },
  async ({ admin }) => {
    const name = `Zz E2E Tyre Lever ${uniqueWord()}`;
    const added = await admin.request.post('/api/tools', {
      headers: { origin: origin() },
      data: { name, price: 3.5, stock: 50, img: '/images/products/chain-checker.svg' },
    });
    expect(added.status(), await added.text()).toBe(201);
    const product = (await added.json()) as ProductDetail;
    const taken = await demoPart(admin.request, 'CN-HG701-11', (p) => p.gtin !== null);

    await admin.goto(`/dashboard/manageProduct?q=${encodeURIComponent(name)}`);
    await admin.getByRole('button', { name: `Manage ${name}` }).click();
    const dialog = admin.getByRole('dialog', { name: 'Edit product' });
    await dialog.getByLabel('Brand').selectOption({ label: 'Park Tool' });
    const gtin = dialog.getByLabel('GTIN (EAN or UPC barcode)');

    // A wrong check digit is refused before it leaves the form.
    const good = freshGtin();
    const wrongDigit = `${good.slice(0, -1)}${(Number(good.at(-1)) + 1) % 10}`;
    await gtin.fill(wrongDigit);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog.getByText(`the check digit should be ${good.at(-1)}`)).toBeVisible();

    // Another part's GTIN: the server's 409, by the field, naming the part that has it.
    expectConsoleMessage(failedLoad(409), { url: new RegExp(`/api/tools/${product._id}$`) });
    await gtin.fill(taken.gtin!);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog.getByText(`GTIN ${taken.gtin} is already used by`)).toBeVisible();
    await expectNoSeriousA11yViolations(admin);

    await gtin.fill(good);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(admin.getByText(`${name} has been updated.`)).toBeVisible();
    await expect(dialog).toBeHidden();

    await admin.goto(`/products/${product._id}`);
    const codes = admin.getByRole('main').getByRole('definition');
    await expect(codes.getByText('Park Tool', { exact: true })).toBeVisible();
    await expect(codes.getByText(good, { exact: true })).toBeVisible();
  },
);
