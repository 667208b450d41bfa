import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart } from '../src/contract/cart.ts';
import type { Product } from '../src/contract/catalog.ts';
import type { Attribute, Brand, Category, Family } from '../src/contract/taxonomy.ts';
import { ORIGIN, signUp, type Account } from './support/auth.ts';
import { inject } from './support/inject.ts';
import { postForm } from './support/page-forms.ts';
import { makeTestApp, testDatabaseKind } from './support/test-app.ts';

// The product page of a filed part (issue 32, "Pages" and "Families and variants"), as the
// server draws it: its brand and codes, its category's trail, its attributes and what it fits;
// a family's other sizes as links (one axis) or as a grid of quantity boxes (two axes), whose
// form adds every filled box to the cart, with script or without.

const ADMIN = 'product-page-admin@example.com';
const TEMPLATE = `<!doctype html><html lang="en"><head><!--page-head--><title>ECParts</title><!--/page-head--></head>
<body><div id="root"></div></body></html>`;

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let admin: Account;

/** An EAN-13 from its first 12 digits, with the check digit GS1 computes. */
function ean13(first12: string) {
  const sum = [...first12].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return `${first12}${(10 - (sum % 10)) % 10}`;
}

async function made<T>(route: Parameters<typeof inject>[1], body: unknown) {
  const res = await inject(ctx.app, route as 'POST /api/brands', { as: admin, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as T;
}

let tyres: { family: Family; variants: Product[] };
let chain: { family: Family; variants: Product[] };
let cassette: Product;

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'ecparts-product-page-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), TEMPLATE);
  ctx = await makeTestApp({ WEB_DIST_DIR: dist, ADMIN_EMAILS: ADMIN });
  admin = await signUp(ctx.app, { email: ADMIN, name: 'Ada Admin' });

  const maxxis = await made<Brand>('POST /api/brands', { name: 'Maxxis' });
  const wheels = await made<Category>('POST /api/categories', { name: 'Wheels & tyres' });
  const tyreCat = await made<Category>('POST /api/categories', {
    name: 'MTB tyres',
    parentId: wheels._id,
  });
  const drivetrain = await made<Category>('POST /api/categories', { name: 'Drivetrain' });
  /** An attribute of one category's parts; `more`: an enum's values, a unit, multi. */
  const attribute = (
    category: Category,
    key: string,
    label: string,
    type: Attribute['type'],
    more: Record<string, unknown> = {},
  ) =>
    made<Attribute>('POST /api/attributes', {
      key,
      label,
      type,
      categoryIds: [category._id],
      ...more,
    });
  await attribute(tyreCat, 'wheel-size', 'Wheel size (ETRTO)', 'enum', { values: ['622', '584'] });
  await attribute(tyreCat, 'width', 'Tyre width', 'number', { unit: 'mm' });
  await attribute(tyreCat, 'tubeless', 'Tubeless ready', 'boolean');
  await attribute(drivetrain, 'links', 'Chain links', 'number');
  await attribute(drivetrain, 'freehub', 'Freehub body', 'enum', {
    multi: true,
    values: ['Shimano HG', 'SRAM XD'],
  });

  const part = (name: string, n: number, more: Record<string, unknown>) =>
    made<Product>('POST /api/tools', {
      name,
      price: 54.9,
      stock: n === 3 ? 0 : 200,
      img: '/images/products/chain-whip.svg',
      sku: `PPF-${n}`,
      brandId: maxxis._id,
      mpn: `TB-${n}`,
      gtin: ean13(`47177840000${n}`),
      ...more,
    });

  const tyreFamily = await made<Family>('POST /api/families', {
    name: 'Minion DHF',
    axes: ['wheel-size', 'width'],
  });
  const sizes: [string, number][] = [
    ['584', 58],
    ['584', 64],
    ['622', 58],
  ];
  const tyreVariants: Product[] = [];
  for (const [i, [wheel, width]] of sizes.entries()) {
    tyreVariants.push(
      await part(`Minion DHF ${wheel} x ${width}`, i + 1, {
        categoryId: tyreCat._id,
        familyId: tyreFamily._id,
        attributes: { 'wheel-size': wheel, width, tubeless: true },
      }),
    );
  }
  tyres = { family: tyreFamily, variants: tyreVariants };

  const chainFamily = await made<Family>('POST /api/families', {
    name: 'HG701 chain',
    axes: ['links'],
  });
  const chainVariants: Product[] = [];
  for (const [i, links] of [116, 138].entries()) {
    chainVariants.push(
      await part(`HG701 chain ${links} links`, i + 4, {
        categoryId: drivetrain._id,
        familyId: chainFamily._id,
        attributes: { links },
      }),
    );
  }
  chain = { family: chainFamily, variants: chainVariants };
  cassette = await part('Cassette 11-34', 6, {
    categoryId: drivetrain._id,
    attributes: { freehub: ['Shimano HG', 'SRAM XD'] },
  });
  if (testDatabaseKind === 'postgres') await new Promise((resolve) => setTimeout(resolve, 300));
});
afterAll(() => ctx.app.close());

const page = async (path: string, as?: Account) => {
  const res = await ctx.app.inject({
    url: path,
    headers: as ? { cookie: as.cookie } : {},
  });
  expect(res.statusCode, path).toBe(200);
  return res.body;
};

const post = (url: string, fields: Record<string, string>, as?: Account) =>
  postForm(ctx.app, url, fields, as ? { cookie: as.cookie } : {});

const flashOf = (res: { headers: Record<string, unknown> }) =>
  decodeURIComponent(
    [res.headers['set-cookie'] ?? []]
      .flat()
      .map(String)
      .find((c) => c.startsWith('ecparts_flash=')) ?? '',
  );

/** The page's text, tags dropped: what a reader sees, in order. */
const textOf = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<!--.*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe('the product page of a filed part', () => {
  it('shows its brand, MPN and GTIN, and the trail of its category', async () => {
    const [tyre] = tyres.variants;
    const html = await page(`/products/${tyre!._id}`);
    const text = textOf(html);
    expect(text).toContain(`Brand Maxxis MPN TB-1 GTIN ${tyre!.gtin}`);
    expect(html).toContain('href="/b/maxxis"');
    expect(text).toContain('Home Shop Wheels & tyres MTB tyres Minion DHF 584 x 58');
    expect(html).toContain('href="/c/wheels-tyres"');
    expect(html).toContain('href="/c/mtb-tyres"');
  });

  it('lists its attributes by their labels and units, and what it fits', async () => {
    const tyreText = textOf(await page(`/products/${tyres.variants[1]!._id}`));
    expect(tyreText).toContain('Specifications');
    expect(tyreText).toMatch(/Wheel size \(ETRTO\) 584/);
    expect(tyreText).toMatch(/Tyre width 64 mm/);
    expect(tyreText).toMatch(/Tubeless ready Yes/);
    const cassetteText = textOf(await page(`/products/${cassette._id}`));
    expect(cassetteText).toContain('Fits Freehub body Shimano HG SRAM XD');
  });

  it("links a one-axis family's other sizes, the one shown marked current", async () => {
    const [short, long] = chain.variants;
    const html = await page(`/products/${short!._id}`);
    expect(textOf(html)).toContain('Chain links 116 $54.90 138 $54.90');
    expect(html).toMatch(new RegExp(`aria-current="page"[^>]*href="/products/${short!._id}"`));
    expect(html).toContain(`href="/products/${long!._id}"`);
  });

  it('draws a two-axis family as a grid: a labelled box per variant, an empty cell where none is made, a sold-out one closed', async () => {
    const html = await page(`/products/${tyres.variants[0]!._id}`);
    for (const variant of tyres.variants) {
      expect(html).toContain(`name="qty-${variant._id}"`);
    }
    expect(textOf(html)).toContain('Quantity of Wheel size (ETRTO) 622, Tyre width 58 mm (PPF-3)');
    expect(textOf(html)).toContain('Not made in this size');
    const soldOut = html.match(new RegExp(`<input[^>]*name="qty-${tyres.variants[2]!._id}"[^>]*>`));
    expect(soldOut?.[0]).toContain('disabled=""');
    expect(textOf(html)).toContain('(PPF-3) Sold out');
    expect(html).toMatch(/<th[^>]*scope="row"[^>]*>622<\/th>/);
    // The one-part box gives way to the grid: one Add to cart for all of it.
    expect(html.match(/>Add to cart</g)).toHaveLength(1);
  });
});

describe('the size grid posted without script', () => {
  it('adds every filled box and comes back to the page saying what went in', async () => {
    const customer = await signUp(ctx.app);
    const [a, b, c] = tyres.variants;
    const path = `/products/${a!._id}`;
    const res = await post(
      path,
      {
        intent: 'size-grid',
        [`qty-${a!._id}`]: '10',
        [`qty-${b!._id}`]: '25',
        [`qty-${c!._id}`]: '',
      },
      customer,
    );
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe(path);
    expect(flashOf(res)).toContain('Added to your cart: 2 lines added, 0 adjusted, 0 errors.');
    const cart = await inject(ctx.app, 'GET /api/cart', { as: customer });
    expect(cart.json<Cart>().lines.map((l) => [l.productId, l.quantity])).toEqual([
      [a!._id, 10],
      [b!._id, 25],
    ]);
  });

  it('says which box could not go in, and why, while the others do', async () => {
    const customer = await signUp(ctx.app);
    const [a, b] = tyres.variants;
    const res = await post(
      `/products/${a!._id}`,
      { intent: 'size-grid', [`qty-${a!._id}`]: '10', [`qty-${b!._id}`]: '500' },
      customer,
    );
    expect(res.statusCode).toBe(303);
    expect(flashOf(res)).toContain('1 line added, 0 adjusted, 1 error. PPF-2: Only 200 in stock');
  });

  it('draws the page again with a box that is not a number, keeping what was typed', async () => {
    const customer = await signUp(ctx.app);
    const [a, b] = tyres.variants;
    const res = await post(
      `/products/${a!._id}`,
      { intent: 'size-grid', [`qty-${a!._id}`]: 'ten', [`qty-${b!._id}`]: '20' },
      customer,
    );
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('value="ten"');
    expect(res.body).toContain('Add a whole number of pieces');
    const cart = await inject(ctx.app, 'GET /api/cart', { as: customer });
    expect(cart.json<Cart>().lines).toEqual([]);
  });

  it('sends a visitor to sign in first, and back to the product', async () => {
    const [a] = tyres.variants;
    const res = await post(`/products/${a!._id}`, {
      intent: 'size-grid',
      [`qty-${a!._id}`]: '10',
    });
    expect(res.statusCode).toBe(303);
    const next = new URL(res.headers.location ?? '', ORIGIN);
    expect(next.pathname).toBe('/login');
    expect(next.searchParams.get('next')).toBe(`/products/${a!._id}`);
  });
});
