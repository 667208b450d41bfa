import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Cart } from '../src/contract/cart.ts';
import { products } from '../src/server/db/schema.ts';
import { signUp } from './support/auth.ts';
import { insertBrakePads, insertChainWearChecker } from './support/fixtures.ts';
import { asCustomer } from './support/requests.ts';
import { makeTestApp } from './support/test-app.ts';
import { inject } from './support/inject.ts';

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let alice: ReturnType<typeof asCustomer>;

beforeAll(async () => {
  ctx = await makeTestApp();
  alice = asCustomer(ctx.app, await signUp(ctx.app, { name: 'Alice Wheel' }));
});
afterAll(() => ctx.app.close());
beforeEach(() => alice.emptyCart());

/** A part with a minimum of 10 in packs of 5. */
const pads = (overrides: Parameters<typeof insertBrakePads>[1] = {}) =>
  insertBrakePads(ctx.db, { stock: 200, ...overrides });

const quantities = async () =>
  (await alice.cart()).json<Cart>().lines.map((l) => [l.productId, l.quantity]);

describe('adding to a cart line (PATCH /api/cart/lines/{productId})', () => {
  it('puts pieces on top of what the line holds and answers the cart at the new tier', async () => {
    const checker = await insertChainWearChecker(ctx.db);
    await alice.setLine(checker.id, 20);
    const res = await alice.addToLine(checker.id, 30);
    expect(res.statusCode).toBe(200);
    expect(res.json<Cart>().lines).toEqual([
      expect.objectContaining({ productId: checker.id, quantity: 50, unitPrice: 2.99 }),
    ]);
    expect(res.json<Cart>().total).toBe(149.5);
  });

  it('starts a line for a part not in the cart, by the same rules as setting one', async () => {
    const part = await pads();
    const under = await alice.addToLine(part.id, 5);
    expect(under.statusCode).toBe(400);
    expect(under.json().message).toBe('The minimum for this part is 10');
    const off = await alice.addToLine(part.id, 12);
    expect(off.statusCode).toBe(400);
    expect(off.json().message).toBe('Sold in packs of 5: try 10 or 15');
    expect(await quantities()).toEqual([]);
    expect((await alice.addToLine(part.id, 15)).json<Cart>().lines[0]?.quantity).toBe(15);
  });

  it('refuses an add that leaves the line off the pack, naming what could be added, and changes nothing', async () => {
    const part = await pads();
    await alice.setLine(part.id, 15);
    const res = await alice.addToLine(part.id, 12);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'Your cart already holds 15, so that makes 27, but it is sold in packs of 5: add 10 or 15',
    );
    expect(await quantities()).toEqual([[part.id, 15]]);
  });

  it('refuses an add that leaves the line under a minimum an admin has raised since', async () => {
    const part = await pads();
    await alice.setLine(part.id, 20);
    await ctx.db
      .update(products)
      .set({ moq: 50, tiers: [{ minQuantity: 50, priceCents: 210 }] })
      .where(eq(products.id, part.id));
    const res = await alice.addToLine(part.id, 10);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'Your cart already holds 20, so that makes 30, but the minimum for this part is 50: add 30',
    );
    expect((await alice.addToLine(part.id, 30)).json<Cart>().lines[0]?.quantity).toBe(50);
  });

  it('refuses an add that takes the line past the stock, saying what the cart holds', async () => {
    const part = await pads({ stock: 60 });
    await alice.setLine(part.id, 50);
    const res = await alice.addToLine(part.id, 20);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Only 60 in stock (your cart already holds 50)');
    expect(await quantities()).toEqual([[part.id, 50]]);
  });

  it('refuses an unknown part, and an add that is not a positive whole number', async () => {
    const part = await pads();
    expect((await alice.addToLine('8d3c6f0e-0000-4000-8000-000000000000', 10)).statusCode).toBe(
      404,
    );
    expect((await alice.addToLine('not-a-product', 10)).statusCode).toBe(404);
    for (const add of [0, -10, 2.5]) {
      expect((await alice.addToLine(part.id, add)).statusCode, `add ${add}`).toBe(400);
    }
    const missing = await inject(ctx.app, 'PATCH /api/cart/lines/:productId', {
      params: { productId: part.id },
      payload: { quantity: 10 },
      as: alice,
    });
    expect(missing.statusCode).toBe(400);
    expect(await quantities()).toEqual([]);
  });

  it('needs a signed-in customer', async () => {
    const part = await pads();
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/cart/lines/${part.id}`,
      payload: { add: 10 },
      headers: { origin: 'http://localhost:3000' },
    });
    expect(res.statusCode).toBe(401);
  });
});
