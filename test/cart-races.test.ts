import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart, QuickAddResult, ReorderResult } from '../src/contract/cart.ts';
import { MAX_CART_LINES } from '../src/contract/cart.ts';
import type { Order } from '../src/contract/orders.ts';
import { cartLines, orders, users } from '../src/server/db/schema.ts';
import { signUp } from './support/auth.ts';
import { insertProduct } from './support/fixtures.ts';
import { asCustomer } from './support/requests.ts';
import { makeTestApp } from './support/test-app.ts';
import { inject } from './support/inject.ts';

// The races of issue 19 item 7. On PGlite the requests queue for its one connection, so these
// pass there by construction; on PostgreSQL they really run at once.

let ctx: Awaited<ReturnType<typeof makeTestApp>>;

beforeAll(async () => {
  ctx = await makeTestApp({ MAX_UNPAID_ORDERS: '100' });
});
afterAll(() => ctx.app.close());

type Reply = Awaited<ReturnType<ReturnType<typeof asCustomer>['cart']>>;

async function newCustomer() {
  const account = await signUp(ctx.app);
  const [row] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, account.email));
  return { ...asCustomer(ctx.app, account), id: row!.id };
}

/** What the cart holds of one product, as the database has it now. */
async function heldOf(userId: string, productId: string) {
  const lines = await ctx.db.select().from(cartLines).where(eq(cartLines.userId, userId));
  return lines.find((l) => l.productId === productId)?.quantity ?? 0;
}

const quantityIn = (cart: Cart, productId: string) =>
  cart.lines.find((l) => l.productId === productId)?.quantity ?? 0;

/** The carts a batch of writes answered: each answer is the cart as that write left it. */
const cartOf = (res: Reply) =>
  (res.json<Cart | QuickAddResult>() as { cart?: Cart }).cart ?? res.json<Cart>();

/** `from + step`, `from + 2 × step`, … `count` of them. */
const steps = (from: number, step: number, count: number) =>
  Array.from({ length: count }, (_, i) => from + step * (i + 1));

/** Fills a new customer's cart with `lines` parts through quick add, and answers the parts. */
async function cartWithLines(lines: number) {
  const customer = await newCustomer();
  const parts = [];
  for (let i = 0; i < lines; i++) parts.push(await insertProduct(ctx.db, { stock: 1000 }));
  const filled = await customer.quickAdd(parts.map((p) => `${p.sku} 10`).join('\n'));
  expect(filled.statusCode).toBe(200);
  expect(filled.json<QuickAddResult>().cart.lines).toHaveLength(lines);
  return customer;
}

describe('cart writes at the same moment', () => {
  it('counts every one of 50 adds of 10 sent at once: the line holds exactly 500', async () => {
    const customer = await newCustomer();
    const part = await insertProduct(ctx.db, { stock: 1000 });
    const replies = await Promise.all(
      Array.from({ length: 50 }, () => customer.addToLine(part.id, 10)),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(replies.map(() => 200));
    // Each add answered a different cart, one step of 10 after another: none saw another's
    // write vanish.
    const answered = replies.map((r) => quantityIn(r.json<Cart>(), part.id));
    expect(answered.sort((a, b) => a - b)).toEqual(steps(0, 10, 50));
    expect(await heldOf(customer.id, part.id)).toBe(500);
  });

  it('gives three quick adds of "SKU 20" at once 60 in the cart, each answering Added', async () => {
    const customer = await newCustomer();
    const part = await insertProduct(ctx.db, { stock: 1000 });
    const replies = await Promise.all(
      Array.from({ length: 3 }, () => customer.quickAdd(`${part.sku} 20`)),
    );
    for (const reply of replies) {
      expect(reply.statusCode).toBe(200);
      const { results } = reply.json<QuickAddResult>();
      expect(results).toEqual([
        {
          line: 1,
          sku: part.sku,
          status: 'added',
          asked: 20,
          quantity: 20,
          // Each answer tells what the line held once its own add went in.
          inCart: quantityIn(cartOf(reply), part.id),
          message: 'Added',
        },
      ]);
    }
    const answered = replies.map((r) => quantityIn(cartOf(r), part.id));
    expect(answered.sort((a, b) => a - b)).toEqual([20, 40, 60]);
    expect(await heldOf(customer.id, part.id)).toBe(60);
  });

  it('loses nothing when a quantity is set among adds: the line ends at the set quantity plus every add after it', async () => {
    const customer = await newCustomer();
    const part = await insertProduct(ctx.db, { stock: 5000 });
    expect((await customer.setLine(part.id, 10)).statusCode).toBe(200);
    const SET = 1000;
    const adds = (n: number) =>
      Array.from({ length: n }, (_, i) =>
        i % 4 === 0 ? customer.quickAdd(`${part.sku} 10`) : customer.addToLine(part.id, 10),
      );
    // The set goes out in the middle of 24 adds (quick adds among them), all at once.
    const [before, set, after] = await Promise.all([
      Promise.all(adds(12)),
      customer.setLine(part.id, SET),
      Promise.all(adds(12)),
    ]);
    const added = [...before, ...after];
    expect([...added, set].map((r) => r.statusCode)).toEqual([...added, set].map(() => 200));
    // One history explains every answer: the adds that came first counted up from 10, the set
    // answered exactly its quantity, and the adds after it counted up from there.
    expect(quantityIn(set.json<Cart>(), part.id)).toBe(SET);
    const answered = added.map((r) => quantityIn(cartOf(r), part.id)).sort((a, b) => a - b);
    const first = answered.filter((q) => q < SET);
    const later = answered.filter((q) => q > SET);
    expect(first).toEqual(steps(10, 10, first.length));
    expect(later).toEqual(steps(SET, 10, later.length));
    expect(first.length + later.length).toBe(24);
    expect(await heldOf(customer.id, part.id)).toBe(SET + 10 * later.length);
  });

  it(`lets exactly one of 10 adds of new parts at once into a cart one line under the cap of ${MAX_CART_LINES}; the others get 409`, async () => {
    const customer = await cartWithLines(MAX_CART_LINES - 1);
    const newParts = await Promise.all(
      Array.from({ length: 10 }, () => insertProduct(ctx.db, { stock: 1000 })),
    );
    const replies = await Promise.all(newParts.map((p) => customer.addToLine(p.id, 10)));
    const statuses = replies.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, ...Array<number>(9).fill(409)]);
    for (const refused of replies.filter((r) => r.statusCode === 409)) {
      expect(refused.json().message).toBe(
        `A cart holds at most ${MAX_CART_LINES} different parts. Check out or remove some first.`,
      );
    }
    expect((await customer.cart()).json<Cart>().lines).toHaveLength(MAX_CART_LINES);
  });

  it('holds the cap the same way for a set, a quick add and an order again racing for the last line', async () => {
    const customer = await cartWithLines(MAX_CART_LINES - 1);
    // A past order of one part not in the cart, to order again.
    const reordered = await insertProduct(ctx.db, { stock: 1000 });
    const past = await inject(ctx.app, 'POST /api/orders', {
      body: {
        productId: reordered.id,
        quantity: 10,
        email: (await ctx.db.select().from(users).where(eq(users.id, customer.id)))[0]!.email,
      },
      as: customer,
    });
    expect(past.statusCode).toBe(201);
    const [setPart, pastedPart, addedPart] = await Promise.all(
      Array.from({ length: 3 }, () => insertProduct(ctx.db, { stock: 1000 })),
    );
    const [set, pasted, reorder, added] = await Promise.all([
      customer.setLine(setPart!.id, 10),
      customer.quickAdd(`${pastedPart!.sku} 10`),
      customer.reorder(past.json<Order>()._id),
      customer.addToLine(addedPart!.id, 10),
    ]);
    const wentIn = [
      set.statusCode === 200,
      pasted.json<QuickAddResult>().results[0]?.status === 'added',
      reorder.json<ReorderResult>().skipped.length === 0,
      added.statusCode === 200,
    ];
    expect(wentIn.filter(Boolean)).toHaveLength(1);
    expect((await customer.cart()).json<Cart>().lines).toHaveLength(MAX_CART_LINES);
  });

  it('never loses an add that lands during a checkout: it is in the order or still in the cart', async () => {
    for (let round = 0; round < 10; round++) {
      const customer = await newCustomer();
      const [inCart, late] = await Promise.all([
        insertProduct(ctx.db, { stock: 1000 }),
        insertProduct(ctx.db, { stock: 1000 }),
      ]);
      await customer.setLine(inCart.id, 10);
      const [checkout, add] = await Promise.all([
        customer.checkout(randomUUID()),
        // A set of a new line as well as an add: both must survive the checkout's emptying.
        round % 2 === 0 ? customer.addToLine(late.id, 20) : customer.setLine(late.id, 20),
      ]);
      expect(checkout.statusCode).toBe(201);
      expect(add.statusCode).toBe(200);
      const ordered = checkout.json<Order>().lines.find((l) => l.productId === late.id);
      const stillInCart = await heldOf(customer.id, late.id);
      expect([ordered?.quantity ?? 0, stillInCart].sort((a, b) => a - b)).toEqual([0, 20]);
    }
  });

  it(`refuses to check out a cart holding more than ${MAX_CART_LINES} parts, whenever it got them`, async () => {
    const customer = await newCustomer();
    const parts = [];
    for (let i = 0; i < MAX_CART_LINES + 1; i++) {
      parts.push(await insertProduct(ctx.db, { stock: 1000, priceCents: 100 }));
    }
    // As the race of old left carts: written past the cap.
    await ctx.db
      .insert(cartLines)
      .values(parts.map((p) => ({ userId: customer.id, productId: p.id, quantity: 10 })));
    const res = await customer.checkout(randomUUID());
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `An order holds at most ${MAX_CART_LINES} different parts and your cart has ${MAX_CART_LINES + 1}. Remove 1 and check out again.`,
    );
    expect(await ctx.db.select().from(orders).where(eq(orders.userId, customer.id))).toEqual([]);
    expect((await customer.cart()).json<Cart>().lines).toHaveLength(MAX_CART_LINES + 1);
  });
});
