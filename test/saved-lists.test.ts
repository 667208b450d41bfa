import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SavedList, SavedListList } from '../src/contract/saved-lists.ts';
import { MAX_LIST_NAME, MAX_LISTS } from '../src/contract/saved-lists.ts';
import { products } from '../src/server/db/schema.ts';
import { signUp, type Account } from './support/auth.ts';
import { givenCompany, givenMember } from './support/companies.ts';
import { insertProduct, ladderInCents } from './support/fixtures.ts';
import { inject, type Sender } from './support/inject.ts';
import { makeTestApp } from './support/test-app.ts';

// Saved order lists (issue 34): a private list is its maker's; a shared one is its company's,
// and every member sees and edits it; anyone else hears 404.

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let owner: Account;
let buyer: Account;
let stranger: Account;
let loner: Account;
let parts: Record<'checker' | 'spokes' | 'wrench', Awaited<ReturnType<typeof insertProduct>>>;

beforeAll(async () => {
  ctx = await makeTestApp();
  ({ owner } = await givenCompany(ctx.app, 'Lists Cycles'));
  ({ account: buyer } = await givenMember(ctx.app, owner));
  stranger = await signUp(ctx.app, { name: 'Sam Stranger' });
  loner = await signUp(ctx.app, { name: 'Lou Loner' });
  parts = {
    checker: await insertProduct(ctx.db, {
      sku: 'LST-CWC',
      name: 'Chain Wear Checker',
      priceCents: 333,
      stock: 400,
      tiers: ladderInCents([10, 333]),
    }),
    spokes: await insertProduct(ctx.db, {
      sku: 'LST-SPK',
      name: 'Spoke 2.0 x 262',
      priceCents: 45,
      moq: 36,
      packSize: 36,
      stock: 720,
      tiers: ladderInCents([36, 45]),
    }),
    wrench: await insertProduct(ctx.db, { sku: 'LST-TRQ', name: 'Torque Wrench', stock: 0 }),
  };
});
afterAll(() => ctx.app.close());

const create = (as: Sender, body: { name: string; shared?: boolean }) =>
  inject(ctx.app, 'POST /api/lists', { as, body });

async function newList(as: Sender, name = 'Weekly consumables', shared = false) {
  const res = await create(as, { name, shared });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<SavedList>();
}

const setLine = (as: Sender, id: string, productId: string, quantity: number) =>
  inject(ctx.app, 'PUT /api/lists/:id/lines/:productId', {
    params: { id, productId },
    body: { quantity },
    as,
  });

const getList = (as: Sender, id: string) =>
  inject(ctx.app, 'GET /api/lists/:id', { params: { id }, as });

const listsOf = async (as: Sender) => {
  const res = await inject(ctx.app, 'GET /api/lists', { as });
  expect(res.statusCode).toBe(200);
  return res.json<SavedListList>().data;
};

describe('saved order lists', () => {
  it('keeps a private list for its maker alone, with its lines in the order they were saved', async () => {
    const list = await newList(loner, 'Loner list');
    expect(list).toMatchObject({ name: 'Loner list', shared: false, createdBy: 'Lou Loner' });
    expect((await setLine(loner, list._id, parts.checker.id, 20)).statusCode).toBe(200);
    const res = await setLine(loner, list._id, parts.spokes.id, 72);
    expect(res.json<SavedList>().lines.map((l) => [l.sku, l.quantity])).toEqual([
      ['LST-CWC', 20],
      ['LST-SPK', 72],
    ]);
    expect((await listsOf(loner)).find((l) => l._id === list._id)).toMatchObject({
      lineCount: 2,
      pieces: 92,
    });
    for (const other of [stranger, owner]) {
      expect((await getList(other, list._id)).statusCode).toBe(404);
      expect((await setLine(other, list._id, parts.checker.id, 10)).statusCode).toBe(404);
      expect((await listsOf(other)).some((l) => l._id === list._id)).toBe(false);
    }
  });

  it('shows a shared list to every member of the company, who may all edit it, and to nobody else', async () => {
    const list = await newList(buyer, 'Workshop weekly', true);
    expect(list.shared).toBe(true);
    expect((await setLine(owner, list._id, parts.checker.id, 30)).statusCode).toBe(200);
    expect((await getList(buyer, list._id)).json<SavedList>().lines[0]).toMatchObject({
      sku: 'LST-CWC',
      quantity: 30,
    });
    expect((await listsOf(owner)).some((l) => l._id === list._id)).toBe(true);
    expect((await getList(stranger, list._id)).statusCode).toBe(404);
    const renamed = await inject(ctx.app, 'PATCH /api/lists/:id', {
      params: { id: list._id },
      body: { name: 'Workshop, every Monday' },
      as: owner,
    });
    expect(renamed.json<SavedList>().name).toBe('Workshop, every Monday');
  });

  it('keeps a private list of a member out of the company’s sight until it is shared', async () => {
    const list = await newList(buyer, 'Mine for now');
    expect((await getList(owner, list._id)).statusCode).toBe(404);
    const shared = await inject(ctx.app, 'PATCH /api/lists/:id', {
      params: { id: list._id },
      body: { shared: true },
      as: buyer,
    });
    expect(shared.json<SavedList>().shared).toBe(true);
    expect((await getList(owner, list._id)).statusCode).toBe(200);
  });

  it('refuses to share a list of an account without a company', async () => {
    const res = await create(loner, { name: 'Shared?', shared: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/company/);
  });

  it('refuses empty and overlong names and quantities that are not whole positive numbers, saying why', async () => {
    expect((await create(loner, { name: '   ' })).json().message).toMatch(/Name the list/);
    const long = await create(loner, { name: 'x'.repeat(MAX_LIST_NAME + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/at most 80 characters/);
    const list = await newList(loner, 'Checks');
    for (const [quantity, message] of [
      [0, /at least 1/],
      [2.5, /whole number/],
      [100_001, /at most 100,000/],
    ] as const) {
      const res = await setLine(loner, list._id, parts.checker.id, quantity);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect((await setLine(loner, list._id, crypto.randomUUID(), 10)).statusCode).toBe(404);
  });

  it('keeps at most 50 lists an account, however many are asked for at once', async () => {
    const busy = await signUp(ctx.app, { name: 'Bea Busy' });
    const made = await Promise.all(
      Array.from({ length: MAX_LISTS + 5 }, (_, i) => create(busy, { name: `List ${i}` })),
    );
    const statuses = made.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(MAX_LISTS);
    expect(statuses.filter((status) => status === 409)).toHaveLength(5);
    expect(made.find((res) => res.statusCode === 409)?.json().message).toBe(
      'You keep 50 lists at most: delete one first',
    );
    expect(await listsOf(busy)).toHaveLength(MAX_LISTS);
  });

  it('removes a line, and deletes a whole list', async () => {
    const list = await newList(loner, 'To go');
    await setLine(loner, list._id, parts.checker.id, 10);
    const removed = await inject(ctx.app, 'DELETE /api/lists/:id/lines/:productId', {
      params: { id: list._id, productId: parts.checker.id },
      as: loner,
    });
    expect(removed.json<SavedList>().lines).toEqual([]);
    expect(
      (await inject(ctx.app, 'DELETE /api/lists/:id', { params: { id: list._id }, as: stranger }))
        .statusCode,
    ).toBe(404);
    const gone = await inject(ctx.app, 'DELETE /api/lists/:id', {
      params: { id: list._id },
      as: loner,
    });
    expect(gone.json()).toEqual({ deleted: true, _id: list._id });
    expect((await getList(loner, list._id)).statusCode).toBe(404);
  });
});

describe('a saved list sent to the cart', () => {
  let cartUser: Account;
  beforeEach(async () => {
    cartUser = await signUp(ctx.app, { name: 'Cara Cart' });
  });

  it('adds every line by the cart’s rules: raised off-pack lines say so, out-of-stock and gone parts say why, the rest go in', async () => {
    const gone = await insertProduct(ctx.db, {
      sku: 'LST-GONE',
      name: 'Old Tyre Lever',
      stock: 50,
    });
    const list = await newList(cartUser, 'Monday');
    await setLine(cartUser, list._id, parts.checker.id, 20);
    await setLine(cartUser, list._id, parts.spokes.id, 40);
    await setLine(cartUser, list._id, parts.wrench.id, 10);
    await setLine(cartUser, list._id, gone.id, 10);
    await ctx.db.delete(products).where(eq(products.id, gone.id));

    const shown = (await getList(cartUser, list._id)).json<SavedList>();
    expect(shown.lines.map((l) => [l.sku, l.problem])).toEqual([
      ['LST-CWC', undefined],
      ['LST-SPK', 'Sold in packs of 36: try 36 or 72'],
      ['LST-TRQ', 'Out of stock'],
      ['LST-GONE', 'This part is no longer sold'],
    ]);

    const res = await inject(ctx.app, 'POST /api/lists/:id/to-cart', {
      params: { id: list._id },
      as: cartUser,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { outcome, results, cart } = res.json();
    expect(outcome).toBe('added');
    expect(results.map((r) => [r.sku, r.status, r.quantity, r.message])).toEqual([
      ['LST-CWC', 'added', 20, 'Added'],
      ['LST-SPK', 'adjusted', 72, 'Raised to 72: sold in packs of 36'],
      ['LST-TRQ', 'error', null, 'Out of stock'],
      ['LST-GONE', 'error', null, 'This part is no longer sold'],
    ]);
    expect(cart.lines.map((l) => [l.sku, l.quantity])).toEqual([
      ['LST-CWC', 20],
      ['LST-SPK', 72],
    ]);
  });

  it('adds on top of what the cart holds and says so when stock runs short', async () => {
    const short = await insertProduct(ctx.db, { sku: 'LST-SHORT', name: 'Brake Cable', stock: 25 });
    const list = await newList(cartUser, 'Cables');
    await setLine(cartUser, list._id, short.id, 20);
    const send = () =>
      inject(ctx.app, 'POST /api/lists/:id/to-cart', { params: { id: list._id }, as: cartUser });
    expect((await send()).json().results[0]).toMatchObject({ status: 'added', inCart: 20 });
    const again = (await send()).json();
    expect(again.outcome).toBe('unchanged');
    expect(again.results[0]).toMatchObject({
      status: 'error',
      message: 'Only 25 in stock (your cart already holds 20)',
    });
  });

  it('lets a member send the company’s shared list to their own cart, and nobody else', async () => {
    const list = await newList(owner, 'Owner shares', true);
    await setLine(owner, list._id, parts.checker.id, 10);
    const mine = await inject(ctx.app, 'POST /api/lists/:id/to-cart', {
      params: { id: list._id },
      as: buyer,
    });
    expect(mine.json().cart.lines.map((l) => l.sku)).toContain('LST-CWC');
    const theirs = await inject(ctx.app, 'POST /api/lists/:id/to-cart', {
      params: { id: list._id },
      as: stranger,
    });
    expect(theirs.statusCode).toBe(404);
  });
});

describe('saving to a list, and a list as CSV', () => {
  it('saves a cart’s lines at once, a result per line', async () => {
    const list = await newList(loner, 'From the cart');
    const res = await inject(ctx.app, 'POST /api/lists/:id/lines', {
      params: { id: list._id },
      body: {
        lines: [
          { productId: parts.checker.id, quantity: 10 },
          { productId: crypto.randomUUID(), quantity: 5 },
          { productId: parts.checker.id, quantity: 40 },
        ],
      },
      as: loner,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { results, list: saved } = res.json();
    expect(results.map((r) => [r.line, r.status, r.message])).toEqual([
      [1, 'saved', 'Saved'],
      [2, 'error', 'No part has this id'],
      [3, 'saved', 'Saved'],
    ]);
    expect(saved.lines.map((l) => [l.sku, l.quantity])).toEqual([['LST-CWC', 40]]);
  });

  it('exports to CSV that imports back through the quick-order format', async () => {
    const list = await newList(loner, 'Round trip');
    await setLine(loner, list._id, parts.checker.id, 20);
    await setLine(loner, list._id, parts.spokes.id, 72);
    const csv = await inject(ctx.app, 'GET /api/lists/:id/csv', {
      params: { id: list._id },
      as: loner,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/round-trip\.csv/);
    expect(csv.body).toBe(
      'sku,quantity,name\r\nLST-CWC,20,Chain Wear Checker\r\nLST-SPK,72,Spoke 2.0 x 262\r\n',
    );

    const copy = await newList(loner, 'Copy');
    const imported = await inject(ctx.app, 'POST /api/lists/:id/import', {
      params: { id: copy._id },
      body: { text: `${csv.body}NOPE-1 5\nlst-trq;abc\n` },
      as: loner,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const { results, list: saved } = imported.json();
    expect(results.map((r) => [r.sku, r.status])).toEqual([
      ['LST-CWC', 'saved'],
      ['LST-SPK', 'saved'],
      ['NOPE-1', 'error'],
      ['lst-trq', 'error'],
    ]);
    expect(results[2]?.message).toBe('No part has the SKU NOPE-1');
    expect(saved.lines.map((l) => [l.sku, l.quantity])).toEqual([
      ['LST-CWC', 20],
      ['LST-SPK', 72],
    ]);
  });
});
