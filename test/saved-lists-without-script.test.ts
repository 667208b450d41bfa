import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart } from '../src/contract/cart.ts';
import type { SavedList, SavedListList } from '../src/contract/saved-lists.ts';
import { signUp, type Account } from './support/auth.ts';
import { insertProduct } from './support/fixtures.ts';
import { inject } from './support/inject.ts';
import { postForm } from './support/page-forms.ts';
import { makeTestApp, testDatabaseKind } from './support/test-app.ts';

// Saved lists' forms posted before the page's script took over (docs/decisions/0018): Save to
// list on a product page and the cart, and a list's own forms, answered by the pages' actions.

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let chain: { id: string };
let pads: { id: string };
let buyer: Account;

const TEMPLATE = `<!doctype html><html lang="en"><head><!--page-head--><title>ECParts</title><!--/page-head--></head>
<body><div id="root"></div></body></html>`;

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'ecparts-lists-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), TEMPLATE);
  ctx = await makeTestApp({ WEB_DIST_DIR: dist });
  chain = await insertProduct(ctx.db, { name: 'Chain wear checker', sku: 'NS-CWC-01' });
  pads = await insertProduct(ctx.db, {
    name: 'Brake pads',
    sku: 'NS-PAD-01',
    moq: 10,
    packSize: 10,
  });
  buyer = await signUp(ctx.app, { name: 'Nora Noscript' });
  if (testDatabaseKind === 'postgres') await new Promise((resolve) => setTimeout(resolve, 300));
});
afterAll(() => ctx.app.close());

const post = (url: string, fields: Record<string, string>) =>
  postForm(ctx.app, url, fields, { cookie: buyer.cookie });

const flashOf = (res: { headers: Record<string, unknown> }) =>
  decodeURIComponent(
    [res.headers['set-cookie'] ?? []]
      .flat()
      .map(String)
      .find((c) => c.startsWith('ecparts_flash=')) ?? '',
  );

const myLists = async () =>
  (await inject(ctx.app, 'GET /api/lists', { as: buyer })).json<SavedListList>().data;

describe('saved lists without script', () => {
  it('saves a part from its page into a new list, and refuses a save that names no list', async () => {
    const refused = await post(`/products/${chain.id}`, {
      intent: 'save-to-list',
      listId: '',
      newName: '',
      [`line-${chain.id}`]: '20',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Choose a list or name a new one');

    const res = await post(`/products/${chain.id}`, {
      intent: 'save-to-list',
      listId: '',
      newName: 'Monday parts',
      [`line-${chain.id}`]: '20',
    });
    expect(res.statusCode).toBe(303);
    const [list] = await myLists();
    expect(list?.name).toBe('Monday parts');
    expect(res.headers.location).toBe(`/dashboard/lists/${list?._id}`);
    expect(flashOf(res)).toContain('Saved 1 part to Monday parts.');
  });

  it('saves the cart into a list chosen from the cart page', async () => {
    const [list] = await myLists();
    await inject(ctx.app, 'PUT /api/cart/lines/:productId', {
      params: { productId: pads.id },
      body: { quantity: 30 },
      as: buyer,
    });
    const res = await post('/cart', {
      intent: 'save-to-list',
      listId: list?._id ?? '',
      [`line-${pads.id}`]: '30',
    });
    expect(res.statusCode).toBe(303);
    const saved = await inject(ctx.app, 'GET /api/lists/:id', {
      params: { id: list?._id ?? '' },
      as: buyer,
    });
    expect(saved.json<SavedList>().lines.map((l) => [l.sku, l.quantity])).toEqual([
      ['NS-CWC-01', 20],
      ['NS-PAD-01', 30],
    ]);
  });

  it('changes a quantity, imports lines and sends the list to the cart from its page', async () => {
    await inject(ctx.app, 'DELETE /api/cart', { as: buyer });
    const [list] = await myLists();
    const page = `/dashboard/lists/${list?._id}`;
    const changed = await post(page, { intent: 'line', productId: pads.id, quantity: '25' });
    expect(changed.statusCode).toBe(303);
    expect(changed.headers.location).toBe(page);

    const imported = await post(page, { intent: 'import', text: 'NS-CWC-01 40\nNOPE 1' });
    expect(imported.statusCode).toBe(303);
    expect(flashOf(imported)).toContain('Imported 1 line; 1 could not be read or found.');

    const sent = await post(page, { intent: 'to-cart' });
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe('/cart');
    expect(flashOf(sent)).toContain('List sent to your cart: 1 line added, 1 adjusted, 0 errors.');
    const cart = (await inject(ctx.app, 'GET /api/cart', { as: buyer })).json<Cart>();
    expect(cart.lines.map((l) => [l.sku, l.quantity])).toEqual([
      ['NS-CWC-01', 40],
      ['NS-PAD-01', 30],
    ]);
  });

  it('makes a list from Dashboard, Lists and deletes it from its page', async () => {
    const made = await post('/dashboard/lists', { name: 'From the form' });
    expect(made.statusCode).toBe(303);
    const list = (await myLists()).find((l) => l.name === 'From the form');
    expect(made.headers.location).toBe(`/dashboard/lists/${list?._id}`);
    const gone = await post(`/dashboard/lists/${list?._id}`, { intent: 'delete' });
    expect(gone.statusCode).toBe(303);
    expect(gone.headers.location).toBe('/dashboard/lists');
    expect((await myLists()).some((l) => l.name === 'From the form')).toBe(false);
  });
});
