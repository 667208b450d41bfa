import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../src/contract/catalog.ts';
import type { Cart } from '../src/contract/cart.ts';
import type { Order } from '../src/contract/orders.ts';
import { createReadCache } from '../src/server/cache/read-cache.ts';
import { products, stockMovements } from '../src/server/db/schema.ts';
import { expireHeldOrders } from '../src/server/flows/steps/expire-held-orders.ts';
import { outboxFor, signUp, type Account } from './support/auth.ts';
import { givenDelivery } from './support/delivery.ts';
import { endHolds, insertProduct } from './support/fixtures.ts';
import { inject } from './support/inject.ts';
import { payOrder } from './support/payments.ts';
import { asCustomer } from './support/requests.ts';
import { STOCK_BOOKS_SQL, expectBalancedBooks, type StockBooks } from './support/stock-books.ts';
import { makeTestApp } from './support/test-app.ts';
import { rawRows } from '../src/server/db/raw-rows.ts';

// Backorders (issue 34): a part that allows them takes orders beyond its stock; the in-stock
// part is reserved, the rest waits, and a `received` movement allocates it, paid orders first.

const ADMIN = 'backorders-admin@example.com';

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let admin: Account;
let buyer: Account;
let early: Account;

beforeAll(async () => {
  ctx = await makeTestApp({ ADMIN_EMAILS: ADMIN, MAX_UNPAID_ORDERS: '100' });
  admin = await signUp(ctx.app, { name: 'Ada Admin', email: ADMIN });
  buyer = await signUp(ctx.app, { name: 'Dana Spokes' });
  early = await signUp(ctx.app, { name: 'Eddie Early' });
});
afterAll(() => ctx.app.close());

/** A part that allows backorders, with this much stock, a minimum of one. */
async function backorderPart(stock: number, name = 'Torque wrench') {
  const part = await insertProduct(ctx.db, { name, stock, moq: 1, priceCents: 1000 });
  const res = await allow(part.id, { allowed: true, expectedAt: '2027-01-14' });
  expect(res.statusCode, res.body).toBe(200);
  return part;
}

const allow = (id: string, backorder: { allowed: boolean; expectedAt?: string | null }) =>
  inject(ctx.app, 'PATCH /api/tools/:id', { params: { id }, body: { backorder }, as: admin });

/** Checks out one line of `quantity` for `who`; ships together when asked. */
async function checkoutLine(who: Account, productId: string, quantity: number, together = false) {
  const shop = asCustomer(ctx.app, who);
  const set = await shop.setLine(productId, quantity);
  expect(set.statusCode, set.body).toBe(200);
  const body = { ...(await givenDelivery(ctx.app, who)), shipTogether: together };
  const placed = await shop.checkout(`bo-${randomUUID()}`, body);
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json<Order>();
}

const receive = (id: string, delta: number) =>
  inject(ctx.app, 'POST /api/tools/:id/stock-movements', {
    params: { id },
    body: { delta, reason: 'received' },
    as: admin,
  });

const getOrder = async (id: string) =>
  (await inject(ctx.app, 'GET /api/order/:id', { params: { id }, as: admin })).json<Order>();

const stockOf = async (id: string) =>
  (await ctx.db.select().from(products).where(eq(products.id, id)))[0]!.stock;

const shipRest = (id: string) =>
  inject(ctx.app, 'PATCH /api/orders/:id/ship', { params: { id }, body: {}, as: admin });

const ship = (id: string, productId: string, quantity: number) =>
  inject(ctx.app, 'POST /api/orders/:id/shipments', {
    params: { id },
    body: {
      lines: [{ productId, quantity }],
      carrier: 'DHL',
      trackingNumber: `JD${randomUUID().slice(0, 8)}`,
    },
    as: admin,
  });

async function books() {
  return rawRows<StockBooks>(await ctx.db.execute(sql.raw(STOCK_BOOKS_SQL)));
}

/**
 * Every product: its stock is the sum of its movements, and its stock plus what live orders
 * (unpaid, paid, shipped) took from it is the opening plus the admins' movements. Backordered
 * pieces are counted apart and never from stock.
 */
async function expectLedgerAddsUp() {
  const rows = rawRows<{ id: string; stock: number; moved: number; owned: number; taken: number }>(
    await ctx.db.execute(sql`
      select p.id, p.stock,
        (select coalesce(sum(delta), 0)::int from stock_movement m where m.product_id = p.id)
          as moved,
        (select coalesce(sum(delta), 0)::int from stock_movement m where m.product_id = p.id
          and m.reason in ('opening', 'received', 'counted', 'damaged', 'returned', 'correction'))
          as owned,
        (select coalesce(sum(l.reserved), 0)::int from order_line l
          join "order" o on o.id = l.order_id
          where l.product_id = p.id and o.status not in ('expired', 'cancelled', 'rejected'))
          as taken
      from product p`),
  );
  for (const r of rows) {
    expect(Number(r.stock), `${r.id}: stock = movements`).toBe(Number(r.moved));
    expect(Number(r.stock) + Number(r.taken), `${r.id}: stock + reserved = owned`).toBe(
      Number(r.owned),
    );
  }
}

describe('an admin allows backorders per product', () => {
  it('takes backorder with PATCH /tools/{id}, and every product answer carries it with availability backorder', async () => {
    const part = await insertProduct(ctx.db, { stock: 0, moq: 1 });
    const before = await inject(ctx.app, 'GET /api/tools/:id', { params: { id: part.id } });
    expect(before.json<Product>()).toMatchObject({
      availability: 'out_of_stock',
      backorder: { allowed: false, expectedAt: null },
    });
    const res = await allow(part.id, { allowed: true, expectedAt: '2027-01-14' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Product>()).toMatchObject({
      availability: 'backorder',
      backorder: { allowed: true, expectedAt: '2027-01-14' },
    });
    const listed = await inject(ctx.app, 'GET /api/tools', { query: { q: part.sku } });
    expect(listed.json<{ data: Product[] }>().data[0]).toMatchObject({
      availability: 'backorder',
      backorder: { allowed: true, expectedAt: '2027-01-14' },
    });
    // Only `allowed` sent keeps the date; null takes it away.
    expect((await allow(part.id, { allowed: true })).json<Product>().backorder.expectedAt).toBe(
      '2027-01-14',
    );
    const cleared = await allow(part.id, { allowed: true, expectedAt: null });
    expect(cleared.json<Product>().backorder).toEqual({ allowed: true, expectedAt: null });
  });

  it('refuses a date that is not one (400)', async () => {
    const part = await insertProduct(ctx.db, { stock: 0 });
    const res = await allow(part.id, { allowed: true, expectedAt: '14 Jan' });
    expect(res.statusCode).toBe(400);
  });
});

describe('an order line may ask for more than the stock', () => {
  it('reserves what is in stock through the ledger and backorders the rest, never below zero', async () => {
    const part = await backorderPart(5);
    const cart = await asCustomer(ctx.app, buyer).setLine(part.id, 12);
    // Each account takes at most its share (half of the 5 on hand), the rest waits: the cart
    // says so before the order does.
    expect(cart.json<Cart>().lines[0]).toMatchObject({ quantity: 12, stock: 5, backordered: 10 });
    await checkoutLine(early, part.id, 2);
    const order = await checkoutLine(buyer, part.id, 12);
    expect(order.lines[0]).toMatchObject({ quantity: 12, reserved: 2, backordered: 10 });
    expect(order.shipTogether).toBe(false);
    expect(order.totalPrice).toBe(120);
    const last = await checkoutLine(early, part.id, 3);
    expect(last.lines[0]).toMatchObject({ reserved: 0, backordered: 3 });
    expect(await stockOf(part.id)).toBe(1);
    const moves = await ctx.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.productId, part.id), eq(stockMovements.reason, 'reserved')))
      .orderBy(stockMovements.id);
    expect(moves.map((m) => m.delta)).toEqual([-2, -2]);
    expect(moves[1]!.orderId).toBe(order._id);
    // The order's mail says what waits.
    await expect
      .poll(
        () =>
          outboxFor(ctx.config.dataDir, buyer.email).some(
            (m) =>
              m.subject.startsWith(`Order #${order.number} placed`) &&
              m.text.includes('(2 in stock, 10 on backorder: we write when they arrive)'),
          ),
        { timeout: 10_000 },
      )
      .toBe(true);
    expectBalancedBooks(await books());
    await expectLedgerAddsUp();
  });

  it("takes from the shelf at most the account's share of it, and backorders the rest instead of refusing", async () => {
    const part = await backorderPart(10);
    // Half of the 10 on hand is the share (MAX_UNPAID_SHARE 50).
    const order = await checkoutLine(buyer, part.id, 30);
    expect(order.lines[0]).toMatchObject({ quantity: 30, reserved: 5, backordered: 25 });
    expect(await stockOf(part.id)).toBe(5);
    // The same account again: its share is taken, so all of it waits.
    const again = await checkoutLine(buyer, part.id, 4);
    expect(again.lines[0]).toMatchObject({ reserved: 0, backordered: 4 });
    // Another account still finds stock on the shelf.
    const other = await checkoutLine(early, part.id, 2);
    expect(other.lines[0]).toMatchObject({ reserved: 2, backordered: 0 });
  });

  it('says in the cart and at checkout what ships now as the order will split it, the share included', async () => {
    const part = await backorderPart(10);
    const who = await signUp(ctx.app, { name: 'Sam Share' });
    const shop = asCustomer(ctx.app, who);
    const set = await shop.setLine(part.id, 30);
    expect(set.statusCode, set.body).toBe(200);
    // 5 of the 10 on the shelf are this account's share: 25 wait, not 20.
    expect(set.json<Cart>().lines[0]).toMatchObject({ quantity: 30, backordered: 25 });
    const delivery = await inject(ctx.app, 'GET /api/cart/delivery', {
      query: { shippingAddressId: (await givenDelivery(ctx.app, who)).shippingAddressId },
      as: who,
    });
    expect(delivery.statusCode, delivery.body).toBe(200);
    expect(delivery.json().lines[0]).toMatchObject({ reserved: 5, backordered: 25 });
    const placed = await shop.checkout(`share-${randomUUID()}`, await givenDelivery(ctx.app, who));
    expect(placed.json<Order>().lines[0]).toMatchObject({ reserved: 5, backordered: 25 });
  });

  it('still refuses a line beyond the stock of a part that does not allow backorders', async () => {
    const part = await insertProduct(ctx.db, { stock: 5, moq: 1 });
    const res = await asCustomer(ctx.app, buyer).setLine(part.id, 12);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Only 5 in stock');
  });

  it('does not count backordered pieces toward the share of a shelf one account may hold', async () => {
    const part = await backorderPart(0);
    // Stock 0: a share of nothing, but nothing is taken from the shelf.
    const order = await checkoutLine(buyer, part.id, 40);
    expect(order.lines[0]).toMatchObject({ reserved: 0, backordered: 40 });
  });
});

describe('receiving stock allocates it to backordered lines', () => {
  it('goes to paid orders first, then unpaid ones, oldest first, each a reserved movement naming the order', async () => {
    const part = await backorderPart(0, 'Torque wrench');
    const unpaidOld = await checkoutLine(early, part.id, 4);
    const paidNew = await checkoutLine(buyer, part.id, 12);
    expect((await payOrder(ctx.app, buyer, paidNew._id)).statusCode).toBe(200);
    const unpaidNew = await checkoutLine(buyer, part.id, 5);

    const res = await receive(part.id, 3);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ stock: 0, movement: { delta: 3, reason: 'received' } });
    expect((await getOrder(paidNew._id)).lines[0]).toMatchObject({ reserved: 3, backordered: 9 });

    await receive(part.id, 11);
    expect((await getOrder(paidNew._id)).lines[0]).toMatchObject({ reserved: 12, backordered: 0 });
    expect((await getOrder(unpaidOld._id)).lines[0]).toMatchObject({ reserved: 2, backordered: 2 });
    expect((await getOrder(unpaidNew._id)).lines[0]).toMatchObject({ reserved: 0, backordered: 5 });
    expect(await stockOf(part.id)).toBe(0);

    const allocated = await ctx.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.productId, part.id), eq(stockMovements.reason, 'reserved')))
      .orderBy(stockMovements.id);
    expect(allocated.map((m) => [m.orderId, m.delta])).toEqual([
      [paidNew._id, -3],
      [paidNew._id, -9],
      [unpaidOld._id, -2],
    ]);
    await expectLedgerAddsUp();
  });

  it('mails the buyer how many are in and shows it on the order timeline', async () => {
    const part = await backorderPart(0, 'Torque wrench');
    const order = await checkoutLine(buyer, part.id, 12);
    expect((await payOrder(ctx.app, buyer, order._id)).statusCode).toBe(200);
    await receive(part.id, 3);
    const after = await getOrder(order._id);
    const entry = after.timeline.find((e) => e.event === 'backorder_allocated');
    expect(entry?.detail).toBe('3 of 12 × Torque wrench in; 9 still on backorder');
    await expect
      .poll(
        () =>
          outboxFor(ctx.config.dataDir, buyer.email).some(
            (m) => m.subject === `Order #${order.number}: 3 of your 12 × Torque wrench are in`,
          ),
        { timeout: 10_000 },
      )
      .toBe(true);
  });

  it('leaves what no line waits for on the shelf', async () => {
    const part = await backorderPart(0);
    const order = await checkoutLine(buyer, part.id, 2);
    expect((await payOrder(ctx.app, buyer, order._id)).statusCode).toBe(200);
    const res = await receive(part.id, 10);
    expect(res.json()).toMatchObject({ stock: 8 });
    expect(await stockOf(part.id)).toBe(8);
  });

  it('allocates nothing on other movements (a count)', async () => {
    const part = await backorderPart(0);
    const order = await checkoutLine(buyer, part.id, 2);
    const res = await inject(ctx.app, 'POST /api/tools/:id/stock-movements', {
      params: { id: part.id },
      body: { delta: 5, reason: 'correction' },
      as: admin,
    });
    expect(res.statusCode).toBe(201);
    expect((await getOrder(order._id)).lines[0]).toMatchObject({ reserved: 0, backordered: 2 });
  });
});

describe('shipping an order with backorders', () => {
  it('ships the reserved pieces of a ship-now order and the rest once they are in', async () => {
    const part = await backorderPart(0);
    const order = await checkoutLine(buyer, part.id, 10);
    expect((await payOrder(ctx.app, buyer, order._id)).statusCode).toBe(200);
    await receive(part.id, 4);
    const tooMany = await ship(order._id, part.id, 5);
    expect(tooMany.statusCode).toBe(400);
    expect((await ship(order._id, part.id, 4)).statusCode).toBe(201);
    const nothing = await shipRest(order._id);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toContain('6 × Torque wrench on backorder');
    expect((await getOrder(order._id)).status).toBe('partially_shipped');
    await receive(part.id, 6);
    const rest = await shipRest(order._id);
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json<Order>().status).toBe('shipped');
  });

  it('refuses to ship a ship-together order until every line is allocated (409)', async () => {
    const part = await backorderPart(4);
    const order = await checkoutLine(buyer, part.id, 10, true);
    expect(order.shipTogether).toBe(true);
    expect((await payOrder(ctx.app, buyer, order._id)).statusCode).toBe(200);
    expect(order.lines[0]).toMatchObject({ reserved: 2, backordered: 8 });
    const refused = await ship(order._id, part.id, 2);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('ships together');
    // The 2 left on the shelf and 6 received make up the 8 it waits for.
    await receive(part.id, 6);
    const shipped = await shipRest(order._id);
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json<Order>().status).toBe('shipped');
  });
});

describe('holds and money', () => {
  it('charges the whole quantity, backordered pieces included', async () => {
    const part = await backorderPart(2);
    const order = await checkoutLine(buyer, part.id, 10);
    expect(order.totalPrice).toBe(100);
    const paid = await payOrder(ctx.app, buyer, order._id);
    expect(paid.json<Order>()).toMatchObject({ paid: true, amountTotal: order.grandTotal });
  });

  it("lets an unpaid order's backorder lapse with its hold, giving back only what was reserved", async () => {
    const part = await backorderPart(3);
    const order = await checkoutLine(buyer, part.id, 10);
    await endHolds(ctx.db, order._id);
    await expireHeldOrders(ctx.db, createReadCache());
    const after = await getOrder(order._id);
    expect(after.status).toBe('expired');
    expect(after.lines[0]).toMatchObject({ reserved: 1, backordered: 0 });
    expect(await stockOf(part.id)).toBe(3);
    // A receipt now finds nothing waiting.
    expect((await receive(part.id, 5)).json()).toMatchObject({ stock: 8 });
    await expectLedgerAddsUp();
  });

  it("keeps a paid order's place until it is allocated, after younger unpaid orders expired", async () => {
    const part = await backorderPart(0);
    const paid = await checkoutLine(buyer, part.id, 6);
    expect((await payOrder(ctx.app, buyer, paid._id)).statusCode).toBe(200);
    await endHolds(ctx.db, paid._id);
    await expireHeldOrders(ctx.db, createReadCache());
    expect((await getOrder(paid._id)).lines[0]).toMatchObject({ backordered: 6 });
    await receive(part.id, 6);
    expect((await getOrder(paid._id)).lines[0]).toMatchObject({ reserved: 6, backordered: 0 });
  });
});
