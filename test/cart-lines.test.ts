import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Cart, CartLinesResult } from '../src/contract/cart.ts';
import { signUp } from './support/auth.ts';
import { givenCompany } from './support/companies.ts';
import { insertBrakePads, insertProduct, ladderInCents } from './support/fixtures.ts';
import { inject, type Sender } from './support/inject.ts';
import { asCustomer } from './support/requests.ts';
import { tradeAppForFile } from './support/trade.ts';

// POST /api/cart/lines: a size grid's filled cells go into the cart in one call, each line on
// its own by the quick order's rules (issue 32, "Families and variants").

const ctx = tradeAppForFile('cart-lines-admin@example.com');

type Line = { productId: string; add: number };

const addLines = (as: Sender, lines: Line[]) =>
  inject(ctx.app, 'POST /api/cart/lines', { body: { lines }, as });

let alice: ReturnType<typeof asCustomer> | undefined;
async function customer() {
  alice ??= asCustomer(ctx.app, await signUp(ctx.app, { name: 'Alice Wheel' }));
  return alice;
}

async function added(lines: Line[]) {
  const res = await addLines(await customer(), lines);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CartLinesResult>();
}

/** A tyre of one size: $54.90 from 10, $49.90 from 50, sold by the piece. */
const tyre = (stock = 200) =>
  insertProduct(ctx.db, {
    name: 'Trail Tyre',
    priceCents: 5490,
    moq: 10,
    stock,
    tiers: ladderInCents([10, 5490], [50, 4990]),
  });

/** Brake pads: at least 10, in packs of 5. */
const pads = () => insertBrakePads(ctx.db);

const linesOf = (cart: Cart) => cart.lines.map((l) => [l.productId, l.quantity]);

beforeEach(async () => {
  await (await customer()).emptyCart();
});

describe('adding several parts at once (POST /api/cart/lines)', () => {
  it('puts every line into the cart at its tier and answers a result per line', async () => {
    const [narrow, wide] = [await tyre(), await tyre()];
    const { outcome, results, cart } = await added([
      { productId: narrow.id, add: 10 },
      { productId: wide.id, add: 50 },
    ]);
    expect(outcome).toBe('added');
    expect(results).toEqual([
      {
        line: 1,
        productId: narrow.id,
        sku: narrow.sku,
        status: 'added',
        asked: 10,
        quantity: 10,
        inCart: 10,
        message: 'Added',
      },
      {
        line: 2,
        productId: wide.id,
        sku: wide.sku,
        status: 'added',
        asked: 50,
        quantity: 50,
        inCart: 50,
        message: 'Added',
      },
    ]);
    expect(linesOf(cart)).toEqual([
      [narrow.id, 10],
      [wide.id, 50],
    ]);
    expect(cart.total).toBe(549 + 2495);
    expect(linesOf((await (await customer()).cart()).json<Cart>())).toEqual(linesOf(cart));
  });

  it('adds on top of what the cart already holds, also for a part sent twice', async () => {
    const part = await tyre();
    await (await customer()).setLine(part.id, 20);
    const { results, cart } = await added([
      { productId: part.id, add: 20 },
      { productId: part.id, add: 10 },
    ]);
    expect(results.map((r) => [r.quantity, r.inCart])).toEqual([
      [20, 40],
      [10, 50],
    ]);
    expect(cart.lines).toEqual([expect.objectContaining({ quantity: 50, unitPrice: 49.9 })]);
  });

  it('raises a line to the minimum or to whole packs, and says so', async () => {
    const [part, packed] = [await tyre(), await pads()];
    const { results, cart } = await added([
      { productId: part.id, add: 4 },
      { productId: packed.id, add: 12 },
    ]);
    expect(results.map((r) => [r.status, r.asked, r.quantity, r.inCart, r.message])).toEqual([
      ['adjusted', 4, 10, 10, 'Raised to the minimum of 10'],
      ['adjusted', 12, 15, 15, 'Raised to 15: sold in packs of 5'],
    ]);
    expect(linesOf(cart)).toEqual([
      [part.id, 10],
      [packed.id, 15],
    ]);
  });

  it('reports a bad line while the others go in: an unknown part, out of stock, more than in stock', async () => {
    const [good, gone, few] = [await tyre(), await tyre(0), await tyre(30)];
    const unknown = randomUUID();
    const { outcome, results, cart } = await added([
      { productId: unknown, add: 10 },
      { productId: good.id, add: 10 },
      { productId: gone.id, add: 10 },
      { productId: few.id, add: 40 },
      { productId: 'not-an-id', add: 10 },
    ]);
    expect(outcome).toBe('added');
    expect(results.map((r) => [r.line, r.productId, r.sku, r.status, r.inCart, r.message])).toEqual(
      [
        [1, unknown, '', 'error', null, 'No part has this id'],
        [2, good.id, good.sku, 'added', 10, 'Added'],
        [3, gone.id, gone.sku, 'error', null, 'Out of stock'],
        [4, few.id, few.sku, 'error', null, 'Only 30 in stock'],
        [5, 'not-an-id', '', 'error', null, 'No part has this id'],
      ],
    );
    expect(linesOf(cart)).toEqual([[good.id, 10]]);
  });

  it('counts what the cart holds against the stock, and leaves the cart as it was when nothing can go in', async () => {
    const few = await tyre(30);
    await (await customer()).setLine(few.id, 25);
    const { outcome, results, cart } = await added([{ productId: few.id, add: 10 }]);
    expect(outcome).toBe('unchanged');
    expect(results.map((r) => r.message)).toEqual([
      'Only 30 in stock (your cart already holds 25)',
    ]);
    expect(linesOf(cart)).toEqual([[few.id, 25]]);
  });

  it('refuses no lines, more than 100 lines, and a quantity that is not a whole number', async () => {
    const part = await tyre();
    const me = await customer();
    expect((await addLines(me, [])).statusCode).toBe(400);
    const many = Array.from({ length: 101 }, () => ({ productId: part.id, add: 10 }));
    expect((await addLines(me, many)).statusCode).toBe(400);
    expect((await addLines(me, [{ productId: part.id, add: 2.5 }])).statusCode).toBe(400);
    expect((await addLines(me, [{ productId: part.id, add: 0 }])).statusCode).toBe(400);
    expect((await me.cart()).json<Cart>().lines).toEqual([]);
  });

  it('turns away a visitor who is not signed in, as adding one part does', async () => {
    const part = await tyre();
    const res = await addLines({}, [{ productId: part.id, add: 10 }]);
    expect(res.statusCode).toBe(401);
    const one = await inject(ctx.app, 'PATCH /api/cart/lines/:productId', {
      params: { productId: part.id },
      body: { add: 10 },
    });
    expect(one.statusCode).toBe(401);
  });

  it("answers a company member's cart at the company's dealer prices", async () => {
    const part = await tyre();
    const { owner, company } = await givenCompany(ctx.app, `Velo ${randomUUID().slice(0, 6)}`);
    const prices = await inject(ctx.app, 'PUT /api/companies/:id/prices', {
      params: { id: company._id },
      body: { discountPercent: 10, products: [] },
      as: ctx.shopAdmin,
    });
    expect(prices.statusCode, prices.body).toBe(200);
    const res = await addLines(owner, [{ productId: part.id, add: 10 }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<CartLinesResult>().cart).toMatchObject({
      lines: [{ productId: part.id, unitPrice: 49.41 }],
      total: 494.1,
    });
  });
});
