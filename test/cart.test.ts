import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart } from '../src/contract/cart.ts';
import { MAX_CART_LINES } from '../src/contract/cart.ts';
import { products } from '../src/server/db/schema.ts';
import { signIn, signUp } from './support/auth.ts';
import { insertChainWearChecker, insertProduct, insertSpokes, lineOf } from './support/fixtures.ts';
import { asCustomer } from './support/requests.ts';
import { makeTestApp } from './support/test-app.ts';

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let alice: ReturnType<typeof asCustomer>;
let aliceAccount: Awaited<ReturnType<typeof signUp>>;
let bob: ReturnType<typeof asCustomer>;

beforeAll(async () => {
  ctx = await makeTestApp();
  aliceAccount = await signUp(ctx.app, { name: 'Alice Wheel' });
  alice = asCustomer(ctx.app, aliceAccount);
  bob = asCustomer(ctx.app, await signUp(ctx.app, { name: 'Bob Brake' }));
});
afterAll(() => ctx.app.close());

const laddered = (overrides: Parameters<typeof insertProduct>[1] = {}) =>
  insertChainWearChecker(ctx.db, overrides);

describe('the cart', () => {
  it('starts empty', async () => {
    const res = await alice.cart();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ lines: [], total: 0 });
  });

  it("prices each line at the ladder's tier for its quantity, in whole cents", async () => {
    const checker = await laddered();
    const spokes = await insertSpokes(ctx.db, { sku: 'SPK-262' });
    expect((await alice.setLine(checker.id, 50)).statusCode).toBe(200);
    const res = await alice.setLine(spokes.id, 72);
    const cart = res.json<Cart>();
    expect(cart.lines).toEqual([
      expect.objectContaining({
        ...lineOf(checker, 50, 2.99, 149.5),
        moq: 10,
        packSize: 1,
        stock: 1000,
      }),
      expect.objectContaining({ sku: 'SPK-262', quantity: 72, unitPrice: 0.45, lineTotal: 32.4 }),
    ]);
    expect(cart.total).toBe(181.9);
    expect(cart.lines[0]!.tiers).toEqual([
      { minQuantity: 10, price: 3.33 },
      { minQuantity: 50, price: 2.99 },
      { minQuantity: 200, price: 2.49 },
    ]);
    await alice.emptyCart();
  });

  it('refuses a quantity under the minimum or off the pack, naming the number', async () => {
    const packed = await insertProduct(ctx.db, {
      moq: 50,
      packSize: 5,
      priceCents: 120,
      tiers: [{ minQuantity: 50, priceCents: 120 }],
    });
    const under = await alice.setLine(packed.id, 45);
    expect(under.statusCode).toBe(400);
    expect(under.json().message).toBe('The minimum for this part is 50');
    const off = await alice.setLine(packed.id, 52);
    expect(off.statusCode).toBe(400);
    expect(off.json().message).toBe('Sold in packs of 5: try 50 or 55');
    expect((await alice.cart()).json<Cart>().lines).toEqual([]);
  });

  it('refuses more than is in stock and an unknown product', async () => {
    const few = await laddered({ stock: 12 });
    const res = await alice.setLine(few.id, 20);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Only 12 in stock');
    expect((await alice.setLine('8d3c6f0e-0000-4000-8000-000000000000', 10)).statusCode).toBe(404);
    expect((await alice.setLine('not-a-product', 10)).statusCode).toBe(404);
  });

  it('sets, changes and removes one line, and empties the whole cart', async () => {
    const a = await laddered();
    const b = await laddered({ name: 'Spoke Key' });
    await alice.setLine(a.id, 10);
    await alice.setLine(b.id, 20);
    const changed = (await alice.setLine(a.id, 200)).json<Cart>();
    expect(changed.lines.map((l) => [l.productId, l.quantity, l.unitPrice])).toEqual([
      [a.id, 200, 2.49],
      [b.id, 20, 3.33],
    ]);
    const removed = (await alice.removeLine(a.id)).json<Cart>();
    expect(removed.lines.map((l) => l.productId)).toEqual([b.id]);
    expect(removed.total).toBe(66.6);
    expect((await alice.emptyCart()).json()).toEqual({ lines: [], total: 0 });
  });

  it('is the same on every device of the account, and nobody else sees it', async () => {
    const part = await laddered();
    await alice.setLine(part.id, 30);
    const otherDevice = await signIn(ctx.app, aliceAccount.email, aliceAccount.password);
    const cookie = otherDevice.headers['set-cookie'];
    const second = asCustomer(ctx.app, {
      cookie: (Array.isArray(cookie) ? cookie : [cookie ?? ''])
        .map((c) => c.split(';')[0])
        .join('; '),
    });
    expect((await second.cart()).json<Cart>().lines.map((l) => l.quantity)).toEqual([30]);
    expect((await bob.cart()).json<Cart>().lines).toEqual([]);
    await alice.emptyCart();
  });

  it('follows an admin who changes the ladder, and flags a line the new minimum leaves behind', async () => {
    const part = await laddered();
    await alice.setLine(part.id, 20);
    await ctx.db
      .update(products)
      .set({
        priceCents: 300,
        moq: 25,
        tiers: [
          { minQuantity: 25, priceCents: 300 },
          { minQuantity: 100, priceCents: 250 },
        ],
      })
      .where(eq(products.id, part.id));
    const [line] = (await alice.cart()).json<Cart>().lines;
    expect(line).toMatchObject({ quantity: 20, unitPrice: 3, lineTotal: 60 });
    expect(line!.problem).toBe('The minimum for this part is 25');
    await alice.emptyCart();
  });

  it(`holds at most ${MAX_CART_LINES} different parts`, async () => {
    const parts = await Promise.all(
      Array.from({ length: MAX_CART_LINES + 1 }, (_, i) => laddered({ name: `Part ${i}` })),
    );
    for (const part of parts.slice(0, MAX_CART_LINES)) {
      expect((await bob.setLine(part.id, 10)).statusCode).toBe(200);
    }
    const over = await bob.setLine(parts[MAX_CART_LINES]!.id, 10);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toContain(`at most ${MAX_CART_LINES} different parts`);
    // Changing a line already there is still fine.
    expect((await bob.setLine(parts[0]!.id, 20)).statusCode).toBe(200);
    await bob.emptyCart();
  });

  it('loses a line when its product is deleted', async () => {
    const part = await laddered();
    await alice.setLine(part.id, 10);
    await ctx.db.delete(products).where(eq(products.id, part.id));
    expect((await alice.cart()).json<Cart>().lines).toEqual([]);
  });
});
